"""Fighter Prototype: played as the first round of a space combat starts;
for that round the player's fighters add 2 to each of their combat rolls."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import triggers
from oracle.games.ti4.combat.rolls import COMBAT, ROUND, Modifier


def _prototype(ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    if combat is None:
        return False
    me = ctx.player.name
    boost = Modifier(
        "Fighter Prototype", me, frozenset({COMBAT}), 2, ROUND, frozenset({"fighter"})
    )
    return triggers.add_modifier(
        ctx.game,
        combat,
        boost,
        f"{me} adds 2 to every combat roll of their fighters this combat round",
    )


CARD = response_card(
    "fighter-prototype",
    "Fighter Prototype",
    AbilityKind.REACTION,
    {"combat_round_start": triggers.first_round_starts},
    "at the start of the first round of a space combat",
    handler=_prototype,
)
