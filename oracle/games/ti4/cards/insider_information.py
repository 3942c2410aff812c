"""Insider Information (Codex): once an agenda is out, the player sees which
agenda lies on top of the deck."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.games.ti4 import agenda, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.riders import AFTER_REVEAL, revealed


def _look(ctx: Context) -> bool:
    agenda.look_at_top(ctx.game, ctx.player.name, 1, cite.AGENDA_REVEAL)
    return True


CARD = response_card(
    "insider-information",
    "Insider Information",
    AbilityKind.REACTION,
    {"agenda_revealed": revealed},
    AFTER_REVEAL,
    handler=_look,
)
