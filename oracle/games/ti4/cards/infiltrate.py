"""Infiltrate: when the player gains control of a planet, each PDS and space
dock of another player there is swapped for a matching unit from the
player's reinforcements (or, with none left, one taken from a system free of
their command tokens, card notes and 23.4a)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite, data
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import industry
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import core

RULES = cite.cite("49.5a", "31.2")


def _gaining(event: Event, ctx: Context) -> bool:
    return event.player == ctx.player.name and event.card is not None


def _infiltrate(ctx: Context) -> bool:
    event = ctx.event
    planet = event.card if event is not None else None
    if planet is None:
        return False
    game, me = ctx.game, ctx.player.name
    system = st.system_of(game, planet)
    theirs = [
        u
        for u in st.on_planet(game, planet)
        if u.owner != me and u.slug in data.STRUCTURES
    ]
    if system is None or not theirs:
        game.say(
            me,
            f"{game.name_of(planet)} holds no structure of another player: nothing "
            "is replaced",
            event="infiltrate",
            rules=cite.ZERO_TARGETS,
        )
        return True
    for unit in theirs:
        if not changes.place_units(game, me, unit.slug, 1, system, planet):
            continue
        word = changes.units_text(unit.slug, 1).split(" ", 1)[1]
        core.remove_units(
            game,
            me,
            [unit],
            f"{me} returns {unit.owner}'s {word} on {game.name_of(planet)} to their "
            "reinforcements",
            RULES,
        )
        if unit.slug == "space-dock":
            industry.dock_replaced(game, me, system)
    return True


CARD = response_card(
    "infiltrate",
    "Infiltrate",
    AbilityKind.INTERRUPT,
    {"gain_planet": _gaining},
    "when you gain control of a planet",
    handler=_infiltrate,
)
