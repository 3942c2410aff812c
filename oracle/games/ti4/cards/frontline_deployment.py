"""Frontline Deployment: place 3 infantry from reinforcements on one planet
you control."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite, laws, reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NO_PLASTIC,
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    action_card,
    no_plastic,
    nothing,
    own_planet,
)


def _frontline(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    system = st.system_of(game, planet)
    assert system is not None
    return (
        changes.place_units(game, ctx.player.name, "infantry", 3, system, planet) == 3
    )


def _infantry_fit(planet: Card, ctx: Context) -> bool:
    system = st.system_of(ctx.game, planet)
    if system is None:
        return False
    where = reserve.destination(system, planet)
    return reserve.placeable(ctx.game, ctx.player.name, "infantry", 3, where)


def refuse(ctx: Context, planet: Card) -> Reason | None:
    """A planet you control on which three infantry can stand (23.N1)."""
    if not own_planet(planet, ctx):
        return NOT_LEGAL
    if laws.demilitarized(ctx.game, planet):
        return (
            f"no unit may be placed on {ctx.game.name_of(planet)}: Demilitarized "
            "Zone is attached to it",
            cite.LAW_DEMILITARIZED,
        )
    if not _infantry_fit(planet, ctx):
        return (
            f"{ctx.player.name} cannot put infantry on {ctx.game.name_of(planet)}: "
            + no_plastic(ctx),
            (*cite.NOT_RESOLVABLE, *NO_PLASTIC),
        )
    return None


def _none(ctx: Context) -> Reason:
    me = ctx.player.name
    if not st.controlled_planets(ctx.game, me):
        return nothing(f"{me} controls no planet for Frontline Deployment")
    return nothing(
        f"Frontline Deployment cannot be played: {no_plastic(ctx)}",
        (*cite.NOT_RESOLVABLE, *NO_PLASTIC),
    )


CARD = action_card(
    "frontline-deployment",
    "Frontline Deployment",
    _frontline,
    choices={"target": Choice(PLANETS, refuse, none=_none)},
)
