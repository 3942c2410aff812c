"""Ghost Ship: place 1 destroyer from reinforcements in a non-home system that
contains a wormhole and no other player's ships."""

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
    """A non-home system with a wormhole and no other player's ships."""
    game = ctx.game
    if st.kind(game, system) != st.SYSTEM:
        return NOT_LEGAL
    if st.is_home(game, system):
        return f"{game.name_of(system)} is a home system", cite.PLAY
    if not st.wormholes(game, system):
        return f"{game.name_of(system)} contains no wormhole", cite.PLAY
    if any(u.owner != ctx.player.name for u in st.ships(game, system)):
        return f"{game.name_of(system)} contains another player's ships", cite.PLAY
    return None


CARD = action_card(
    "ghost-ship",
    "Ghost Ship",
    lambda ctx: (
        changes.place_units(ctx.game, ctx.player.name, "destroyer", 1, ctx.card()) == 1
    ),
    choices={
        "target": Choice(
            SYSTEMS,
            refuse,
            none=lambda ctx: nothing(
                "Ghost Ship cannot be played: no non-home system with a wormhole is "
                "free of other players' ships"
            ),
        )
    },
    needs=(in_stock("destroyer", 1, "Ghost Ship"), targets_exist),
)
