"""Quash (Xxcha faction ability): when an agenda is revealed, the Xxcha
player may spend a token from their strategy pool to discard that agenda and
reveal the next one, which is voted on instead.

By its notes it shares its window with Veto and the promissory notes played
as an agenda is revealed, before riders; it may be used again on the
replacement agenda; Political Secrets already played go back at once
(``outcomes.discard``). The Xxcha player's own Political Secret, played by
another player, keeps them from using it (``rules._silenced``).
"""

from __future__ import annotations

from oracle.engine.core.abilities import reaction
from oracle.engine.core.cards import CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import agenda, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs


def _revealed(event: Event, ctx: Context) -> bool:
    return agenda.is_current(ctx.game, event.card)


def _quash(ctx: Context) -> bool:
    quashed = ctx.event.card if ctx.event is not None else None
    return agenda.replace_current(
        ctx.game, ctx.player.name, quashed, "(Quash)", cite.QUASH
    )


CARD = CardDef(
    "quash",
    "Quash",
    st.FACTION_ABILITY,
    abilities=(
        reaction(
            {"reveal_agenda": _revealed},
            cost=costs.strategy_token(),
            handler=_quash,
            message="{player} uses Quash on {event_card}",
            rules=cite.QUASH,
        ),
    ),
    data={"faction": "xxcha"},
)
