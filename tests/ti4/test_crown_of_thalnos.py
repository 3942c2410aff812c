"""The Crown of Thalnos (``combat/crown.py``): what the golden scenarios
``rules/ag-crown-of-thalnos-*.yaml`` cannot say: the verdict of the case the
card leaves open, and the combat odds refusing a combat the law changes."""

from __future__ import annotations

from typing import Any

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import run_scenario
from oracle.engine.core.errors import ScenarioError, Unmodelled
from oracle.engine.core.scenario import Scenario
from oracle.engine.io.runner import play
from oracle.games.ti4.odds.read import combat_of
from tests.ti4 import golden

CROWN = "the-crown-of-thalnos-agenda"


def test_rerolling_some_dice_of_a_unit_whose_kept_die_hit_is_not_modelled() -> None:
    path = (
        golden.SCENARIOS / "rules" / "ag-crown-of-thalnos-some-dice-of-a-war-sun.yaml"
    )
    result = run_scenario(golden.load(path)["scenario"]).to_dict()

    assert result["verdict"] == "not_modelled"
    (line,) = [e for e in result["log"] if e.get("modelled") is False]
    assert "not settled by the card or its notes" in line["message"]
    # The roll stands: the war sun is not destroyed by the law.
    assert not any(
        "destroys their own war sun" in e["message"] for e in result["log"][:6]
    )


def _space(owner: str | None) -> dict[str, Any]:
    laws: list[Any] = [{"law": CROWN, "owner": owner}] if owner else []
    return {
        "game": "ti4",
        "phase": "action",
        "active_player": "Alice",
        "players": [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}],
        "board": {
            "laws": laws,
            "systems": [
                {
                    "id": "lodor",
                    "tokens": ["Alice"],
                    "units": {"Alice": ["cruiser"], "Bob": ["destroyer"]},
                }
            ],
        },
    }


def _ground(owner: str | None) -> dict[str, Any]:
    scenario = _space(owner)
    system = scenario["board"]["systems"][0]
    system["planets"] = [
        {"id": "lodor-i", "resources": 3, "influence": 1, "controller": "Bob"}
    ]
    system["units"] = {"Alice": ["infantry@lodor-i"], "Bob": ["infantry@lodor-i"]}
    return scenario


def _odds(data: dict[str, Any]) -> Any:
    game, _result = play(Scenario.parse(data))
    return combat_of(game)


@pytest.mark.parametrize("make", [_space, _ground])
@pytest.mark.parametrize("owner", ["Alice", "Bob"])
def test_the_odds_refuse_a_combat_of_the_crown_owner(make: Any, owner: str) -> None:
    with pytest.raises(ScenarioError) as raised:
        _odds(make(owner))
    (problem,) = raised.value.problems
    assert isinstance(problem, Unmodelled)
    assert f"The Crown of Thalnos, which lets {owner} reroll" in problem.message


@pytest.mark.parametrize("make", [_space, _ground])
def test_the_odds_answer_when_the_owner_does_not_fight(make: Any) -> None:
    assert _odds(make("Carol")).attacker == "Alice"
    assert _odds(make(None)).attacker == "Alice"


def test_electing_a_player_is_fully_modelled() -> None:
    path = golden.SCENARIOS / "rules" / "ag-crown-of-thalnos-elected.yaml"
    result = run_scenario(golden.load(path)["scenario"]).to_dict()

    assert result["verdict"] == "legal"
    assert not any(e.get("modelled") is False for e in result["log"])
