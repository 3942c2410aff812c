"""Waylay (Prophecy of Kings): before the player rolls Anti-Fighter Barrage,
the hits of that roll are produced against ships of every kind, not only
fighters; a ship with Sustain Damage may then cancel one (card notes)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import triggers

RULES = cite.cite("10.2", "87.4")


def _my_barrage(event: Event, ctx: Context) -> bool:
    return triggers.fighting(ctx) is not None and event.player == ctx.player.name


def _waylay(ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    if combat is None:
        return False
    me = ctx.player.name

    def change() -> None:
        combat.waylay.add(me)

    return changes.happen(
        ctx.game,
        "waylay",
        player=me,
        message=f"The hits of {me}'s anti-fighter barrage go to ships of every kind",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "waylay",
    "Waylay",
    AbilityKind.INTERRUPT,
    {"barrage_roll": _my_barrage},
    "before you roll dice for anti-fighter barrage",
    handler=_waylay,
)
