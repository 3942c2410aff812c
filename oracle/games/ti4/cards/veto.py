"""Veto: when an agenda is revealed, discard it and reveal the next agenda
from the top of the agenda deck (which opens its own "when" window, so a
second Veto may follow)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import agenda, cite
from oracle.games.ti4.cards.common import response_card


def _revealed(event: Event, ctx: Context) -> bool:
    return agenda.is_current(ctx.game, event.card)


def _veto(ctx: Context) -> bool:
    vetoed = ctx.event.card if ctx.event is not None else None
    return agenda.replace_current(
        ctx.game, ctx.player.name, vetoed, "(Veto)", cite.AGENDA_REVEAL
    )


CARD = response_card(
    "veto",
    "Veto",
    AbilityKind.REACTION,
    {"reveal_agenda": _revealed},
    "when an agenda is revealed",
    handler=_veto,
)
