"""Economic Initiative: ready each cultural planet you control."""

from __future__ import annotations

from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import action_card


def _economic(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    cultural = [
        p
        for p in st.controlled_planets(game, me)
        if "cultural" in game.definition(p).traits
    ]
    exhausted = [p for p in cultural if p.exhausted]
    for planet in exhausted:
        changes.ready_planet(game, me, planet)
    if not exhausted:
        game.say(
            me,
            f"{me} readies no planet: none of their cultural planets is exhausted",
            event="ready_planet",
            rules=cite.ZERO_TARGETS,
        )
    return True


CARD = action_card("economic-initiative", "Economic Initiative", _economic)
