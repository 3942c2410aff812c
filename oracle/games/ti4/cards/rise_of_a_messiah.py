"""Rise of a Messiah: place 1 infantry from reinforcements on each planet you
control."""

from __future__ import annotations

from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import NO_PLASTIC, action_card, no_plastic


def _messiah(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    planets = st.controlled_planets(game, me)
    if not planets:
        game.say(
            me,
            f"{me} places no infantry: they control no planet",
            event="place_units",
            rules=cite.ZERO_TARGETS,
        )
    for planet in planets:
        system = st.system_of(game, planet)
        if system is None or changes.barred_planet(game, me, "infantry", planet):
            continue
        if not changes.place_units(
            game, me, "infantry", 1, system, planet, borrow=False
        ):
            game.say(
                me,
                f"{me} places no infantry on {game.name_of(planet)}: "
                + no_plastic(ctx, borrow=False),
                event="place_units",
                rules=NO_PLASTIC,
            )
    return True


CARD = action_card("rise-of-a-messiah", "Rise of a Messiah", _messiah)
