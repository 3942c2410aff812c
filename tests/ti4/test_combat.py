"""Combat properties over random fleets (hypothesis), and the combats the pack
refuses as not modelled.

Random space combats always end, keep every unit (a destroyed unit goes back
to its owner's reinforcements), leave at most one player with ships in the
system, and never apply a modifier to a roll kind it does not name.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as s

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import run_scenario
from oracle.engine.core.errors import ScenarioError
from oracle.engine.core.scenario import Scenario
from oracle.engine.flow.events import answerable
from oracle.engine.io.runner import build_game
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat.rolls import KINDS, Modifier

SHIPS = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "war-sun")
#: Plastic per type (96.2): the fleets stay within it, so no token is needed.
MOST = {
    "fighter": 6,
    "destroyer": 4,
    "cruiser": 4,
    "carrier": 2,
    "dreadnought": 3,
    "war-sun": 1,
}

fleet = s.dictionaries(
    s.sampled_from(SHIPS), s.integers(min_value=1, max_value=3), min_size=1
).map(lambda d: {k: min(v, MOST[k]) for k, v in d.items()})


def _listed(units: dict[str, int]) -> list[str]:
    return [f"{n} {unit}" for unit, n in units.items()]


def _scenario(
    alice: dict[str, int], bob: dict[str, int], seed: int, **extra: Any
) -> dict[str, Any]:
    techs = ["war-sun-upgrade"]
    return {
        "game": "ti4",
        "seed": seed,
        "phase": "action",
        "players": [
            {
                "name": "Alice",
                "strategy_cards": ["leadership"],
                "technologies": techs,
                **extra,
            },
            {"name": "Bob", "strategy_cards": ["politics"], "technologies": techs},
        ],
        "board": {
            "systems": [
                {
                    "id": "rex",
                    "tokens": ["Alice"],
                    "units": {"Alice": _listed(alice), "Bob": _listed(bob)},
                }
            ]
        },
        "steps": [{"player": "Alice", "use": "combat", "targets": {"target": "rex"}}],
    }


def _owned(state: dict[str, Any], name: str) -> dict[str, int]:
    """Every unit of a player: in space, on planets and in reinforcements."""
    found = dict(state["players"][name]["reinforcements"])
    for system in state["board"]["systems"].values():
        areas = [system["space"], *(p["units"] for p in system["planets"].values())]
        for area in areas:
            for unit, n in area.get(name, {}).items():
                found[unit] = found.get(unit, 0) + n
    return found


@settings(max_examples=25, deadline=None)
@given(alice=fleet, bob=fleet, seed=s.integers(min_value=0, max_value=10**6))
def test_random_space_combats_end_and_keep_every_unit(
    alice: dict[str, int], bob: dict[str, int], seed: int
) -> None:
    before = run_scenario({**_scenario(alice, bob, seed), "steps": []})
    result = run_scenario(_scenario(alice, bob, seed))
    assert result.error is None
    assert [s.status for s in result.steps] == ["accepted"]
    messages = [e.message for e in result.log]
    began = any(m.startswith("A space combat begins") for m in messages)
    over = any(
        m.startswith("The space combat in ") and " is over" in m for m in messages
    )
    assert began == over  # fighters beyond capacity may go first (16.N2): no combat
    space = result.state["board"]["systems"]["rex"]["space"]
    assert len([p for p, units in space.items() if units]) <= 1
    for name in ("Alice", "Bob"):
        assert _owned(result.state, name) == _owned(before.state, name)


@settings(max_examples=25, deadline=None)
@given(alice=fleet, bob=fleet, seed=s.integers(min_value=0, max_value=10**6))
def test_morale_boost_never_reaches_a_barrage_roll(
    alice: dict[str, int], bob: dict[str, int], seed: int
) -> None:
    alice = {**alice, "destroyer": 2}
    scenario = _scenario(alice, bob, seed, hand=["morale-boost"])
    scenario["steps"].append({"player": "Alice", "play": "morale-boost"})
    result = run_scenario(scenario)
    assert result.error is None
    rolls = [e.message for e in result.log if "rolls" in e.message]
    mine = [m for m in rolls if m.startswith("Alice rolls combat")]
    if mine:  # the combat may end in the barrage step (78.3a)
        assert "+1 from Morale Boost" in mine[0]
    assert not any("Morale Boost" in m for m in rolls if "barrage" in m)


@given(
    kinds=s.sets(s.sampled_from(KINDS), min_size=1),
    kind=s.sampled_from(KINDS),
    units=s.sets(s.sampled_from(SHIPS)),
    unit=s.sampled_from(SHIPS),
)
def test_a_modifier_applies_only_to_the_kinds_and_units_it_names(
    kinds: set[str], kind: str, units: set[str], unit: str
) -> None:
    modifier = Modifier(
        "test", "Alice", frozenset(kinds), 1, "combat round", frozenset(units)
    )
    applies = modifier.applies("Alice", kind, unit)
    assert applies == (kind in kinds and (not units or unit in units))
    assert not modifier.applies("Bob", kind, unit)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"faction": "norr"}, "Unrelenting"),
        ({"faction": "l1z1x"}, "Harrow"),
    ],
)
def test_a_combat_with_what_is_not_modelled_is_refused(
    change: dict[str, Any], words: str
) -> None:
    scenario = _scenario({"cruiser": 1}, {"cruiser": 1}, 1)
    scenario["players"][0].update(change)
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    problem = caught.value.problems[0]
    assert problem.path == "/steps/0/use"
    assert words in problem.message


def test_an_invasion_of_mecatol_rex_under_the_custodians_is_refused() -> None:
    scenario = _scenario({"carrier": 1, "infantry": 2}, {"cruiser": 1}, 1)
    scenario["board"]["custodians"] = True
    scenario["board"]["systems"][0]["planets"] = [
        {"id": "mecatol-rex", "name": "Mecatol Rex", "resources": 1, "influence": 6}
    ]
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    assert "custodians" in caught.value.problems[0].message


@settings(max_examples=25, deadline=None)
@given(
    landing=s.integers(min_value=1, max_value=4),
    holding=s.integers(min_value=0, max_value=4),
    dreadnoughts=s.integers(min_value=0, max_value=2),
    seed=s.integers(min_value=0, max_value=10**6),
)
def test_random_invasions_end_and_keep_every_unit(
    landing: int, holding: int, dreadnoughts: int, seed: int
) -> None:
    alice = {"carrier": 1, "infantry": landing}
    if dreadnoughts:
        alice["dreadnought"] = dreadnoughts
    scenario = _scenario(alice, {}, seed)
    system = scenario["board"]["systems"][0]
    system["planets"] = [
        {
            "id": "rex-p",
            "name": "Rex",
            "resources": 1,
            "influence": 1,
            "controller": "Bob",
        }
    ]
    system["units"]["Bob"] = [f"{holding} infantry@rex-p"] if holding else []
    before = run_scenario({**scenario, "steps": []})
    result = run_scenario(scenario)
    assert result.error is None
    planet = result.state["board"]["systems"]["rex"]["planets"]["rex-p"]
    left = {p for p, units in planet["units"].items() if units.get("infantry")}
    assert len(left) <= 1
    if "Alice" in left:
        assert planet["controller"] == "Alice"
    else:
        assert planet["controller"] == "Bob"
    for name in ("Alice", "Bob"):
        assert _owned(result.state, name) == _owned(before.state, name)


def test_only_units_with_sustain_damage_can_be_listed_damaged() -> None:
    scenario = _scenario({"cruiser": 1}, {"cruiser": 1}, 1)
    scenario["board"]["systems"][0]["units"]["Bob"] = ["damaged cruiser"]
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    assert caught.value.problems[0].path == "/board/systems/0/units/Bob/0"
    assert "87.1" in caught.value.problems[0].message


def test_a_played_card_no_longer_answers_from_the_discard_pile() -> None:
    # A notice is a full event only while some card could answer it from where
    # it is: Shields Holding answers "before you assign hits" from a hand.
    game = build_game(
        Scenario.parse(
            {
                "game": "ti4",
                "players": [
                    {"name": "Alice"},
                    {"name": "Bob", "hand": ["shields-holding"]},
                ],
            }
        )
    )
    assert answerable(game, "assign_hits")
    card = next(c for c in game.cards.values() if c.slug == "shields-holding")
    game.move(card, st.ACTION_DISCARD)
    assert not answerable(game, "assign_hits")


def test_each_unit_destroyed_by_one_assignment_keeps_its_line() -> None:
    # Four hits on a carrier and four fighters take the fighters (cheapest
    # first): no card answers, so one event destroys them, and the log still
    # has one line per fighter.
    result = run_scenario(
        {
            "game": "ti4",
            "phase": "action",
            "players": [
                {"name": "Alice", "strategy_cards": ["leadership"]},
                {"name": "Bob", "strategy_cards": ["politics"]},
            ],
            "board": {
                "dice": [10, 10, 10, 10, 1, 1, 1, 1, 1],
                "systems": [
                    {
                        "id": "rex",
                        "tokens": ["Alice"],
                        "units": {
                            "Alice": ["4 cruiser"],
                            "Bob": ["carrier", "4 fighter"],
                        },
                    }
                ],
            },
            "steps": [
                {"player": "Alice", "use": "combat", "targets": {"target": "rex"}}
            ],
        }
    )
    lines = [e.message for e in result.log if e.event == "destroy_units"]
    assert lines[:4] == ["Bob destroys their own fighter in Rex"] * 4
    assert "fighter" not in " ".join(lines[4:])
