"""Reactor Meltdown: destroy another player's space dock in a non-home system
(offensive)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import UNITS, Choice, Reason, action_card, nothing


def refuse(ctx: Context, unit: Card) -> Reason | None:
    """A space dock outside a home system."""
    if unit.slug != "space-dock":
        return "Reactor Meltdown destroys a space dock", cite.PLAY
    if st.is_home(ctx.game, st.system_of(ctx.game, unit)):
        return (
            "Reactor Meltdown cannot destroy a space dock in a home system",
            cite.PLAY,
        )
    return None


CARD = action_card(
    "reactor-meltdown",
    "Reactor Meltdown",
    lambda ctx: changes.destroy_units(ctx.game, ctx.player.name, [ctx.card()]),
    choices={
        "target": Choice(
            UNITS,
            refuse,
            none=lambda ctx: nothing(
                "Reactor Meltdown cannot be played: no other player's space dock is "
                "in a non-home system"
            ),
        )
    },
    offensive=True,
)
