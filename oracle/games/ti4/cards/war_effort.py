"""War Effort: place 1 cruiser from reinforcements in a system that contains
one or more of your ships."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    SYSTEMS,
    Choice,
    Reason,
    action_card,
    in_stock,
    nothing,
    targets_exist,
)


def refuse(ctx: Context, system: Card) -> Reason | None:
    """A system that contains a ship of yours."""
    if st.kind(ctx.game, system) != st.SYSTEM:
        return NOT_LEGAL
    if not st.ships(ctx.game, system, ctx.player.name):
        return (
            f"{ctx.game.name_of(system)} contains no ship of {ctx.player.name}, and "
            "War Effort places its cruiser in a system that contains one",
            cite.PLAY,
        )
    return None


CARD = action_card(
    "war-effort",
    "War Effort",
    lambda ctx: (
        changes.place_units(ctx.game, ctx.player.name, "cruiser", 1, ctx.card()) == 1
    ),
    choices={
        "target": Choice(
            SYSTEMS,
            refuse,
            none=lambda ctx: nothing(
                f"War Effort cannot be played: {ctx.player.name} has no ship on the "
                "board"
            ),
        )
    },
    needs=(in_stock("cruiser", 1, "War Effort"), targets_exist),
)
