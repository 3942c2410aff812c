"""Snippets and titles are HTML-escaped; only the ``<mark>`` around matched
words is markup."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.models import Game
from rules.search import build_index, memory_index, search
from tests.search.documents import doc

HOSTILE = doc(
    "9.1",
    "9.1",
    "Typing <script>alert('x')</script> & <b>bold</b> in a rule does nothing.",
    context='Topic "quoted" <i>',
)
CARD = doc(
    "evil",
    "<img src=x onerror=alert(1)> Evil Card",
    "Plays a <script>card</script>.",
    kind="card",
)
LONG = doc("9.2", "9.2", " ".join(["filler"] * 80) + " needle " + "tail " * 40)


@pytest.fixture(scope="module")
def hostile() -> Any:
    return memory_index([HOSTILE, CARD, LONG])


def test_snippet_escapes_html_in_the_text(hostile: Any) -> None:
    hit = search("demo", "typing", index=hostile).hits[0]

    assert "<script>" not in hit.snippet
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in hit.snippet
    assert "&amp; &lt;b&gt;bold&lt;/b&gt;" in hit.snippet
    assert hit.snippet.startswith("<mark>Typing</mark> ")


def test_a_matched_word_inside_hostile_text_is_marked_and_escaped(
    hostile: Any,
) -> None:
    hit = search("demo", "script", index=hostile).hits[0]

    assert "&lt;<mark>script</mark>&gt;" in hit.snippet
    assert "<script" not in hit.snippet


def test_title_is_escaped_and_marked(hostile: Any) -> None:
    hit = search("demo", "evil", kind="card", index=hostile).hits[0]

    assert hit.title_html == "&lt;img src=x onerror=alert(1)&gt; <mark>Evil</mark> Card"


def test_every_markup_tag_is_a_mark(hostile: Any) -> None:
    for query in ["script", "alert", "bold", "card", "rule"]:
        for hit in search("demo", query, index=hostile).hits:
            for html in (hit.snippet, hit.title_html):
                tags = html.replace("<mark>", "").replace("</mark>", "")
                assert "<" not in tags and ">" not in tags


def test_long_text_is_cut_around_the_first_match(hostile: Any) -> None:
    snippet = search("demo", "needle", index=hostile).hits[0].snippet

    assert "<mark>needle</mark>" in snippet
    assert snippet.startswith("… ") and snippet.endswith(" …")
    assert len(snippet) < 300


def test_stemmed_forms_are_all_marked() -> None:
    index = memory_index([doc("1.1", "1.1", "Draw, draws, drawing; drawn stays.")])

    snippet = search("demo", "draw", index=index).hits[0].snippet

    assert snippet == (
        "<mark>Draw</mark>, <mark>draws</mark>, <mark>drawing</mark>; drawn stays."
    )


@pytest.fixture
def hostile_live(db: Any, settings: Any, tmp_path: Any) -> None:
    """The hostile documents as the live index of a ``demo`` game."""
    Game.objects.create(slug="demo", name="Demo", short_name="Demo")
    settings.SEARCH_INDEX_DIR = tmp_path
    build_index(documents=[HOSTILE, CARD])


def test_page_shows_hostile_text_escaped(hostile_live: None, client: Client) -> None:
    page = client.get("/demo/search/", {"q": "script"}).content.decode()

    assert "&lt;<mark>script</mark>&gt;alert" in page
    assert "<script>alert" not in page
    assert "<img src=x" not in page


def test_api_returns_escaped_snippets(hostile_live: None, client: Client) -> None:
    body = client.get("/api/v1/demo/search/", {"q": "script"}).json()

    snippets = [hit["snippet"] for hit in body["results"]]
    assert all("<script" not in snippet for snippet in snippets)
    assert any("&lt;<mark>script</mark>&gt;" in snippet for snippet in snippets)
