"""The table of flagship and mech text abilities
(`oracle/games/ti4/faction_unit_abilities.py`) and the two refusal paths that
read it: ``combat.unmodelled`` on a scenario before its run and
``combat.why_not_now`` on the game once ships have moved. Both must refuse the
same boards with the same reason, and let the others fight."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as s

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import run_scenario
from oracle.engine.core.errors import ScenarioError
from oracle.engine.core.scenario import Scenario
from oracle.engine.io.runner import build_game
from oracle.games.ti4 import combat, faction_units
from oracle.games.ti4 import faction_unit_abilities as abilities
from oracle.games.ti4 import state as st
from oracle.games.ti4.odds import read
from tests.ti4 import golden
from tests.ti4.test_combat import _owned


def test_every_faction_unit_has_a_classified_ability() -> None:
    assert set(abilities.FLAGSHIPS) == set(faction_units.FLAGSHIPS)
    assert set(abilities.MECHS) == set(faction_units.MECHS)
    steps = set(abilities.STEP_RULES)
    for table in (abilities.FLAGSHIPS, abilities.MECHS):
        for found in table.values():
            assert found.name
            assert set(found.steps) <= steps
            assert found.reach in (
                abilities.HERE,
                abilities.NEAR,
                abilities.ANYWHERE,
                abilities.RESERVE,
            )


def test_refusals_cite_rule_ids_that_exist() -> None:
    known = golden.topic_rule_ids()
    for unit, table in (("flagship", abilities.FLAGSHIPS), ("mech", abilities.MECHS)):
        for found in table.values():
            if found.acts:
                assert set(abilities.rules(unit, found)) <= known


def _scenario(
    alice: list[str],
    bob: list[str],
    *,
    faction: str | None = None,
    near: dict[str, list[str]] | None = None,
    planet: bool = False,
) -> dict[str, Any]:
    """Alice (``faction``) in the active system ``rex`` against Bob (Hacan);
    ``near``: units in the adjacent system ``lodor``."""
    alice_seat: dict[str, Any] = {"name": "Alice", "strategy_cards": ["leadership"]}
    if faction is not None:
        alice_seat["faction"] = faction
    rex: dict[str, Any] = {
        "id": "rex",
        "tokens": ["Alice"],
        "adjacent": ["lodor"],
        "units": {"Alice": alice, "Bob": bob},
    }
    if planet:
        rex["planets"] = [
            {"id": "rex-p", "resources": 1, "influence": 1, "controller": "Bob"}
        ]
    return {
        "game": "ti4",
        "seed": 1,
        "phase": "action",
        "players": [
            alice_seat,
            {"name": "Bob", "faction": "hacan", "strategy_cards": ["politics"]},
        ],
        "board": {"systems": [rex, {"id": "lodor", "units": near or {}}]},
        "steps": [{"player": "Alice", "use": "combat", "targets": {"target": "rex"}}],
    }


def _refusal(scenario: dict[str, Any]) -> str:
    """The scenario path's reason ("" when the run is accepted)."""
    try:
        run_scenario(scenario)
    except ScenarioError as error:
        assert error.problems[0].path == "/steps/0/use"
        return error.problems[0].message
    return ""


def _live(scenario: dict[str, Any]) -> str:
    """The live path's reason, read from the game as built before any step."""
    game = build_game(Scenario.parse({**scenario, "steps": []}))
    system = st.system_named(game, "rex")
    assert system is not None
    return combat.why_not_now(game, system, "Alice")


CASES: list[tuple[dict[str, Any], str]] = [
    # Abilities that never act in these steps: the combat runs.
    (_scenario(["flagship"], ["destroyer"], faction="saar"), ""),
    (_scenario(["flagship"], ["destroyer"], faction="sol"), ""),
    (
        _scenario(
            ["carrier", "mech"], ["2 infantry@rex-p"], faction="sol", planet=True
        ),
        "",
    ),
    (_scenario(["carrier", "2 infantry"], ["mech@rex-p"], planet=True), ""),
    # Abilities that act here: refused by name.
    (
        _scenario(["flagship"], ["destroyer"], faction="hacan"),
        "trade goods raise its system's combat dice",
    ),
    (
        _scenario(
            ["carrier", "mech"], ["infantry@rex-p"], faction="naalu", planet=True
        ),
        "adds 2 to its rolls against relic fragment holders",
    ),
    # Reach: an Xxcha flagship next door fires; a Hacan one does not.
    (
        _scenario(
            ["cruiser"], ["destroyer"], near={"Alice": ["flagship"]}, faction="xxcha"
        ),
        "its Space Cannon reaches adjacent systems",
    ),
    (
        _scenario(
            ["cruiser"], ["destroyer"], near={"Alice": ["flagship"]}, faction="hacan"
        ),
        "",
    ),
    # An ability acting only in a step that cannot happen does not refuse.
    (_scenario(["flagship"], [], faction="hacan"), ""),
    (
        _scenario(
            ["carrier", "infantry"], ["infantry@rex-p"], faction="saar", planet=True
        ),
        "Deploy ability after a planet is gained",
    ),
    (_scenario(["flagship"], ["destroyer"], faction="saar", planet=True), ""),
    # A flagship of a player with no faction has no known figures.
    (_scenario(["flagship"], ["destroyer"]), "belongs to no faction"),
]


@pytest.mark.parametrize(("scenario", "words"), CASES)
def test_both_paths_refuse_the_same_boards(
    scenario: dict[str, Any], words: str
) -> None:
    before = _refusal(scenario)
    now = _live(scenario)
    assert before == now
    if words:
        assert words in before
        assert "not modelled yet" in before or "unknown" in before
        assert "rule" in before
    else:
        assert before == ""


@settings(max_examples=25, deadline=None)
@given(
    landing=s.integers(min_value=0, max_value=3),
    mechs=s.integers(min_value=1, max_value=2),
    holding=s.integers(min_value=0, max_value=3),
    held_mechs=s.integers(min_value=0, max_value=2),
    seed=s.integers(min_value=0, max_value=10**6),
)
def test_random_invasions_with_mechs_end_and_keep_every_unit(
    landing: int, mechs: int, holding: int, held_mechs: int, seed: int
) -> None:
    alice = ["carrier", f"{mechs} mech"] + ([f"{landing} infantry"] if landing else [])
    bob = [f"{holding} infantry@rex-p"] if holding else []
    bob += [f"{held_mechs} mech@rex-p"] if held_mechs else []
    scenario = _scenario(alice, bob, faction="sol", planet=True)
    scenario["seed"] = seed
    before = run_scenario({**scenario, "steps": []})
    result = run_scenario(scenario)
    assert result.error is None
    planet = result.state["board"]["systems"]["rex"]["planets"]["rex-p"]
    left = {p for p, units in planet["units"].items() if units}
    assert len(left) <= 1
    assert planet["controller"] == ("Alice" if "Alice" in left else "Bob")
    for name in ("Alice", "Bob"):
        assert _owned(result.state, name) == _owned(before.state, name)


def _odds_of(scenario: dict[str, Any]) -> read.Combat:
    return read.combat_of(build_game(Scenario.parse({**scenario, "steps": []})))


def test_the_odds_take_a_flagship_whose_text_never_acts_in_space_combat() -> None:
    found = _odds_of(_scenario(["flagship"], ["destroyer"], faction="saar"))
    assert found.forces["Alice"] == {"flagship": 1}


@pytest.mark.parametrize(
    ("faction", "words"),
    [("hacan", "trade goods raise"), (None, "belongs to no faction")],
)
def test_the_odds_refuse_a_flagship_whose_text_acts_or_is_unknown(
    faction: str | None, words: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        _odds_of(_scenario(["flagship"], ["destroyer"], faction=faction))
    assert words in caught.value.problems[0].message


def test_the_odds_refuse_a_mech_that_fights_as_a_ship() -> None:
    with pytest.raises(ScenarioError) as caught:
        _odds_of(_scenario(["cruiser", "mech"], ["destroyer"], faction="naaz-rokha"))
    assert "fights as a ship" in caught.value.problems[0].message
