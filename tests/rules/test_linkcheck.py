"""Crawl every page reachable from ``/`` and ``/ti4/`` of the real content and
check that no internal link, anchor, form, preview or static file is broken."""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from rules.models import Game

pytestmark = pytest.mark.django_db

START = ("/", "/ti4/")
SKIPPED = ("/static/", "/admin/", "/api/")
# Links that differ only in their query string (card filters, the oracle
# preloaded with each card) reach the same view: a few of each are enough.
QUERY_VARIANTS = 4
HOST = "http://testserver"


class _Page(HTMLParser):
    """What one page links to, and the anchors it offers."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.forms: list[str] = []
        self.xrefs: set[str] = set()
        self.assets: list[str] = []
        self.feeds: list[str] = []
        self.canonical: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {name: value or "" for name, value in attrs}
        if "id" in attr:
            self.ids.add(attr["id"])
        if tag == "a" and "href" in attr:
            self.links.append(attr["href"])
        if "data-xref" in attr:
            self.xrefs.add(attr["data-xref"])
        if tag == "form":
            self.forms.append(attr.get("action", ""))
        if tag == "script" and "src" in attr:
            self.assets.append(attr["src"])
        if tag == "link" and attr.get("rel") == "canonical":
            self.canonical = attr["href"]
        elif tag == "link" and attr.get("rel") == "alternate":
            self.feeds.append(attr["href"])
        elif tag == "link" and "href" in attr:
            self.assets.append(attr["href"])


@dataclass
class Crawl:
    pages: dict[str, _Page] = field(default_factory=dict)
    redirects: dict[str, str] = field(default_factory=dict)
    broken: dict[str, int] = field(default_factory=dict)
    # Documents that are not pages (the Atom feed), by content type.
    documents: dict[str, str] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)

    def final(self, url: str) -> tuple[str, str]:
        """Where ``url`` lands after redirects: (path with query, fragment)."""
        fragment = ""
        for _ in range(5):
            base, _, own = url.partition("#")
            fragment = own or fragment
            if base not in self.redirects:
                return base, fragment
            url = self.redirects[base]
        raise AssertionError(f"redirect loop at {url}")


def internal(url: str) -> str | None:
    """``url`` as a local path (with query and fragment), or None if external."""
    parts = urlsplit(url)
    if parts.scheme and f"{parts.scheme}://{parts.netloc}" != HOST:
        return None
    local = parts.path + (f"?{parts.query}" if parts.query else "")
    return local + (f"#{parts.fragment}" if parts.fragment else "")


def crawl(client: Client, start: tuple[str, ...]) -> Crawl:
    found = Crawl()
    queue = deque(start)
    variants: Counter[str] = Counter()
    while queue:
        url = queue.popleft()
        if url in found.pages or url in found.redirects or url in found.broken:
            continue
        path, _, query = url.partition("?")
        if query:
            variants[path] += 1
            if variants[path] > QUERY_VARIANTS:
                continue
        response = client.get(url)
        if response.status_code in {301, 302}:
            found.redirects[url] = response["Location"]
            queue.append(response["Location"].partition("#")[0])
            continue
        if response.status_code != 200:
            found.broken[url] = response.status_code
            continue
        if not response["Content-Type"].startswith("text/html"):
            found.documents[url] = response["Content-Type"]
            continue
        page = found.pages[url] = _Page()
        page.feed(response.content.decode())
        for href in page.links:
            target = internal(urljoin(url, href))
            if target is None or target.startswith(SKIPPED):
                continue
            found.links.append((url, target))
            queue.append(target.partition("#")[0])
    return found


@pytest.fixture(scope="module")
def site(real_content: None, django_db_blocker: Any) -> Crawl:
    """One crawl for the whole module: the real content is loaded once per
    session, outside the test transactions."""
    with django_db_blocker.unblock():
        return crawl(Client(), START)


def test_crawl_reaches_every_topic_card_ruling_and_the_glossary(
    site: Crawl, ti4: Game
) -> None:
    expected = {
        *(topic.get_absolute_url() for topic in ti4.topics.all()),
        *(card.get_absolute_url() for card in ti4.cards.all()),
        *(ruling.get_absolute_url() for ruling in ti4.rulings.all()),
        f"/{ti4.slug}/glossary/",
        f"/{ti4.slug}/rules/",
        f"/{ti4.slug}/cards/",
        f"/{ti4.slug}/rulings/",
    }

    assert expected - set(site.pages) == set()
    assert len(site.pages) > ti4.topics.count() + ti4.cards.count()


def test_no_internal_link_is_broken(site: Crawl) -> None:
    assert site.broken == {}


def test_every_link_anchor_exists_on_its_target_page(site: Crawl) -> None:
    missing = []
    for source, target in site.links:
        page, fragment = site.final(target)
        if fragment and page in site.pages and fragment not in site.pages[page].ids:
            missing.append(f"{source} → {target}")

    assert missing == []


def test_every_rule_permalink_lands_on_its_anchor(site: Crawl, ti4: Game) -> None:
    for rule_id in ti4.rules.values_list("rule_id", flat=True):
        page, fragment = site.final(f"/{ti4.slug}/rules/{rule_id}/")
        # The topic page, told the rule (?rule=): the crawl reads each topic
        # once, without the query, as the query changes no anchor.
        topic, _, query = page.partition("?")
        assert query == f"rule={rule_id}"
        assert fragment == rule_id and rule_id in site.pages[topic].ids


def test_every_cross_link_has_a_preview(client: Client, site: Crawl) -> None:
    xrefs = {xref for page in site.pages.values() for xref in page.xrefs}
    failures = []
    for xref in sorted(xrefs):
        kind, _, key = xref.partition(":")
        response = client.get(f"/ti4/preview/{kind}/{key}/")
        if response.status_code != 200:
            failures.append(xref)

    assert xrefs and failures == []


def test_forms_canonical_urls_and_static_files_resolve(
    client: Client, site: Crawl
) -> None:
    actions = {action for page in site.pages.values() for action in page.forms}
    assets = {asset for page in site.pages.values() for asset in page.assets}

    for action in actions:
        assert client.get(action).status_code == 200, action
    for asset in assets:
        assert asset.startswith("/static/")
        assert finders.find(asset.removeprefix("/static/")), asset
    for url, page in site.pages.items():
        assert page.canonical == HOST + url.partition("?")[0], url
    feeds = {feed for page in site.pages.values() for feed in page.feeds}
    assert feeds == {"/ti4/new/feed.atom"}
    assert site.documents["/ti4/new/feed.atom"].startswith("application/atom+xml")


def test_crawl_follows_the_card_filter_links(site: Crawl) -> None:
    assert any(url.startswith("/ti4/cards/?") for url in site.pages)
