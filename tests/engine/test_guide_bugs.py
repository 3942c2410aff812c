"""Patterns of the card-engine guides that the engine once got wrong.

Each test was a strict xfail until the engine was fixed (issue 29); they stay
as regression tests. They live apart from the suites ``bench/engine.py``
replays, so that the bench keeps measuring the same scenarios.
"""

from __future__ import annotations

from .helpers import card, messages, player, run, state, statuses


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


def test_action_its_handler_calls_off_does_not_count_toward_its_limit() -> None:
    # An empty deck: Dowse's handler calls the action off each time.
    use = {"player": "Alice", "use": "dowse"}
    result = run(player("Alice", play=["dowse"]), steps=[use, use])
    assert statuses(result) == ["accepted", "accepted"]
    assert state(result)["limits"] == {}
