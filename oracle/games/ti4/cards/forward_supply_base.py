"""Forward Supply Base: after another player activates a system that contains
one or more of your units, gain 3 trade goods; then another player of your
choice gains 1 trade good."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import OTHER_PLAYERS, Choice, response_card


def _activated_near_me(event: Event, ctx: Context) -> bool:
    system, me = event.card, ctx.player.name
    return (
        event.player not in (None, me)
        and system is not None
        and bool(st.units(ctx.game, system=system, owner=me))
    )


def _supply(ctx: Context) -> bool:
    game = ctx.game
    if not changes.gain_trade_goods(game, ctx.player, 3, ""):
        return False
    return changes.gain_trade_goods(game, ctx.chosen_player(), 1, "", cite.THEN)


CARD = response_card(
    "forward-supply-base",
    "Forward Supply Base",
    AbilityKind.REACTION,
    {"activate_system": _activated_near_me},
    "after another player activates a system that contains one or more of your units",
    handler=_supply,
    choices={"target": Choice(OTHER_PLAYERS)},
)
