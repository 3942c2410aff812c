"""Costs: costs that make their own selection, and what is asked before costs."""

from __future__ import annotations

from oracle.engine import Result

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


def _options(result: Result, window: str, name: str) -> tuple[str, ...]:
    (decision,) = [
        d for d in result.decisions if d.window == window and d.player == name
    ]
    return decision.options


def test_psi_game_before_costs_bids_before_the_cost_is_paid() -> None:
    result = run(
        player("Alice", play=["gambit"], resources={"gold": 2}),
        player("Bob", resources={"gold": 2}),
        steps=[
            {"player": "Alice", "use": "gambit"},
            {"player": "Alice", "choose": 1},
            {"player": "Bob", "choose": 1},
        ],
    )
    assert statuses(result) == ["accepted"] * 3
    # Alice bids from her 2 gold: the cost's gold is paid after the bids.
    assert _options(result, "psi", "Alice") == ("0", "1", "2")
    assert (gold(result, "Alice"), gold(result, "Bob")) == (3, 1)
    log = messages(result)
    assert log.index("Alice pays 1 gold") < log.index(
        "Alice bids 1 and Bob bids 1 in the psi game: the bids match"
    )


def test_trace_before_costs_bids_before_the_cost_is_paid() -> None:
    result = run(
        player("Alice", play=["snare"], resources={"gold": 2}),
        player("Bob", resources={"gold": 0}),
        steps=[
            {"player": "Alice", "use": "snare"},
            {"player": "Alice", "choose": 1},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert _options(result, "trace", "Alice") == ("0", "1", "2")
    assert gold(result, "Alice") == 2  # 2, less the bid and the cost, plus 2
