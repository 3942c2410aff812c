"""Rout (Prophecy of Kings): at the start of the Announce Retreats step of a
space combat in which the player defends, their opponent must announce a
retreat if they can (a retreat needs a system to go to, 78.4c)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import triggers

RULES = cite.cite("78.4", "78.4c")


def _i_defend(event: Event, ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    return combat is not None and combat.defender == ctx.player.name


def _rout(ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    if combat is None:
        return False
    them = combat.attacker

    def change() -> None:
        combat.forced.add(them)

    return changes.happen(
        ctx.game,
        "rout",
        player=ctx.player.name,
        message=f"{them} must announce a retreat in this round if they can",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "rout",
    "Rout",
    AbilityKind.REACTION,
    {"announce_retreats": _i_defend},
    "at the start of the announce retreats step of a space combat in which you "
    "are the defender",
    handler=_rout,
)
