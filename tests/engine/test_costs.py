"""Costs that make their own selection: the player picks what pays."""

from __future__ import annotations

from .helpers import card, cards, gold, messages, player, run, statuses

TIRED_SOLDIER = {"card": "soldier", "exhausted": True}


def test_cost_that_picks_its_own_card_pays_with_the_chosen_card() -> None:
    result = run(
        player("Alice", play=["muster", "knight", TIRED_SOLDIER]),
        steps=[{"player": "Alice", "use": "muster", "targets": {"cost": "knight"}}],
    )
    assert statuses(result) == ["accepted"]
    (decision,) = [d for d in result.decisions if d.window == "target:cost"]
    assert decision.options == ("Alice/knight",)  # the exhausted soldier cannot pay
    assert card(result, "knight")["exhausted"] is True
    assert gold(result, "Alice") == 2
    assert messages(result) == [  # paid before the use is announced
        "Alice exhausts Knight",
        "Alice uses Muster, exhausting Knight, to gain 2 gold",
        "Alice gains 2 gold",
    ]


def test_cost_that_picks_its_own_card_is_chosen_by_a_later_step() -> None:
    result = run(
        player("Alice", play=["muster", "knight", "soldier"]),
        steps=[
            {"player": "Alice", "use": "muster"},
            {"player": "Alice", "choose": "Alice/soldier"},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert card(result, "soldier")["exhausted"] is True
    assert card(result, "knight")["exhausted"] is False


def test_cost_that_picks_its_own_card_cannot_be_paid_without_a_legal_card() -> None:
    result = run(
        player("Alice", play=["muster", TIRED_SOLDIER]),
        steps=[{"player": "Alice", "use": "muster"}],
    )
    assert statuses(result) == ["rejected"]
    assert result.steps[0].reason == (
        "Alice cannot pay the cost of Muster (exhaust a unit you control)"
    )
    assert gold(result, "Alice") == 0
    assert [c["exhausted"] for c in cards(result, "soldier")] == [True]
