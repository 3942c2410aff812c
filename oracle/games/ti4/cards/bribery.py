"""Bribery: after the speaker casts votes (or abstains, or would vote but
cannot: its official note), spend any number of trade goods, zero included,
and cast that many more votes for the outcome you voted for (8.15; a player
who has cast no votes cannot play it). Refused while Representative
Government (Prophecy of Kings) forbids extra votes."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, Target
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import Choice, response_card


def _speaker_voted(event: Event, ctx: Context) -> bool:
    game = ctx.game
    return event.player == st.table(game).speaker and voting.has_voted(
        game, ctx.player.name
    )


def _goods(ctx: Context) -> int:
    return ctx.player.resource(st.TRADE_GOODS)


def _bribe(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    amount = ctx.number("trade_goods")
    if amount:
        changes.spend_trade_goods(game, me, amount, "(Bribery)")
    return voting.add_votes(game, me.name, amount, "(Bribery)")


CARD = response_card(
    "bribery",
    "Bribery",
    AbilityKind.REACTION,
    {"cast_votes": _speaker_voted},
    "after the speaker casts votes on an agenda",
    handler=_bribe,
    needs=(voting.extra_votes_refused,),
    choices={
        "trade_goods": Choice(
            Target(mode="number", minimum=0, maximum=_goods, prompt="Trade goods")
        )
    },
)
