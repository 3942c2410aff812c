"""Intercept: after the opponent announces a retreat in a space combat, they
cannot retreat in that round (they may announce again in the next one; it
does not stop Skilled Retreat, which is no retreat)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import triggers

RULES = cite.cite("78.7")


def _opponent_announces(event: Event, ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    return combat is not None and event.player == combat.opponent(ctx.player.name)


def _intercept(ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    if combat is None:
        return False
    them = combat.opponent(ctx.player.name)

    def change() -> None:
        combat.intercepted.add(them)

    return changes.happen(
        ctx.game,
        "intercept",
        player=ctx.player.name,
        message=f"{them} cannot retreat in this combat round",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "intercept",
    "Intercept",
    AbilityKind.REACTION,
    {"announce_retreat": _opponent_announces},
    "after your opponent announces a retreat during a space combat",
    handler=_intercept,
)
