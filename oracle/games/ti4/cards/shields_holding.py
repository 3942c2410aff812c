"""Shields Holding: before assigning hits to their ships in a space combat,
the player cancels up to 2 of them. Not against Space Cannon hits, nor in
ground combat; it works on anti-fighter barrage hits (card notes)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import cancel, core
from oracle.games.ti4.combat.rolls import SPACE_CANNON

RULES = cite.cite("78.6", "10.N2")


def _my_hits(event: Event, ctx: Context) -> bool:
    return (
        event.player == ctx.player.name
        and event.param("combat") == core.SPACE
        and event.param("kind") != SPACE_CANNON
        and int(str(event.param("hits") or 0)) > 0
    )


def _shield(ctx: Context) -> bool:
    return cancel.cancel_hits(ctx, 2, "Shields Holding", RULES)


CARD = response_card(
    "shields-holding",
    "Shields Holding",
    AbilityKind.INTERRUPT,
    {"assign_hits": _my_hits},
    "before you assign hits to your ships during a space combat",
    handler=_shield,
)
