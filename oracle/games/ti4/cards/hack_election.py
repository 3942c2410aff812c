"""Hack Election (Codex): after an agenda is revealed, voting on it starts
with the player on the speaker's right and goes counterclockwise; the
speaker still votes last (its official note)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.games.ti4 import cite, voting
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.riders import AFTER_REVEAL, revealed


def _hack(ctx: Context) -> bool:
    voting.agenda_state(ctx.game).counterclockwise = True
    ctx.game.say(
        ctx.player.name,
        "Voting on this agenda goes counterclockwise from the speaker's right",
        event="vote_order",
        rules=cite.AGENDA_VOTE,
    )
    return True


CARD = response_card(
    "hack-election",
    "Hack Election",
    AbilityKind.REACTION,
    {"agenda_revealed": revealed},
    AFTER_REVEAL,
    handler=_hack,
)
