"""The JSON previews behind cross-links: one small document per target."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.content.loader import load_game
from rules.models import Game
from tests.builders import write_game


@pytest.fixture
def demo(db: Any, tmp_path: Path) -> Game:
    cache.clear()
    load_game(write_game(tmp_path))
    return Game.objects.get(slug="demo")


EXPECTED = {
    "rule/2.2a": ("Rule 2.2a", "Effects may change the limit.", "cards/#2.2a"),
    "rule/2.N1": ("Note 2.N1", "A note with a source, citing 2.2a.", "cards/#2.N1"),
    "card/cancel": (
        "Cancel",
        "When another player plays a card — Cancel that card; see 2.1.",
        "/demo/cards/cancel/",
    ),
    "term/active-player": (
        "active player",
        "The player whose turn it is.",
        "/demo/glossary/#term-active-player",
    ),
    "topic/turns": ("1 Turns", "Players take turns.", "/demo/rules/turns/"),
    "ruling/cancel-a-cancel": (
        "Can a Cancel be cancelled?",
        "Yes: Cancel may target another Cancel.",
        "/demo/rulings/cancel-a-cancel/",
    ),
}


@pytest.mark.parametrize("target", EXPECTED)
def test_preview_gives_title_plain_text_and_url(
    client: Client, demo: Game, target: str
) -> None:
    title, text, url = EXPECTED[target]

    response = client.get(f"/demo/preview/{target}/")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    data = response.json()
    assert f"{data['kind']}/{data['key']}" == target
    assert data["title"] == title and data["text"] == text
    assert data["url"].endswith(url)
    assert "<" not in data["text"]


def test_card_preview_names_type_and_expansion(client: Client, demo: Game) -> None:
    data = client.get("/demo/preview/card/cancel/").json()

    assert data["meta"] == "Action card · Base game"


def test_preview_of_long_text_is_cut_at_a_word(client: Client, demo: Game) -> None:
    demo.rules.filter(rule_id="2.1").update(text_html="<p>" + "word " * 200 + "</p>")

    text = client.get("/demo/preview/rule/2.1/").json()["text"]

    assert len(text) <= 320 and text.endswith("…")


@pytest.mark.parametrize(
    "url",
    [
        "/demo/preview/card/nope/",
        "/demo/preview/rule/9.9/",
        "/demo/preview/spell/cancel/",
        "/demo/preview/card/a%20b/",
        "/nope/preview/card/cancel/",
    ],
)
def test_unknown_preview_is_a_json_404(client: Client, demo: Game, url: str) -> None:
    response = client.get(url)

    assert response.status_code == 404
    assert response.json() == {"error": "no such target"}


def card_queries(client: Client, url: str) -> tuple[int, Any]:
    """How many queries reading cards ``url`` runs, and its response."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return sum("rules_card" in query["sql"] for query in queries), response


def test_preview_is_cached_and_cacheable(client: Client, demo: Game) -> None:
    first_queries, first = card_queries(client, "/demo/preview/card/cancel/")
    second_queries, second = card_queries(client, "/demo/preview/card/cancel/")

    assert (first_queries, second_queries) == (1, 0)
    assert first.json() == second.json()
    assert "max-age=300" in second["Cache-Control"]
    assert "public" in second["Cache-Control"]


def test_preview_cache_follows_the_content_version(client: Client, demo: Game) -> None:
    client.get("/demo/preview/topic/turns/")
    demo.topics.filter(slug="turns").update(summary_html="<p>Changed.</p>")
    Game.objects.filter(pk=demo.pk).update(content_version="next")

    assert client.get("/demo/preview/topic/turns/").json()["text"] == "Changed."


def test_pages_give_scripts_the_preview_url_pattern(client: Client, demo: Game) -> None:
    page = client.get("/demo/rules/cards/").content.decode()

    assert 'data-preview-url="/demo/preview/KIND/KEY/"' in page
    assert "/static/rulesite/previews.js" in page
    assert 'data-xref="card:cancel"' in page
