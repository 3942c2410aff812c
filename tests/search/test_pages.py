"""The results page and the search box every page can include."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client

from rules.search import search

TEMPLATES = Path(settings.BASE_DIR) / "templates" / "rules"
SCRIPT = Path(settings.BASE_DIR) / "rulesite" / "static" / "rulesite" / "search.js"


def test_results_are_grouped_by_kind_with_marked_snippets(
    indexed: Any, client: Client
) -> None:
    page = client.get("/ti4/search/", {"q": "retreat"}).content.decode()

    headings = re.findall(r'<h2 id="group-(\w+)">', page)
    results = search(indexed, "retreat")
    assert headings == [group.kind for group in results.groups]
    assert '<a class="search-hit-title" href="/ti4/cards/skilled-retreat/">' in page
    assert "<mark>Retreat</mark>" in page
    assert f"{results.total} results" in page


def test_page_links_to_the_next_and_previous_pages(
    indexed: Any, client: Client
) -> None:
    first = client.get("/ti4/search/", {"q": "action"}).content.decode()
    second = client.get("/ti4/search/", {"q": "action", "page": 2}).content.decode()

    assert 'rel="next" href="/ti4/search/?q=action&amp;page=2"' in first
    assert 'rel="prev"' not in first
    assert 'rel="prev" href="/ti4/search/?q=action&amp;page=1"' in second


def test_page_says_which_spelling_it_searched(indexed: Any, client: Client) -> None:
    page = client.get("/ti4/search/", {"q": "sabotge"}).content.decode()

    assert "showing results for" in page
    assert '<a href="/ti4/search/?q=sabotage&amp;page=1"><q>sabotage</q></a>' in page


def test_page_with_no_result_says_so(indexed: Any, client: Client) -> None:
    page = client.get("/ti4/search/", {"q": "zyzzyva"}).content.decode()

    assert "Nothing matches <q>zyzzyva</q>" in page


def test_page_keeps_the_query_in_the_box(indexed: Any, client: Client) -> None:
    page = client.get("/ti4/search/", {"q": '"hand" <b>'}).content.decode()

    assert 'value="&quot;hand&quot; &lt;b&gt;"' in page


def test_page_has_no_inline_script(indexed: Any, client: Client) -> None:
    page = client.get("/ti4/search/", {"q": "speaker"}).content.decode()

    for tag in re.findall(r"<script[^>]*>", page):
        assert " src=" in tag


def test_search_box_is_a_get_form_to_the_results_page(indexed: Any) -> None:
    html = render_to_string("rules/_search_box.html", {"game": indexed})

    assert 'method="get" action="/ti4/search/"' in html
    assert 'data-suggest-url="/ti4/search/suggestions/"' in html
    assert 'id="site-search"' in html and 'name="q"' in html
    assert re.search(r'<script src="[^"]*rulesite/search\.js" defer></script>', html)


def test_search_box_renders_nothing_without_a_game(db: Any) -> None:
    assert render_to_string("rules/_search_box.html", {}).strip() == ""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_search_script_is_valid_javascript() -> None:
    subprocess.run(["node", "--check", str(SCRIPT)], check=True)


def test_search_script_fetches_the_api_and_focuses_on_slash() -> None:
    script = SCRIPT.read_text()

    assert "data-suggest-url" in script
    assert 'prefix: "1"' in script
    assert 'event.key !== "/"' in script
    assert 'setAttribute("role", "listbox")' in script
    assert "http" not in script.replace("https://", "")  # no CDN, same origin
