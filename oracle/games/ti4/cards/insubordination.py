"""Insubordination: return a command token from another player's tactic pool
to their reinforcements (offensive)."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    OTHER_PLAYERS,
    Choice,
    Reason,
    action_card,
    nothing,
)


def _insubordination(ctx: Context) -> bool:
    game, me, victim = ctx.game, ctx.player.name, ctx.chosen_player()

    def change() -> None:
        victim.resources[st.TACTIC] = victim.resource(st.TACTIC) - 1
        victim.resources[st.TOKENS_LEFT] = victim.resource(st.TOKENS_LEFT) + 1

    return changes.happen(
        game,
        "remove_command_token",
        player=me,
        message=f"{me} returns a command token from {victim.name}'s tactic pool to "
        f"{victim.name}'s reinforcements",
        change=change,
    )


def refuse(ctx: Context, player: Player) -> Reason | None:
    """A player with a token in their tactic pool."""
    return None if player.resource(st.TACTIC) > 0 else NOT_LEGAL


CARD = action_card(
    "insubordination",
    "Insubordination",
    _insubordination,
    choices={
        "target": Choice(
            OTHER_PLAYERS,
            refuse,
            none=lambda ctx: nothing(
                "Insubordination cannot be played: no other player has a tactic token"
            ),
        )
    },
    offensive=True,
)
