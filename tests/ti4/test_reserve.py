"""Action card costs paid on resolution, and where placed units come from."""

from __future__ import annotations

from typing import Any

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import Scenario
from oracle.engine.core.context import Context
from oracle.engine.core.game import Game
from oracle.engine.io.runner import build_game
from oracle.games.ti4 import reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.costs import CardCost


def _game(alice: dict[str, Any], systems: list[dict[str, Any]] | None = None) -> Game:
    data: dict[str, Any] = {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "strategy_cards": ["leadership"], **alice},
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "board": {"systems": systems or []},
    }
    return build_game(Scenario.parse(data))


def _focused_research(game: Game) -> Context:
    card = next(c for c in game.cards.values() if c.slug == "focused-research")
    ability = game.definition(card).abilities[0]
    chosen = {"target": "gravity-drive"}
    return Context(game, game.player("Alice"), card, ability, None, chosen)


def test_a_card_cost_is_checked_on_play_but_spent_on_resolution() -> None:
    game = _game(
        {
            "hand": ["focused-research"],
            "trade_goods": 5,
            "technologies": ["antimass-deflectors"],
        }
    )
    ctx = _focused_research(game)
    assert ctx.ability is not None
    (cost,) = ctx.ability.cost
    assert isinstance(cost, CardCost)
    assert cost.can_pay(ctx)
    assert cost.pay(ctx)
    assert ctx.player.resource(st.TRADE_GOODS) == 5
    assert cost.settle(ctx)
    assert ctx.player.resource(st.TRADE_GOODS) == 1


def test_a_card_whose_cost_can_no_longer_be_paid_has_no_effect() -> None:
    game = _game(
        {
            "hand": ["focused-research"],
            "trade_goods": 5,
            "technologies": ["antimass-deflectors"],
        }
    )
    ctx = _focused_research(game)
    assert ctx.ability is not None and ctx.ability.handler is not None
    ctx.player.resources[st.TRADE_GOODS] = 3
    assert ctx.ability.handler(ctx) is False
    assert ctx.player.resource(st.TRADE_GOODS) == 3
    assert not any(c.slug == "gravity-drive" for c in st.technologies(game, "Alice"))
    assert game.log[-1].message == (
        "Alice can no longer pay 4 trade goods, so Focused Research has no effect"
    )
    assert game.log[-1].rules == ("1.11",)


def test_a_token_from_the_supply_is_reused_before_a_new_one_is_made() -> None:
    game = _game({})
    first = reserve.token(game, "Alice", "infantry")
    assert first.zone == st.UNIT_TOKENS
    assert reserve.token(game, "Bob", "infantry") is first
    assert first.owner == "Bob"
    assert reserve.token(game, "Bob", "fighter") is not first


def test_limited_units_come_from_systems_without_a_command_token_in_board_order() -> (
    None
):
    systems = [
        {"id": "rex", "tokens": ["Alice"], "units": {"Alice": ["4 cruiser"]}},
        {"id": "quann", "units": {"Alice": ["2 cruiser"]}},
        {"id": "lodor", "units": {"Alice": ["2 cruiser"]}},
    ]
    game = _game({}, systems)
    quann = st.system_named(game, "quann")
    assert quann is not None
    where = reserve.destination(quann, None)
    found = reserve.plan(game, "Alice", "cruiser", 3, where)
    assert [reserve.place_of(c)[0] for c in found.borrowed] == [
        "lodor",
        "lodor",
        "quann",
    ]
    assert reserve.plan(game, "Alice", "cruiser", 5, where).total == 4
    assert not reserve.plan(game, "Alice", "cruiser", 1, where, borrow=False).total


def test_fighters_fit_in_ten_systems() -> None:
    systems = [{"id": f"s{i}", "units": {"Alice": ["fighter"]}} for i in range(10)]
    systems.append({"id": "s10", "tokens": ["Alice"]})
    game = _game({}, systems)
    s0, s10 = st.system_named(game, "s0"), st.system_named(game, "s10")
    assert s0 is not None and s10 is not None
    assert reserve.placeable(game, "Alice", "fighter", 5, reserve.destination(s0, None))
    lone = reserve.plan(game, "Alice", "fighter", 2, reserve.destination(s10, None))
    assert [reserve.place_of(c)[0] for c in lone.borrowed] == ["s0"]
    assert lone.tokens == 1
