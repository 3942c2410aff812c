"""War Machine (Codex): when your units use Production, their combined
production value is 4 higher and the units produced cost 1 less in total.
A second copy cannot be added to the same use (2.6b; the card's note)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4.cards.common import response_card


def _own_production(event: Event, ctx: Context) -> bool:
    return event.player == ctx.player.name


_war = tactical.boosting(
    "war_machine",
    lambda me: (
        "this use of Production has a production value 4 higher and costs 1 less"
    ),
    cite.WAR_MACHINE,
)


CARD = response_card(
    "war-machine",
    "War Machine",
    AbilityKind.REACTION,
    {"use_production": _own_production},
    "when one or more of your units use Production",
    handler=_war,
)
