"""What a player is shown when asked: prompt titles, cancel answers, menus."""

from __future__ import annotations

from typing import Any

from oracle.engine import Result

from .helpers import card, gold, messages, player, run, state, statuses


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


def test_prompt_cancel_answer_resolves_the_declared_cancel_effect() -> None:
    result = run(
        player("Alice", play=["parley"]),
        player("Bob", play=["knight"]),
        steps=[
            {"player": "Alice", "use": "parley"},
            {"player": "Alice", "choose": "cancel"},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert _decisions(result, "target:target")[0]["options"] == ["Bob/knight", "cancel"]
    assert messages(result) == [
        "Alice cancels Parley",
        "Alice takes 1 gold from Parley instead",
        "Alice gains 1 gold",
    ]
    # Called off before the cost and the limit: nothing paid, nothing counted.
    assert card(result, "parley")["exhausted"] is False
    assert state(result)["limits"] == {}
    assert state(result)["players"]["Bob"]["play"] == ["knight"]


def test_prompt_cancel_answer_may_be_given_with_the_step() -> None:
    result = run(
        player("Alice", play=["parley"]),
        player("Bob", play=["knight"]),
        steps=[{"player": "Alice", "use": "parley", "targets": {"target": "cancel"}}],
    )
    assert statuses(result) == ["accepted"]
    assert gold(result, "Alice") == 1


def test_prompt_without_a_cancel_answer_refuses_cancel() -> None:
    result = run(
        player("Alice", play=["sniper"]),
        player("Bob", play=["soldier"]),
        steps=[{"player": "Alice", "use": "sniper", "targets": {"target": "cancel"}}],
    )
    assert statuses(result) == ["rejected"]
    assert "cancel is not a legal target for Sniper" in str(result.steps[0].reason)


def test_silent_handler_has_no_menu_entry_and_resolves_after_the_others() -> None:
    result = run(
        player("Alice", play=["hum", "chime", "echo"]),
        steps=[
            {"advance": "combat"},
            {"player": "Alice", "choose": ["Alice/echo", "Alice/chime"]},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    order = [d for d in result.decisions if d.window.startswith("order:")]
    assert [d.options for d in order] == [("Alice/chime", "Alice/echo")]
    tokens = [m for m in messages(result) if "token" in m]
    assert tokens == [
        "Alice places 1 echo token on Echo",
        "Alice places 1 chime token on Chime",
        "Alice places 1 hum token on Hum",
    ]


def test_choice_list_built_during_play_offers_each_label_once() -> None:
    result = run(
        player("Alice", hand=["divination", "knight", "soldier", "knight"]),
        steps=[
            {"player": "Alice", "play": "divination"},
            {"player": "Alice", "choose": "knight"},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    (decision,) = _decisions(result, "target:target")
    assert decision["options"] == ["knight", "soldier"]
    assert state(result)["players"]["Alice"]["hand"] == ["soldier"]
    assert messages(result)[0] == "Alice plays Divination to name knight"


def test_choice_list_built_during_play_refuses_a_label_it_did_not_build() -> None:
    result = run(
        player("Alice", hand=["divination", "knight"]),
        steps=[
            {"player": "Alice", "play": "divination", "targets": {"target": "soldier"}}
        ],
    )
    assert statuses(result) == ["rejected"]
    assert state(result)["players"]["Alice"]["hand"] == ["divination", "knight"]
