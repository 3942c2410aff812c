"""A rule permalink shares as that rule (Open Graph and Twitter tags with its
own text) and lands on its topic with the rule's parent shown above it; every
other page has Open Graph tags of its own. Demo game of tests/builders.py."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from rules.content.loader import load_game
from rules.models import Game
from tests.builders import TOPIC_CARDS, write_game

LONG_RULE = (
    "2.2 Hand limit is seven, **unless** an effect says otherwise: "
    + "a player who holds more cards than the limit discards down to it " * 4
    + "at once."
)


@pytest.fixture
def demo(db: Any, tmp_path: Path) -> Game:
    load_game(write_game(tmp_path))
    return Game.objects.get(slug="demo")


def landing(client: Client, rule_id: str) -> str:
    """The page a rule permalink leads to, as a link preview fetches it."""
    response = client.get(f"/demo/rules/{rule_id}/", follow=True)
    assert response.status_code == 200
    return response.content.decode()


def meta(page: str, key: str) -> str:
    match = re.search(rf'<meta (?:property|name)="{key}" content="([^"]*)">', page)
    assert match, f"no {key}"
    return unescape(match[1])


def test_a_permalink_lands_on_the_rule_in_its_topic_page(
    client: Client, demo: Game
) -> None:
    response = client.get("/demo/rules/2.2a/")

    assert response.status_code == 301
    assert response["Location"] == "/demo/rules/cards/?rule=2.2a#2.2a"


@pytest.mark.parametrize(
    ("rule_id", "text"),
    [
        ("2.2a", "Effects may change the limit."),
        # Cross-links read as their labels: no Markdown, no HTML.
        ("2.1", "Draw one card each turn; see Cancel."),
        ("2.N1", "A note with a source, citing 2.2a."),
    ],
)
def test_a_shared_rule_link_previews_that_rule(
    client: Client, demo: Game, rule_id: str, text: str
) -> None:
    page = landing(client, rule_id)

    assert meta(page, "og:description") == text
    assert meta(page, "twitter:description") == text
    what = "Note" if ".N" in rule_id else "Rule"
    assert meta(page, "og:title") == f"{what} {rule_id} — Cards (Demo)"
    assert meta(page, "twitter:title") == meta(page, "og:title")
    assert meta(page, "twitter:card") == "summary"
    assert meta(page, "og:type") == "article"
    assert meta(page, "og:site_name") == "Rulesite"
    assert meta(page, "og:url") == f"http://testserver/demo/rules/cards/?rule={rule_id}"
    # One page for search engines, whichever rule was asked for.
    assert '<link rel="canonical" href="http://testserver/demo/rules/cards/">' in page


def test_a_long_rule_is_cut_at_a_word_for_its_preview(
    client: Client, tmp_path: Path, db: Any
) -> None:
    topic = TOPIC_CARDS.replace("2.2 Hand limit is seven.", LONG_RULE)
    load_game(write_game(tmp_path, **{"topics__002-cards.md": topic}))

    description = meta(landing(client, "2.2"), "og:description")

    assert description.startswith("Hand limit is seven, unless an effect says")
    assert len(description) <= 200 and description.endswith("…")
    assert re.search(r"\w…$", description) and "*" not in description


def test_a_sub_rule_shows_its_parent_rule_above_it(client: Client, demo: Game) -> None:
    page = landing(client, "2.2a")

    item = page[page.index('<li id="2.2a"') :]
    context = item[: item.index('<div class="rule-row">')]
    assert 'class="rule subrule jumped"' in item[:60]
    assert 'Part of rule <a href="#2.2">2.2</a>' in context
    assert "Hand limit is seven." in context


@pytest.mark.parametrize("rule_id", ["2.2", "2.N1"])
def test_a_top_level_rule_shows_no_parent(
    client: Client, demo: Game, rule_id: str
) -> None:
    page = landing(client, rule_id)

    assert f'<li id="{rule_id}" class="rule' in page
    assert "rule-context" not in page and "Part of rule" not in page


@pytest.mark.parametrize(
    "query", ["", "?rule=1.1", "?rule=9.9", "?rule=2.2a" + "x" * 80]
)
def test_a_topic_page_without_its_own_rule_in_the_query_previews_the_topic(
    client: Client, demo: Game, query: str
) -> None:
    response = client.get(f"/demo/rules/cards/{query}")
    page = response.content.decode()

    assert response.status_code == 200
    assert meta(page, "og:title") == "2 Cards — Demo rules"
    assert meta(page, "og:description") == "How cards work, see Turns."
    assert meta(page, "og:url") == "http://testserver/demo/rules/cards/"
    assert "jumped" not in page


@pytest.mark.parametrize(
    ("url", "title"),
    [
        ("/", "Rulesite"),
        ("/demo/cards/cancel/", "Cancel"),
        ("/demo/rulings/cancel-a-cancel/", "Can a Cancel be cancelled?"),
        ("/demo/glossary/", "Glossary — Demo — Rulesite"),
    ],
)
def test_every_page_has_open_graph_tags_of_its_own(
    client: Client, demo: Game, url: str, title: str
) -> None:
    response = client.get(url)
    page = response.content.decode()

    assert response.status_code == 200
    assert title in meta(page, "og:title")
    assert meta(page, "og:title") == re.search(r"<title>(.*)</title>", page)[1]  # type: ignore[index]
    assert meta(page, "og:description") == unescape(
        re.search(r'<meta name="description" content="([^"]*)">', page)[1]  # type: ignore[index]
    )
    assert meta(page, "og:url") == f"http://testserver{url}"
    assert meta(page, "og:site_name") == "Rulesite"
    assert meta(page, "twitter:card") == "summary"
