"""Political Stability: when you would return your strategy cards in the
status phase, keep them; you choose none in the next strategy phase."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card


def _returns_own_cards(event: Event, ctx: Context) -> bool:
    return event.player == ctx.player.name


def _stability(ctx: Context) -> bool:
    if ctx.event is not None:
        ctx.event.cancel()
    st.seat(ctx.game, ctx.player.name).keeps_strategy_cards = True
    ctx.game.say(
        ctx.player.name,
        f"{ctx.player.name} keeps their strategy cards and will not choose any in the "
        "next strategy phase",
        event="keep_strategy_cards",
    )
    return True


CARD = response_card(
    "political-stability",
    "Political Stability",
    AbilityKind.CANCEL,
    {"return_strategy_cards": _returns_own_cards},
    "when you would return your strategy cards in the status phase",
    handler=_stability,
)
