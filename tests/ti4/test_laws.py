"""Laws in play that change modelled rules (``laws.py``): the cases the card
and its notes leave open are refused as not modelled, never guessed. The
effects themselves are tested by the golden scenarios ``rules/lw-*.yaml``."""

from __future__ import annotations

from typing import Any

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import run_scenario
from oracle.engine.core.errors import ScenarioError, Unmodelled


def _scenario(fleet: int, laws: list[Any]) -> dict[str, Any]:
    return {
        "game": "ti4",
        "phase": "action",
        "players": [
            {
                "name": "Alice",
                "strategy_cards": ["leadership"],
                "command_tokens": {"tactic": 3, "fleet": fleet, "strategy": 2},
            },
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "board": {"laws": laws},
        "steps": [{"player": "Alice", "pass": True}],
    }


def test_a_board_over_the_fleet_regulations_limit_is_not_modelled() -> None:
    with pytest.raises(ScenarioError) as raised:
        run_scenario(_scenario(5, ["fleet-regulations"]))
    (problem,) = raised.value.problems
    assert isinstance(problem, Unmodelled)
    assert problem.path == "/board/laws"
    assert "Alice has 5 command tokens in the fleet pool" in problem.message


def test_the_limit_itself_and_other_laws_are_accepted() -> None:
    assert run_scenario(_scenario(4, ["fleet-regulations"])).ok
    assert run_scenario(_scenario(5, ["executive-sanctions"])).ok


def test_enacting_fleet_regulations_over_the_limit_says_not_modelled() -> None:
    result = run_scenario(
        {
            "game": "ti4",
            "phase": "agenda",
            "players": [
                {"name": "Alice", "speaker": True},
                {
                    "name": "Bob",
                    "command_tokens": {"tactic": 1, "fleet": 6, "strategy": 1},
                },
            ],
            "board": {
                "systems": [
                    {
                        "id": "lodor-system",
                        "name": "Lodor",
                        "planets": [
                            {
                                "id": "lodor",
                                "resources": 3,
                                "influence": 1,
                                "controller": "Bob",
                            }
                        ],
                    }
                ]
            },
            "decks": {"agenda_deck": ["fleet-regulations", "economic-equality"]},
            "steps": [
                {"player": "Bob", "choose": "for"},
                {"player": "Bob", "choose": ["lodor"]},
            ],
        }
    )
    lines = [e for e in result.log if "more command tokens" in e.message]
    assert [(e.player, e.modelled) for e in lines] == [("Bob", False)]
    assert result.state["board"]["laws"][0] == "fleet-regulations"  # type: ignore[index]


def _sanctuary(law: Any) -> dict[str, Any]:
    scenario = _scenario(3, [law])
    scenario["board"]["systems"] = [
        {
            "id": "lodor-system",
            "name": "Lodor",
            "planets": [
                {"id": "lodor", "resources": 3, "influence": 1, "trait": "cultural"},
                {"id": "bereg", "resources": 3, "influence": 1, "trait": "hazardous"},
            ],
        }
    ]
    return scenario


@pytest.mark.parametrize(
    ("law", "path", "message"),
    [
        ("senate-sanctuary", "/board/laws/0", "give its `planet`"),
        (
            {"law": "senate-sanctuary", "planet": "nowhere"},
            "/board/laws/0/planet",
            "'nowhere' is not a planet of the board",
        ),
        (
            {"law": "senate-sanctuary", "planet": "bereg"},
            "/board/laws/0/planet",
            "elects a cultural planet; bereg is not one",
        ),
        (
            {"law": "senate-sanctuary", "planet": "lodor", "owner": "Alice"},
            "/board/laws/0/owner",
            "owned by no player",
        ),
        (
            {"law": "executive-sanctions", "planet": "lodor"},
            "/board/laws/0/planet",
            "is attached to no planet",
        ),
    ],
)
def test_a_law_attached_to_a_planet_names_a_fitting_one(
    law: Any, path: str, message: str
) -> None:
    with pytest.raises(ScenarioError) as raised:
        run_scenario(_sanctuary(law))
    assert any(
        p.path == path and message in p.message for p in raised.value.problems
    ), raised.value.problems


def test_senate_sanctuary_on_a_cultural_planet_is_accepted() -> None:
    assert run_scenario(_sanctuary({"law": "senate-sanctuary", "planet": "lodor"})).ok


def _mech_combat(faction: str, laws: list[Any]) -> dict[str, Any]:
    return {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "faction": "sol", "strategy_cards": ["leadership"]},
            {"name": "Bob", "faction": faction, "strategy_cards": ["politics"]},
        ],
        "board": {
            "laws": laws,
            "systems": [
                {
                    "id": "lodor",
                    "tokens": ["Alice"],
                    "planets": [
                        {
                            "id": "lodor-i",
                            "resources": 3,
                            "influence": 1,
                            "controller": "Bob",
                        }
                    ],
                    "units": {
                        "Alice": ["carrier", "2 infantry"],
                        "Bob": ["mech@lodor-i"],
                    },
                }
            ],
        },
        "steps": [{"player": "Alice", "use": "combat", "targets": {"target": "lodor"}}],
    }


@pytest.mark.parametrize(
    ("faction", "kept"),
    [
        ("arborec", "Planetary Shield and Production"),
        ("l1z1x", "Bombardment"),
        ("xxcha", "Space Cannon"),
    ],
)
def test_articles_of_war_refuses_a_mech_whose_figures_keep_an_ability(
    faction: str, kept: str
) -> None:
    with pytest.raises(ScenarioError) as raised:
        run_scenario(_mech_combat(faction, ["articles-of-war"]))
    (problem,) = raised.value.problems
    assert isinstance(problem, Unmodelled)
    assert f"Articles of War takes {kept} from Bob's mech" in problem.message


def test_articles_of_war_lets_a_mech_with_only_text_fight() -> None:
    with pytest.raises(ScenarioError):
        run_scenario(_mech_combat("naalu", []))
    assert run_scenario(_mech_combat("naalu", ["articles-of-war"])).ok


def test_a_law_and_its_planet_are_matched_in_any_case() -> None:
    result = run_scenario(_sanctuary({"law": "Senate-Sanctuary", "planet": "LODOR"}))
    assert result.ok
    assert result.state["board"]["laws"] == ["senate-sanctuary"]


def _demilitarized(planet: str, units: list[str]) -> dict[str, Any]:
    scenario = _sanctuary({"law": "demilitarized-zone-agenda", "planet": planet})
    scenario["board"]["systems"][0]["units"] = {"Alice": units}
    return scenario


def test_demilitarized_zone_starts_on_a_cultural_planet_without_units() -> None:
    assert run_scenario(_demilitarized("lodor", ["carrier", "infantry@bereg"])).ok


@pytest.mark.parametrize(
    ("planet", "units", "path", "message"),
    [
        ("bereg", [], "/board/laws/0/planet", "elects a cultural planet"),
        (
            "lodor",
            ["carrier", "infantry@lodor"],
            "/board/systems/0/units",
            "Alice's infantry cannot be on lodor: Demilitarized Zone is attached",
        ),
    ],
)
def test_demilitarized_zone_refuses_a_board_that_cannot_be(
    planet: str, units: list[str], path: str, message: str
) -> None:
    with pytest.raises(ScenarioError) as raised:
        run_scenario(_demilitarized(planet, units))
    assert any(
        p.path == path and message in p.message for p in raised.value.problems
    ), raised.value.problems


@pytest.mark.parametrize(
    ("law", "where", "message"),
    [
        (
            "imperial-arbiter",
            "/board/laws/0",
            "imperial-arbiter elects a player and lies with its owner: write "
            "{law: imperial-arbiter, owner: <player>} (rule 7.4)",
        ),
        (
            {"law": "fleet-regulations", "owner": "Alice"},
            "/board/laws/0/owner",
            "fleet-regulations elects no player, so no player owns it (rule 7.3)",
        ),
    ],
)
def test_a_law_has_an_owner_exactly_when_it_elects_a_player(
    law: Any, where: str, message: str
) -> None:
    data = {
        "game": "ti4",
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "board": {"laws": [law]},
    }
    with pytest.raises(ScenarioError) as caught:
        run_scenario(data)
    assert [(p.path, p.message) for p in caught.value.problems] == [(where, message)]
    owned = {"law": "imperial-arbiter", "owner": "Alice"}
    assert run_scenario({**data, "board": {"laws": [owned]}}).ok
