"""Spy: take 1 random action card from another player's hand."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    OTHER_PLAYERS,
    Choice,
    Reason,
    action_card,
    nothing,
)


def _spy(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    victim = ctx.chosen_player()
    held = st.hand(game, victim.name)
    if not held:
        return False
    card = held[game.rng.randrange(len(held))]

    def change() -> None:
        changes.take_to_hand(game, card, me.name)

    return changes.happen(
        game,
        "give_action_card",
        player=me.name,
        message=f"{me.name} takes 1 random action card from {victim.name}'s hand",
        change=change,
        params={"giver": victim.name},
        rules=cite.HIDDEN,
    )


def refuse(ctx: Context, target: Player) -> Reason | None:
    """Another player with at least one action card."""
    if target.name == ctx.player.name:
        return "Spy takes a card from another player", cite.PLAY
    if not st.hand(ctx.game, target.name):
        return (
            f"Spy cannot be played on {target.name}: {target.name} has no action "
            "card, so the ability cannot be resolved completely",
            (*cite.ACTION_TIMING, *cite.NOT_RESOLVABLE, *cite.TARGETS_EXIST),
        )
    return None


CARD = action_card(
    "spy",
    "Spy",
    _spy,
    choices={
        "target": Choice(
            OTHER_PLAYERS,
            refuse,
            none=lambda ctx: nothing(
                "Spy cannot be played: no other player has an action card to give",
                cite.NOT_RESOLVABLE,
            ),
        )
    },
)
