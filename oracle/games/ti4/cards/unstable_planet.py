"""Unstable Planet: exhaust a hazardous planet a player controls and destroy
up to 3 infantry on it."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    action_card,
)

#: How many infantry Unstable Planet destroys when the planet holds more.
INFANTRY = 3


def _unstable(ctx: Context) -> bool:
    """Exhaust the planet, then destroy its infantry: all of them when it holds
    three or fewer, else exactly three (the card's official note). "Up to" is
    not the player's choice here, so nothing is asked."""
    game, planet = ctx.game, ctx.card()
    me = ctx.player.name
    if planet.exhausted:
        owner = st.controller(game, planet) or me
        whose = "their" if owner == me else st.pronoun_possessive(owner)
        game.say(
            me,
            f"{me} cannot exhaust {whose} {game.name_of(planet)}: it is already "
            "exhausted, and the rest of Unstable Planet still resolves",
            event="exhaust_planet",
            rules=(*cite.EXHAUSTED_ALREADY, *cite.AND_EFFECTS),
        )
    elif not changes.exhaust_planet(game, me, planet):
        return False
    infantry = st.on_planet(game, planet, "infantry")
    if infantry:
        return changes.destroy_units(game, me, infantry[:INFANTRY])
    game.say(
        me,
        f"{me} destroys no infantry on {game.name_of(planet)}",
        event="destroy_units",
        rules=cite.ZERO_TARGETS,
    )
    return True


def refuse(ctx: Context, planet: Card) -> Reason | None:
    """Any hazardous planet a player controls, theirs or another's, readied or
    not: the card says "exhaust that planet and destroy up to 3 infantry on it",
    so an exhausted planet can still lose its infantry (1.9; 2.N10 lets the
    infantry be zero)."""
    game = ctx.game
    if st.kind(game, planet) != st.PLANET:
        return NOT_LEGAL
    if "hazardous" not in game.definition(planet).traits:
        return f"{game.name_of(planet)} is not a hazardous planet", cite.PLAY
    if st.controller(game, planet) is None:
        return NOT_LEGAL
    return None


CARD = action_card(
    "unstable-planet",
    "Unstable Planet",
    _unstable,
    choices={"target": Choice(PLANETS, refuse)},
)
