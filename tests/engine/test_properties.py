"""Property tests: random step sequences never crash, stay within budget,
conserve every card (instances plus counted stock), and give identical results
for identical input."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.engine import Scenario, run_scenario
from oracle.engine.core.game import Game
from oracle.engine.io.runner import play

from . import synth
from .helpers import assert_house_style

#: Every synthetic card except the two built to break the budgets.
POOL = sorted(slug for slug in synth.PACK.cards if slug not in ("loop", "flicker"))
#: The cards with an ability a step can use.
ACTIVE = frozenset(slug for slug in POOL if synth.PACK.card(slug).abilities)
NAMES = ("Alice", "Bob")
PHASES = ("setup", "action", "combat", "end")
PERIODS = ("turn", "phase", "round", "combat_round")
ANSWERS = st.one_of(
    st.integers(0, 3),
    st.sampled_from(["yes", "no", "x", "a", "gain 2 gold"]),
    st.lists(
        st.sampled_from(["Alice/soldier", "Bob/knight", "Alice/sage@hand"]), max_size=2
    ),
)
REFS = st.sampled_from(
    [
        "Alice/soldier",
        "Bob/knight",
        "Bob/soldier",
        "Alice/knight",
        "Alice/sage@hand",
        "Bob/soldier#2",
    ]
)

cards = st.lists(st.sampled_from(POOL), max_size=5)
seat = st.fixed_dictionaries(
    {
        "hand": cards,
        "play": cards,
        "deck": cards,
        "discard": st.lists(st.sampled_from(POOL), max_size=2),
        "resources": st.fixed_dictionaries({"gold": st.integers(0, 4)}),
    }
)


def _play_step(draw: Any, owned: dict[str, list[str]]) -> dict[str, Any]:
    name = draw(st.sampled_from(NAMES))
    mine = owned[name]
    slug = draw(st.sampled_from(mine if mine and draw(st.integers(0, 4)) else POOL))
    step: dict[str, Any] = {
        "player": name,
        draw(st.sampled_from(["play", "use"])): slug,
    }
    if draw(st.booleans()):
        step["targets"] = {"target": draw(st.one_of(REFS, st.integers(0, 3)))}
    return step


@st.composite
def steps(draw: Any, owned: dict[str, list[str]]) -> dict[str, Any]:
    kind = draw(
        st.sampled_from(["play", "play", "play", "choose", "pass", "advance", "end"])
    )
    if kind == "play":
        return _play_step(draw, owned)
    if kind == "choose":
        return {"player": draw(st.sampled_from(NAMES)), "choose": draw(ANSWERS)}
    if kind == "pass":
        return {"player": draw(st.sampled_from(NAMES)), "pass": True}
    if kind == "advance":
        return {"advance": draw(st.sampled_from(PHASES))}
    return {"end": draw(st.sampled_from(PERIODS))}


@st.composite
def scenarios(draw: Any) -> dict[str, Any]:
    alice, bob = draw(seat), draw(seat)
    owned = {
        name: [c for c in (*p["hand"], *p["play"], *p["discard"]) if c in ACTIVE]
        for name, p in (("Alice", alice), ("Bob", bob))
    }
    return {
        "game": "synth",
        "seed": draw(st.integers(0, 2**32)),
        "phase": draw(st.sampled_from(PHASES)),
        "players": [{"name": "Alice", **alice}, {"name": "Bob", **bob}],
        "steps": draw(st.lists(steps(owned), max_size=12)),
    }


def placement(game: Game) -> Counter[str]:
    """Every card id once per zone list that holds it."""
    return Counter(game.instance_ids())


def assert_consistent(game: Game) -> None:
    """Each card sits in exactly the zone its fields name, attachments agree."""
    for card in game.cards.values():
        assert card.id in game.zone(card.zone, card.zone_player)
        if card.parent is not None:
            assert card.id in game.cards[card.parent].attachments
        for child in card.attachments:
            assert game.cards[child].parent == card.id


SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(scenarios())
def test_random_steps_never_crash_finish_in_budget_and_conserve_cards(
    data: dict[str, Any],
) -> None:
    scenario = Scenario.parse(data)
    game, result = play(scenario)
    assert result.error is None
    assert len(result.steps) == len(data["steps"])
    # Conservation counts instances and counted stock alike: a counted card
    # that leaves its stock zone becomes an instance, nothing else appears.
    expected = Counter(
        slug
        for p in data["players"]
        for z in ("hand", "play", "deck", "discard")
        for slug in p[z]
    )
    expected["soldier"] += synth.RESERVE * len(data["players"])
    assert game.census() == {s: n for s, n in sorted(expected.items()) if n}
    ids = placement(game)
    assert sorted(ids) == sorted(game.cards)
    assert set(ids.values()) <= {1}
    assert_consistent(game)
    assert_house_style(result)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_same_scenario_and_seed_give_the_same_result(data: dict[str, Any]) -> None:
    first = json.dumps(run_scenario(data).to_dict(), sort_keys=True)
    second = json.dumps(
        run_scenario(json.loads(json.dumps(data))).to_dict(), sort_keys=True
    )
    assert first == second


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_copy_is_independent_of_the_original(data: dict[str, Any]) -> None:
    game, _ = play(Scenario.parse(data))
    clone = game.copy()
    before = json.dumps([clone.instance_ids(), clone.stock_of("reserve", "Alice")])
    for card in list(game.cards.values()):
        game.move(card, "discard", card.owner)
    taken = game.take_from_stock("reserve", "soldier", "Alice")
    if taken is not None:
        game.move(taken, "play", "Alice")
    after = json.dumps([clone.instance_ids(), clone.stock_of("reserve", "Alice")])
    assert after == before
    assert clone.pack is game.pack
