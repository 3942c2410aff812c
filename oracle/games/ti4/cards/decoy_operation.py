"""Decoy Operation (Prophecy of Kings): after another player activates a system
that contains one of your structures, put up to 2 of your ground forces from
anywhere on the board on a planet you control in the active system."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, Target
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY
from oracle.engine.core.messages import join_words
from oracle.games.ti4 import changes, cite, data
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    response_card,
)


def _my_structure_there(event: Event, ctx: Context) -> bool:
    system, me = event.card, ctx.player.name
    return (
        event.player not in (None, me)
        and system is not None
        and any(
            u.slug in data.STRUCTURES
            for u in st.units(ctx.game, system=system, owner=me)
        )
    )


def _active(ctx: Context) -> Card | None:
    return ctx.event.card if ctx.event is not None else None


def refuse_planet(ctx: Context, planet: Card) -> Reason | None:
    """A planet you control in the active system."""
    game, system = ctx.game, _active(ctx)
    if st.kind(game, planet) != st.PLANET or system is None:
        return NOT_LEGAL
    if st.system_of(game, planet) is not system:
        return f"{game.name_of(planet)} is not in the active system", cite.PLAY
    if st.controller(game, planet) != ctx.player.name:
        return f"{ctx.player.name} does not control {game.name_of(planet)}", cite.PLAY
    return None


def refuse_unit(ctx: Context, unit: Card) -> Reason | None:
    """One of your ground forces on the board."""
    if unit.owner != ctx.player.name or unit.slug not in data.GROUND_FORCES:
        return NOT_LEGAL
    return None


def _decoy(ctx: Context) -> bool:
    game, me, planet = ctx.game, ctx.player.name, ctx.card()
    system = st.system_of(game, planet)
    moved = list(ctx.cards("units"))
    if system is None or not moved:
        game.say(
            me, f"{me} moves no ground forces", event="effect", rules=cite.ZERO_TARGETS
        )
        return True
    counts: dict[str, int] = {}
    for unit in moved:
        counts[unit.slug] = counts.get(unit.slug, 0) + 1
    what = join_words([changes.units_text(u, n) for u, n in counts.items()])

    text = f"{me} puts {what} on {game.name_of(planet)}"
    return changes.put_on_planet(game, me, moved, planet, text, cite.ABILITY_MOVE)


CARD = response_card(
    "decoy-operation",
    "Decoy Operation",
    AbilityKind.REACTION,
    {"activate_system": _my_structure_there},
    "after another player activates a system that contains one of your structures",
    handler=_decoy,
    choices={
        "target": Choice(PLANETS, refuse_planet),
        "units": Choice(
            Target(
                card_type=st.UNIT, zone=PLAY, controller="self", count=2, up_to=True
            ),
            refuse_unit,
        ),
    },
)
