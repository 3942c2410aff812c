"""Invariants over every golden scenario: cards are conserved, scenarios round-trip,
and the order of keys in the scenario's mappings changes nothing.

Conservation counts card instances and counted stock alike (a unit placed from
reinforcements becomes an instance as it leaves them). Two kinds of card may
appear: a fighter or infantry token, whose supply has no limit (rule 23.2), so
the pack creates one when a player places such a unit beyond their plastic and
the supply zone holds none; and a rule component (a player's tactical action),
which the pack creates the first time a step uses it.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import Scenario
from oracle.engine.io.runner import build_game, play, run
from oracle.games.ti4 import cards, data

from . import golden

FILES = golden.files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_no_card_appears_or_vanishes(path: Path) -> None:
    scenario = Scenario.parse(golden.load(path)["scenario"])
    start = build_game(scenario)
    before, counted = start.instance_ids(), Counter(start.census())
    game, _result = play(scenario)
    after = game.instance_ids()
    assert len(set(after)) == len(after), "a card is in two zones"
    assert set(before) <= set(after), "a card vanished"
    now = Counter(game.census())
    assert not counted - now, "a card vanished"
    appeared = now - counted
    may_appear = {*data.UNLIMITED_UNITS, *cards.RULE_COMPONENTS}
    assert all(slug in may_appear for slug in appeared), appeared


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_dump_parses_back_to_the_same_scenario(path: Path) -> None:
    scenario = Scenario.parse(golden.load(path)["scenario"])
    assert Scenario.parse(scenario.dump()) == scenario


def _shuffled_keys(value: object, rng: random.Random) -> object:
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        return {key: _shuffled_keys(item, rng) for key, item in items}
    if isinstance(value, list):
        return [_shuffled_keys(item, rng) for item in value]
    return value


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_key_order_of_the_scenario_changes_nothing(path: Path) -> None:
    # The permalink hash sorts keys, so a run stored from one key order must be
    # what any other order of the same scenario answers, card ids included.
    data = golden.load(path)["scenario"]
    first = run(Scenario.parse(data)).to_json()
    for seed in range(4):
        again = Scenario.parse(_shuffled_keys(data, random.Random(seed)))
        assert run(again).to_json() == first, f"key order {seed} changed the result"
