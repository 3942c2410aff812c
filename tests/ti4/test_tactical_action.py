"""A player's tactical action is a rule component, not a printed card: the
pack creates it in the player's play area the first time a step uses it, and a
scenario that takes no tactical action has none in its result."""

from __future__ import annotations

from typing import Any

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import Result, run_scenario

from . import golden

TACTICAL = "tactical-action"


def _run(steps: list[dict[str, Any]], **alice: Any) -> Result:
    return run_scenario(
        {
            "game": "ti4",
            "phase": "action",
            "players": [
                {"name": "Alice", "strategy_cards": ["leadership"], **alice},
                {"name": "Bob", "strategy_cards": ["politics"]},
            ],
            "board": {"systems": [{"id": "rex", "units": {"Alice": ["carrier"]}}]},
            "steps": steps,
        }
    )


def _tacticals(result: Result) -> dict[str, int]:
    """How many tactical actions each player holds, and every card of them."""
    found = {
        name: seat["play"].count(TACTICAL)
        for name, seat in result.state["players"].items()
    }
    owners = [
        c["owner"] for c in result.state["cards"].values() if c["slug"] == TACTICAL
    ]
    assert sorted(owners) == sorted(n for n, k in found.items() for _ in range(k))
    return found


def test_a_scenario_without_a_tactical_action_has_none() -> None:
    result = _run([{"player": "Alice", "pass": True}])
    assert result.ok
    assert _tacticals(result) == {"Alice": 0, "Bob": 0}


def test_the_first_tactical_action_creates_the_players_own() -> None:
    use = {"player": "Alice", "use": TACTICAL, "targets": {"target": "rex"}}
    result = _run([use])
    assert result.steps[0].status == "accepted"
    assert [e.message for e in result.log][:2] == [
        "Alice performs a tactical action",
        "Alice activates Rex with a token from the tactic pool",
    ]
    assert _tacticals(result) == {"Alice": 1, "Bob": 0}


def test_each_player_has_one_tactical_action_however_often_used() -> None:
    alice = {"player": "Alice", "use": TACTICAL, "targets": {"target": "rex"}}
    bob = {"player": "Bob", "use": TACTICAL, "targets": {"target": "rex"}}
    result = _run([alice, alice, bob])
    assert [s.status for s in result.steps] == ["accepted", "rejected", "accepted"]
    assert result.steps[1].reason == (
        "Alice cannot perform a tactical action: it is Bob's turn"
    )
    assert "Bob activates Rex with a token from the tactic pool" in [
        e.message for e in result.log
    ]
    assert _tacticals(result) == {"Alice": 1, "Bob": 1}


def test_a_refused_tactical_action_is_refused_as_before() -> None:
    use = {"player": "Alice", "use": TACTICAL, "targets": {"target": "rex"}}
    result = _run([use], command_tokens={"tactic": 0})
    assert result.steps[0].reason == ("Alice has no command token in the tactic pool")


def test_the_golden_tactical_actions_log_as_before() -> None:
    for name in ("c-upgrade", "c-upgrade-no-dreadnought-left"):
        data = golden.load(golden.SCENARIOS / "upgrade" / f"{name}.yaml")
        result = golden.run(data)
        assert golden.problems(data, result) == [], name
        assert _tacticals(result) == {"Alice": 1, "Bob": 0}, name
