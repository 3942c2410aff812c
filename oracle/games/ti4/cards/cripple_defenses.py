"""Cripple Defenses: destroy every PDS on a planet of your choice (there may
be none)."""

from __future__ import annotations

from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import PLANETS, Choice, action_card


def _cripple(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    pds = st.on_planet(game, planet, "pds")
    if pds:
        return changes.destroy_units(game, ctx.player.name, pds)
    game.say(
        ctx.player.name,
        f"{ctx.player.name} destroys no PDS: there is none on {game.name_of(planet)}",
        event="destroy_units",
        rules=cite.ZERO_TARGETS,
    )
    return True


CARD = action_card(
    "cripple-defenses",
    "Cripple Defenses",
    _cripple,
    choices={"target": Choice(PLANETS)},
)
