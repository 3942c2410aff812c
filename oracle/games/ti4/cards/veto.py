"""Veto: when an agenda is revealed, discard it and reveal the next agenda
from the top of the agenda deck (which opens its own "when" window, so a
second Veto may follow)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import agenda, cite
from oracle.games.ti4.agendas import outcomes
from oracle.games.ti4.cards.common import response_card


def _revealed(event: Event, ctx: Context) -> bool:
    return agenda.is_current(ctx.game, event.card)


def _veto(ctx: Context) -> bool:
    game, event = ctx.game, ctx.event
    vetoed = event.card if event is not None else None
    if vetoed is None or not agenda.is_current(game, vetoed):
        return False
    outcomes.discard(game, ctx.player.name, vetoed, "(Veto)", cite.AGENDA_REVEAL)
    agenda.reveal(game)
    return True


CARD = response_card(
    "veto",
    "Veto",
    AbilityKind.REACTION,
    {"reveal_agenda": _revealed},
    "when an agenda is revealed",
    handler=_veto,
)
