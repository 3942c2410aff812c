"""Morale Boost: played as a combat round starts; for that round the
player's units add 1 to each of their combat rolls (not to anti-fighter
barrage or any other roll, 10.1c)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import triggers
from oracle.games.ti4.combat.rolls import COMBAT, ROUND, Modifier


def _boost(ctx: Context) -> bool:
    combat = triggers.fighting(ctx, None)
    if combat is None:
        return False
    me = ctx.player.name
    boost = Modifier("Morale Boost", me, frozenset({COMBAT}), 1, ROUND)
    return triggers.add_modifier(
        ctx.game,
        combat,
        boost,
        f"{me} adds 1 to every combat roll of their units this combat round",
    )


CARD = response_card(
    "morale-boost",
    "Morale Boost",
    AbilityKind.REACTION,
    {"combat_round_start": triggers.any_round_starts},
    "at the start of a combat round",
    handler=_boost,
)
