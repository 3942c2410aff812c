"""Components are found by name and by what they say: effect, their type's
prose fields (an agenda's outcomes, a strategy card's abilities) and notes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.content.loader import load_game
from rules.models import Game
from rules.search import memory_index, search
from rules.search.documents import documents_for
from tests.components import CRUISER_II, components

TECHNOLOGY = CRUISER_II.replace("effect: Better cruisers.", "effect: Hulls regrow.")


@pytest.fixture
def index(db: Any, tmp_path: Path) -> Any:
    load_game(components(tmp_path, **{"cards__cruiser-ii.yaml": TECHNOLOGY}))
    return memory_index(list(documents_for(Game.objects.get(slug="demo"))))


def first(index: Any, query: str) -> tuple[str, str]:
    hit = search("demo", query, index=index).hits[0]
    return hit.kind, hit.key


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("hulls regrow", "cruiser-ii"),  # a technology by its effect
        ("cruiser ii", "cruiser-ii"),  # and by its name
        ("nothing happens", "vote"),  # an agenda by an outcome's effect
        ("fly", "cruiser"),  # a unit by its note
    ],
)
def test_components_are_found_by_name_and_text(
    index: Any, query: str, key: str
) -> None:
    assert first(index, query) == ("card", key)


def test_real_strategy_card_is_found_by_its_primary(indexed: Any) -> None:
    hits = search(indexed, "topmost agenda cards").hits

    assert (hits[0].kind, hits[0].key) == ("card", "politics")
