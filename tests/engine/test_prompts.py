"""What a player is shown when asked: prompt titles and a prompt's cancel."""

from __future__ import annotations

from typing import Any

from oracle.engine import Result

from .helpers import player, run, statuses


def _decisions(result: Result, window: str) -> list[dict[str, Any]]:
    return [d.to_dict() for d in result.decisions if d.window == window]


def test_prompt_title_declared_by_the_target_reaches_the_decision() -> None:
    result = run(
        player("Alice", hand=["beacon"], play=[{"card": "knight", "exhausted": True}]),
        steps=[{"player": "Alice", "play": "beacon"}],
    )
    assert statuses(result) == ["accepted"]
    assert _decisions(result, "target:target") == [
        {
            "at": 0,
            "player": "Alice",
            "window": "target:target",
            "options": ["Alice/knight"],
            "prompt": "Choose a unit to ready",
        }
    ]


def test_prompt_title_defaults_to_one_from_the_target_kind() -> None:
    result = run(
        player(
            "Alice",
            hand=["wake", "recycle", "bargain", "peasant"],
            play=[{"card": "knight", "exhausted": True}],
        ),
        steps=[
            {"player": "Alice", "play": "wake"},
            {"player": "Alice", "play": "recycle"},
            {"player": "Alice", "play": "bargain"},
        ],
    )
    assert statuses(result) == ["accepted"] * 3
    shown = [d.prompt for d in result.decisions if d.window.startswith("target:")]
    assert shown == ["Choose a card", "Choose up to 1 card", "Choose an option"]


def test_response_window_decisions_carry_no_prompt_title() -> None:
    result = run(
        player("Alice", hand=["strike"]),
        player("Bob", hand=["block"], play=["knight"]),
        steps=[{"player": "Alice", "play": "strike"}],
    )
    cancel = _decisions(result, "cancel:play")
    assert cancel and all("prompt" not in d for d in cancel)
