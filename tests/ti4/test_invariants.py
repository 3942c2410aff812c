"""Invariants over every golden scenario: cards are conserved, scenarios round-trip.

The one kind of card that may appear is a fighter or infantry token: their
supply has no limit (rule 23.2), so the pack creates one when a player places
such a unit beyond their plastic and the supply zone holds none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import Scenario
from oracle.engine.runner import build_game, play
from oracle.games.ti4 import data

from . import golden

FILES = golden.files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_no_card_appears_or_vanishes(path: Path) -> None:
    scenario = Scenario.parse(golden.load(path)["scenario"])
    before = build_game(scenario).instance_ids()
    game, _result = play(scenario)
    after = game.instance_ids()
    assert len(set(after)) == len(after), "a card is in two zones"
    assert set(before) <= set(after), "a card vanished"
    new = [game.cards[i].slug for i in set(after) - set(before)]
    assert all(slug in data.UNLIMITED_UNITS for slug in new), new


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_dump_parses_back_to_the_same_scenario(path: Path) -> None:
    scenario = Scenario.parse(golden.load(path)["scenario"])
    assert Scenario.parse(scenario.dump()) == scenario
