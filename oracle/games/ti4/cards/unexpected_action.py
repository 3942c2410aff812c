"""Unexpected Action: remove one of your command tokens from the board and
return it to your reinforcements."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    SYSTEMS,
    Choice,
    Reason,
    action_card,
    nothing,
)


def refuse(ctx: Context, system: Card) -> Reason | None:
    """A system holding one of your command tokens."""
    return None if system.token_count(st.token_key(ctx.player.name)) else NOT_LEGAL


CARD = action_card(
    "unexpected-action",
    "Unexpected Action",
    lambda ctx: changes.remove_board_token(
        ctx.game, ctx.player, ctx.card(), "(Unexpected Action)"
    ),
    choices={
        "target": Choice(
            SYSTEMS,
            refuse,
            none=lambda ctx: nothing(
                f"{ctx.player.name} has no command token on the board"
            ),
        )
    },
)
