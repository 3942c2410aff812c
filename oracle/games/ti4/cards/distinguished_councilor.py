"""Distinguished Councilor: after you cast votes, cast 5 more votes for the
same outcome (8.15). Its official notes: only after one's own vote for an
outcome (not after extra votes cast later, not after abstaining). Refused
while Representative Government (Prophecy of Kings) forbids extra votes."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import voting
from oracle.games.ti4.cards.common import response_card


def _you_voted(event: Event, ctx: Context) -> bool:
    me = ctx.player.name
    return event.player == me and voting.has_voted(ctx.game, me)


def _councilor(ctx: Context) -> bool:
    return voting.add_votes(ctx.game, ctx.player.name, 5, "(Distinguished Councilor)")


CARD = response_card(
    "distinguished-councilor",
    "Distinguished Councilor",
    AbilityKind.REACTION,
    {"cast_votes": _you_voted},
    "after you cast votes for an outcome",
    handler=_councilor,
    needs=(voting.extra_votes_refused,),
)
