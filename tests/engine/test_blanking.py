"""Blanking: a blank card's printed abilities and effects are switched off."""

from __future__ import annotations

from .helpers import card, player, run, state, statuses, strength

BLIGHT_WARDEN = {
    "player": "Bob",
    "play": "blight",
    "targets": {"target": "Alice/warden"},
}


def test_blanked_source_effects_switch_off_and_come_back_when_the_blank_ends() -> None:
    during = run(
        player("Alice", play=["warden", "soldier"]),
        player("Bob", hand=["blight"]),
        steps=[BLIGHT_WARDEN],
    )
    assert statuses(during) == ["accepted"]
    assert strength(during, "soldier") == 1  # the Warden's +1 is off
    assert "blank" in card(during, "warden")["flags"]
    after = run(
        player("Alice", play=["warden", "soldier"]),
        player("Bob", hand=["blight"]),
        steps=[BLIGHT_WARDEN, {"end": "phase"}],
    )
    assert statuses(after) == ["accepted", "accepted"]
    assert state(after)["lasting"] == []
    assert strength(after, "soldier") == 2  # the blank ended: the +1 is back
    assert "blank" not in card(after, "warden")["flags"]


def test_blank_card_actions_are_refused_while_it_is_blank() -> None:
    result = run(
        player("Alice", play=["warden"]),
        player("Bob", hand=["blight"]),
        steps=[BLIGHT_WARDEN, {"player": "Alice", "use": "warden", "ability": "Toll"}],
    )
    assert statuses(result) == ["accepted", "rejected"]
    assert result.steps[1].reason == "Warden is blank: its abilities are off"
    assert result.steps[1].rules == ("R13",)


def test_blank_card_triggers_do_not_answer_their_events() -> None:
    draw = {"player": "Alice", "use": "crossroads", "ability": "Study"}
    unblanked = run(
        player("Alice", play=["warden", "crossroads"], deck=["knight"]),
        steps=[draw],
    )
    assert card(unblanked, "warden")["tokens"] == {"watch": 1}
    blanked = run(
        player("Alice", play=["warden", "crossroads"], deck=["knight"]),
        player("Bob", hand=["blight"]),
        steps=[BLIGHT_WARDEN, draw],
    )
    assert statuses(blanked) == ["accepted", "accepted"]
    assert card(blanked, "warden")["tokens"] == {}


def test_blank_as_a_constant_effect_blanks_every_matching_card() -> None:
    result = run(
        player("Alice", play=["warden", "soldier", "shroud"]),
        steps=[{"player": "Alice", "use": "warden", "ability": "Toll"}],
    )
    assert statuses(result) == ["rejected"]
    assert strength(result, "soldier") == 1
    assert "blank" in card(result, "soldier")["flags"]
