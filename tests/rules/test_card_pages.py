"""Component pages: a type's own fields, notes, revised cards, faction pages
that group the faction's parts, and the faction filter of the card list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.content.loader import load_game
from rules.models import Game
from tests.components import CRUISER, CRUISER_II, components
from tests.rules.test_views import html

FACTION_TECH = """\
slug: {slug}
name: {name}
type: technology
expansion: base
effect: A faction technology.
faction: blue-folk
attrs:
  colour: blue
"""


def with_faction(text: str) -> str:
    return text.replace("type:", "faction: blue-folk\ntype:", 1)


@pytest.fixture
def game(db: Any, tmp_path: Path) -> Game:
    load_game(
        components(
            tmp_path,
            **{
                "cards__cruiser.yaml": with_faction(CRUISER),
                "cards__cruiser-ii.yaml": with_faction(CRUISER_II),
            },
        )
    )
    return Game.objects.get(slug="demo")


def test_unit_page_shows_its_stats_with_their_labels(
    client: Client, game: Game
) -> None:
    page = html(client.get("/demo/cards/cruiser/"))

    stats = page[page.index('class="facts card-attrs"') :]
    assert '<dt>Cost</dt><dd class="attr-text" data-attr="cost">2</dd>' in stats
    assert '<dt>Pieces</dt><dd class="attr-int" data-attr="plastic_limit">8</dd>' in (
        stats
    )
    assert "Sustain Damage" in stats
    assert 'href="/demo/cards/cruiser-ii/"' in stats  # its upgrade


def test_agenda_page_shows_outcomes_and_the_card_it_replaces(
    client: Client, game: Game
) -> None:
    page = html(client.get("/demo/cards/vote/"))

    assert "<dt>For</dt>" in page and "Nothing happens." in page
    assert "<dt>Replaces</dt>" in page and 'href="/demo/cards/old-vote/"' in page
    older = html(client.get("/demo/cards/old-vote/"))
    assert "<dt>Revised as</dt>" in older and 'href="/demo/cards/vote/"' in older


def test_notes_show_with_their_source_and_date(client: Client, game: Game) -> None:
    page = html(client.get("/demo/cards/cruiser/"))

    notes = page[page.index('id="notes-heading"') :]
    assert "Cruisers fly" in notes
    assert "Community ruling" in notes and "2024-05-06" in notes


def test_faction_page_groups_its_parts_by_type(client: Client, game: Game) -> None:
    page = html(client.get("/demo/cards/blue-folk/"))

    parts = page[page.index('class="faction-parts"') :]
    technology = parts.index('data-type="technology"')
    unit = parts.index('data-type="unit"')
    assert unit < technology  # the order of card_types in game.yaml
    assert parts.count('href="/demo/cards/cruiser-ii/"') == 1
    assert parts.count('href="/demo/cards/cruiser/"') == 1
    assert 'href="/demo/cards/blue-folk/"' not in parts  # not a part of itself


def test_part_page_links_its_faction(client: Client, game: Game) -> None:
    page = html(client.get("/demo/cards/cruiser/"))

    assert "Unit of The Blue Folk" in page
    assert '<a href="/demo/cards/blue-folk/" data-xref="card:blue-folk">' in page


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [
        ({"faction": "blue-folk"}, "cruiser", "vote"),
        ({"type": "agenda"}, "vote", "cruiser"),
    ],
)
def test_card_list_filters_by_faction_and_type(
    client: Client, game: Game, query: dict[str, str], shown: str, hidden: str
) -> None:
    page = html(client.get("/demo/cards/", query))

    assert f'href="/demo/cards/{shown}/"' in page
    assert f'href="/demo/cards/{hidden}/"' not in page


def queries_of(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        html(client.get(url))
    return len(queries)


@pytest.mark.parametrize("url", ["/demo/cards/blue-folk/", "/demo/cards/"])
def test_faction_page_and_card_list_queries_do_not_grow_with_cards(
    client: Client, db: Any, tmp_path: Path, url: str
) -> None:
    extra = {
        f"cards__tech-{n}.yaml": FACTION_TECH.format(slug=f"tech-{n}", name=f"T{n}")
        for n in range(8)
    }
    load_game(components(tmp_path / "few"))
    few = queries_of(client, url)
    load_game(components(tmp_path / "many", **extra))
    many = queries_of(client, url)

    assert many == few


def test_preview_of_a_part_names_its_faction(client: Client, game: Game) -> None:
    data = client.get("/demo/preview/card/cruiser/").json()

    assert data["meta"] == "Unit · The Blue Folk · Base game"


def test_faction_parts_of_a_type_follow_their_choices_order(
    client: Client, db: Any, tmp_path: Path
) -> None:
    zed = FACTION_TECH.format(slug="zed", name="Zed")  # blue, declared before green
    load_game(
        components(
            tmp_path,
            **{
                "cards__cruiser-ii.yaml": with_faction(CRUISER_II),
                "cards__zed.yaml": zed,
            },
        )
    )
    page = html(client.get("/demo/cards/blue-folk/"))

    parts = page[page.index('class="faction-parts"') :]
    assert parts.index("/demo/cards/zed/") < parts.index("/demo/cards/cruiser-ii/")
