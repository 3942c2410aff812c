"""Components in the API: each type's own fields, notes, revised cards and
factions on cards; the type and faction filters; card_fields on the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.content.loader import load_game
from rules.models import Game
from tests.api.helpers import BASE, assert_error, get_json, ids
from tests.components import CRUISER, components

PART = """\
slug: {slug}
name: {name}
type: technology
expansion: base
effect: A faction technology.
faction: blue-folk
attrs:
  colour: blue
"""


@pytest.fixture
def demo(db: Any, tmp_path: Path) -> Game:
    cruiser = CRUISER.replace("type:", "faction: blue-folk\ntype:", 1)
    load_game(components(tmp_path, **{"cards__cruiser.yaml": cruiser}))
    return Game.objects.get(slug="demo")


def test_card_carries_its_attrs_notes_and_faction(client: Client, demo: Game) -> None:
    card = get_json(client, "/api/v1/demo/cards/cruiser/")

    assert card["attrs"] == {
        "cost": "2",
        "combat": "7",
        "plastic_limit": 8,
        "abilities": ["Sustain Damage"],
        "upgrade": "cruiser-ii",
    }
    assert card["attrs_html"]["plastic_limit"] == "8"
    assert 'href="/demo/cards/cruiser-ii/"' in card["attrs_html"]["upgrade"]
    assert card["faction"] == "blue-folk"
    (note,) = card["notes"]
    assert note["source"] == "community" and note["date"] == "2024-05-06"
    assert note["text_md"] == "Cruisers fly; see [[rule:2.1]]."
    assert 'href="/demo/rules/cards/#2.1"' in note["text_html"]


def test_revised_cards_point_both_ways(client: Client, demo: Game) -> None:
    vote = get_json(client, "/api/v1/demo/cards/vote/")
    old = get_json(client, "/api/v1/demo/cards/old-vote/")

    assert vote["replaces"] == {
        "id": "old-vote",
        "name": "Old Vote",
        "url": f"{BASE}/api/v1/demo/cards/old-vote/",
        "web_url": f"{BASE}/demo/cards/old-vote/",
    }
    assert ids(old["revised_as"]) == ["vote"]
    assert old["replaces"] is None
    assert vote["attrs"]["outcomes"][1] == {
        "outcome": "Against",
        "effect": "Nothing happens.",
    }


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("type=unit", ["cruiser"]),
        ("type=agenda", ["old-vote", "vote"]),
        ("faction=blue-folk", ["cruiser", "blue-folk"]),  # by name
        ("faction=blue-folk&type=unit", ["cruiser"]),
    ],
)
def test_filters_cards_by_type_and_faction(
    client: Client, demo: Game, query: str, expected: list[str]
) -> None:
    body = get_json(client, f"/api/v1/demo/cards/?{query}")

    assert ids(body["results"]) == expected


def test_unknown_faction_is_a_400_naming_the_parameter(
    client: Client, demo: Game
) -> None:
    error = assert_error(
        client.get("/api/v1/demo/cards/?faction=red-folk"), 400, "invalid"
    )

    assert "red-folk" in error["details"]["faction"][0]


def test_game_declares_its_card_fields(client: Client, demo: Game) -> None:
    game = get_json(client, "/api/v1/games/demo/")

    unit = game["card_fields"]["unit"]
    assert unit[2] == {
        "key": "plastic_limit",
        "kind": "int",
        "label": "Pieces",
        "choices": {},
        "card_types": [],
        "required": False,
    }
    assert game["vocabularies"]["factions"] == {"blue-folk": "The Blue Folk"}


def test_bulk_document_carries_the_attrs(client: Client, demo: Game) -> None:
    bulk = get_json(client, "/api/v1/demo/bulk/")

    cards = {card["id"]: card for card in bulk["cards"]}
    assert cards["cruiser"]["attrs"]["plastic_limit"] == 8
    assert cards["vote"]["replaces"]["id"] == "old-vote"
    assert "card_fields" in bulk["game"]


def list_queries(client: Client) -> int:
    with CaptureQueriesContext(connection) as queries:
        get_json(client, "/api/v1/demo/cards/")
    return len(queries)


def test_card_list_queries_do_not_grow_with_cards(
    client: Client, db: Any, tmp_path: Path
) -> None:
    load_game(components(tmp_path / "few"))
    few = list_queries(client)
    more = {
        f"cards__part-{n}.yaml": PART.format(slug=f"part-{n}", name=f"Part {n}")
        for n in range(8)
    }
    load_game(components(tmp_path / "many", **more))
    many = list_queries(client)

    assert many == few
