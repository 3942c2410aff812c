"""Parley: after another player commits ground forces to a planet the player
controls, those ground forces go back to the space area; they cannot be
committed to another planet in the same tactical action (card notes)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import invasion

RULES = cite.cite("49.2")


def _landed_on_mine(event: Event, ctx: Context) -> bool:
    planet = event.card
    return (
        planet is not None
        and event.player != ctx.player.name
        and st.controller(ctx.game, planet) == ctx.player.name
        and invasion.current(ctx.game) is not None
    )


def _parley(ctx: Context) -> bool:
    event, found = ctx.event, invasion.current(ctx.game)
    if event is None or event.card is None or found is None:
        return False
    planet = event.card
    ids = event.param("units")
    landed = [
        ctx.game.cards[i]
        for i in (ids if isinstance(ids, list) else [])
        if ctx.game.cards[i].data.get("planet") == planet.slug
    ]

    def change() -> None:
        for unit in landed:
            unit.data.pop("planet", None)
            found.returned.add(unit.id)
        if planet.slug in found.committed and not any(
            u.data.get("planet") == planet.slug and u.owner == found.attacker
            for u in st.on_planet(ctx.game, planet)
        ):
            found.committed.remove(planet.slug)

    return changes.happen(
        ctx.game,
        "parley",
        player=ctx.player.name,
        message=f"The ground forces committed to {ctx.game.name_of(planet)} go back "
        "to the space area",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "parley",
    "Parley",
    AbilityKind.REACTION,
    {"commit_ground_forces": _landed_on_mine},
    "after another player commits ground forces to land on a planet you control",
    handler=_parley,
)
