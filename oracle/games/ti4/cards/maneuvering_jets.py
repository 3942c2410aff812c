"""Maneuvering Jets: before assigning the hits of another player's Space
Cannon roll, the player cancels 1 of them (Space Cannon Offense or Defense;
never hits produced in a combat, card notes)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import cancel
from oracle.games.ti4.combat.rolls import SPACE_CANNON

RULES = cite.cite("77.5", "77.8")


def _cannon_hits(event: Event, ctx: Context) -> bool:
    me = ctx.player.name
    return (
        event.player == me
        and event.param("kind") == SPACE_CANNON
        and event.param("by") != me
        and int(str(event.param("hits") or 0)) > 0
    )


def _jets(ctx: Context) -> bool:
    return cancel.cancel_hits(ctx, 1, "Maneuvering Jets", RULES)


CARD = response_card(
    "maneuvering-jets",
    "Maneuvering Jets",
    AbilityKind.INTERRUPT,
    {"assign_hits": _cannon_hits},
    "before you assign the hits of another player's Space Cannon roll",
    handler=_jets,
)
