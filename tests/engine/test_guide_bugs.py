"""Patterns of the card-engine guides that the engine gets wrong.

Each test states the behaviour the guides document and is a strict xfail
until the engine is fixed (it then passes and the mark must go). They live
apart from the suites ``bench/engine.py`` replays, which call each test and
would stop on the expected failure.
"""

from __future__ import annotations

import pytest

from .helpers import card, messages, player, run, state, statuses


@pytest.mark.xfail(
    strict=True,
    reason="each game action's legality is checked again after the one before "
    "it resolved, so Ready undoes the Exhaust just applied (issue 29)",
)
def test_target_with_several_game_actions_applies_only_those_legal_when_chosen() -> (
    None
):
    result = run(
        player("Alice", hand=["jolt"], play=["knight"]),
        steps=[
            {"player": "Alice", "play": "jolt", "targets": {"target": "Alice/knight"}}
        ],
    )
    assert statuses(result) == ["accepted"]
    assert "Alice readies Knight" not in messages(result)
    assert card(result, "knight")["exhausted"] is True


@pytest.mark.xfail(
    strict=True,
    reason="a target the opponent chooses takes its answer from the using "
    "player's step, so Alice decides for Bob (issue 29)",
)
def test_target_the_opponent_chooses_is_not_answered_by_the_user() -> None:
    result = run(
        player("Alice", play=["tribute"]),
        player("Bob", play=["soldier", "knight"]),
        steps=[
            {"player": "Alice", "use": "tribute", "targets": {"target": "Bob/knight"}},
            {"player": "Bob", "choose": "Bob/soldier"},
        ],
    )
    assert statuses(result)[1] == "accepted"
    assert state(result)["players"]["Bob"]["discard"] == ["soldier"]


@pytest.mark.xfail(
    strict=True,
    reason="a use is counted toward the limit before the handler runs, and "
    "stays counted when the handler calls the action off (issue 29)",
)
def test_action_its_handler_calls_off_does_not_count_toward_its_limit() -> None:
    # An empty deck: Dowse's handler calls the action off each time.
    use = {"player": "Alice", "use": "dowse"}
    result = run(player("Alice", play=["dowse"]), steps=[use, use])
    assert statuses(result) == ["accepted", "accepted"]
    assert state(result)["limits"] == {}
