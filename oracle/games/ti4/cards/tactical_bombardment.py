"""Tactical Bombardment: exhaust each planet other players control in a system
that contains one of your units with Bombardment (offensive)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite, data
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    SYSTEMS,
    Choice,
    Reason,
    action_card,
    nothing,
    others_planet,
)


def _bombardment(ctx: Context) -> bool:
    game, system, me = ctx.game, ctx.card(), ctx.player.name
    planets = [
        p
        for p in st.planets_in(game, system)
        if others_planet(p, ctx) and not p.exhausted
    ]
    for planet in planets:
        changes.exhaust_planet(game, me, planet)
    if not planets:
        game.say(
            me,
            f"{me} exhausts no planet in {game.name_of(system)}",
            event="exhaust_planet",
            rules=cite.ZERO_TARGETS,
        )
    return True


def refuse(ctx: Context, system: Card) -> Reason | None:
    """A system with one of your units that has Bombardment."""
    units = st.units(ctx.game, system=system, owner=ctx.player.name)
    if any(u.slug in data.BOMBARDMENT_UNITS for u in units):
        return None
    return NOT_LEGAL


CARD = action_card(
    "tactical-bombardment",
    "Tactical Bombardment",
    _bombardment,
    choices={
        "target": Choice(
            SYSTEMS,
            refuse,
            none=lambda ctx: nothing(
                "Tactical Bombardment cannot be played: "
                f"{ctx.player.name} has no unit with Bombardment on the board"
            ),
        )
    },
    offensive=True,
)
