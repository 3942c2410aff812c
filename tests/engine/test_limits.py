"""Limits on uses that effects change: a limit raised while an effect lasts."""

from __future__ import annotations

from .helpers import card, gold, player, run, state, statuses

WELL = {"player": "Alice", "use": "well"}
ENCORE = {"player": "Alice", "play": "encore", "targets": {"target": "Alice/well"}}


def test_effect_raising_a_limit_allows_one_more_use_while_it_lasts() -> None:
    result = run(
        player("Alice", play=["well"], hand=["encore"]),
        steps=[WELL, WELL, ENCORE, WELL, WELL],
    )
    assert statuses(result) == [
        "accepted",
        "rejected",
        "accepted",
        "accepted",
        "rejected",
    ]
    assert gold(result, "Alice") == 2
    assert result.steps[4].reason == "Well has reached its limit"
    assert card(result, "well")["stats"] == {"extra_uses": 1}


def test_raised_limit_falls_back_when_the_effect_ends() -> None:
    result = run(
        player("Alice", play=["well"], hand=["encore"]),
        steps=[ENCORE, {"end": "turn"}, WELL, WELL],
    )
    assert statuses(result) == ["accepted", "accepted", "accepted", "rejected"]
    assert state(result)["lasting"] == []
    assert gold(result, "Alice") == 1
