"""Invariants over every golden scenario: cards are conserved, scenarios round-trip."""

from __future__ import annotations

from pathlib import Path

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import Scenario
from oracle.engine.runner import build_game, play

from . import golden

FILES = golden.files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_no_card_appears_or_vanishes(path: Path) -> None:
    scenario = Scenario.parse(golden.load(path)["scenario"])
    before = build_game(scenario).instance_ids()
    game, _result = play(scenario)
    assert game.instance_ids() == before


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_dump_parses_back_to_the_same_scenario(path: Path) -> None:
    scenario = Scenario.parse(golden.load(path)["scenario"])
    assert Scenario.parse(scenario.dump()) == scenario
