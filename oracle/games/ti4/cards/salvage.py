"""Salvage: after the player wins a space combat, the opponent gives them
all of their commodities, which become trade goods as they are received
(21.6)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import core

RULES = cite.cite("21.6", "78.10")


def _won(event: Event, ctx: Context) -> bool:
    return (
        event.param("combat") == core.SPACE
        and event.param("winner") == ctx.player.name
        and isinstance(event.param("loser"), str)
    )


def _salvage(ctx: Context) -> bool:
    event = ctx.event
    if event is None:
        return False
    game, me = ctx.game, ctx.player
    loser = game.player(str(event.param("loser")))
    amount = loser.resource(st.COMMODITIES)

    def change() -> None:
        loser.resources[st.COMMODITIES] = 0
        me.resources[st.TRADE_GOODS] = me.resource(st.TRADE_GOODS) + amount

    return changes.happen(
        game,
        "salvage",
        player=me.name,
        message=f"{loser.name} gives {me.name} {_commodities(amount)}, which "
        f"{me.name} gains as trade goods",
        change=change,
        rules=RULES if amount else (*RULES, *cite.ZERO_TARGETS),
    )


def _commodities(amount: int) -> str:
    return "1 commodity" if amount == 1 else f"{amount} commodities"


CARD = response_card(
    "salvage",
    "Salvage",
    AbilityKind.REACTION,
    {"combat_over": _won},
    "after you win a space combat",
    handler=_salvage,
)
