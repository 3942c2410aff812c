"""Assassinate Representative: after an agenda is revealed, choose a player,
who cannot vote on this agenda (8.16; they may still play riders)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, Target
from oracle.engine.core.context import Context
from oracle.games.ti4 import cite, voting
from oracle.games.ti4.cards.common import Choice, response_card
from oracle.games.ti4.riders import AFTER_REVEAL, revealed


def _assassinate(ctx: Context) -> bool:
    game, victim = ctx.game, ctx.chosen_player()
    voting.agenda_state(game).cannot_vote.add(victim.name)
    game.say(
        ctx.player.name,
        f"{victim.name} cannot vote on this agenda",
        event="cannot_vote",
        rules=cite.CANNOT_VOTE,
    )
    return True


CARD = response_card(
    "assassinate-representative",
    "Assassinate Representative",
    AbilityKind.REACTION,
    {"agenda_revealed": revealed},
    AFTER_REVEAL,
    handler=_assassinate,
    choices={"target": Choice(Target(mode="player"))},
)
