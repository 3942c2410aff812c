"""Ghost Squad (Codex): once another player has committed ground forces to
land on a planet you control, move any number of your ground forces from
planets you control in the active system to another one you control there.

Card notes: it comes after every commitment of the step is made (the window
``commitments_made``), and moving none is allowed.
One play names one destination planet (``target``) for the ground forces it
moves (``units``); sending them to several planets at once is not modelled.
"""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, Target
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY
from oracle.games.ti4 import changes, cite, data
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    response_card,
)
from oracle.games.ti4.combat import core, invasion

RULES = cite.cite("49.2", "58.9")
MOST = 20


def _system(ctx: Context) -> Card | None:
    found = invasion.current(ctx.game)
    return core.system_card(ctx.game, found.system) if found is not None else None


def _landed_on_mine(event: Event, ctx: Context) -> bool:
    planets = event.param("planets")
    return event.player not in (None, ctx.player.name) and any(
        st.controller(ctx.game, p) == ctx.player.name
        for p in map(
            lambda slug: st.planet_named(ctx.game, str(slug)),
            planets if isinstance(planets, list) else [],
        )
        if p is not None
    )


def _mine_here(ctx: Context, planet: Card) -> bool:
    system = _system(ctx)
    return (
        system is not None
        and st.kind(ctx.game, planet) == st.PLANET
        and st.system_of(ctx.game, planet) is system
        and st.controller(ctx.game, planet) == ctx.player.name
    )


def refuse_planet(ctx: Context, planet: Card) -> Reason | None:
    """A planet you control in the active system."""
    if st.kind(ctx.game, planet) != st.PLANET:
        return NOT_LEGAL
    if not _mine_here(ctx, planet):
        return (
            f"{ctx.player.name} does not control {ctx.game.name_of(planet)} in the "
            "active system",
            cite.PLAY,
        )
    return None


def refuse_unit(ctx: Context, unit: Card) -> Reason | None:
    """One of your ground forces on a planet you control in the active system."""
    if unit.owner != ctx.player.name or unit.slug not in data.GROUND_FORCES:
        return NOT_LEGAL
    where = st.planet_named(ctx.game, str(unit.data.get("planet") or ""))
    if where is None or not _mine_here(ctx, where):
        return (
            "that ground force is not on a planet you control in the active system",
            cite.PLAY,
        )
    return None


def _ghost_squad(ctx: Context) -> bool:
    game, me, planet = ctx.game, ctx.player.name, ctx.card()
    moved = [u for u in ctx.cards("units") if u.data.get("planet") != planet.slug]
    if not moved:
        game.say(
            me, f"{me} moves no ground forces", event="effect", rules=cite.ZERO_TARGETS
        )
        return True

    text = f"{me} moves {core.count_words(moved)} to {game.name_of(planet)}"
    return changes.put_on_planet(game, me, moved, planet, text, RULES)


CARD = response_card(
    "ghost-squad",
    "Ghost Squad",
    AbilityKind.REACTION,
    {invasion.COMMITTED: _landed_on_mine},
    "once another player has committed ground forces to a planet you control",
    handler=_ghost_squad,
    choices={
        "target": Choice(PLANETS, refuse_planet),
        "units": Choice(
            Target(
                card_type=st.UNIT,
                zone=PLAY,
                controller="self",
                count=MOST,
                up_to=True,
            ),
            refuse_unit,
        ),
    },
)
