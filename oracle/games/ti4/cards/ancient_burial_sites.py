"""Ancient Burial Sites: at the start of the agenda phase, exhaust each
cultural planet a player of your choice controls."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind, Target
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import Choice, phase_starts, response_card


def _agenda_starts(event: Event, ctx: Context) -> bool:
    return phase_starts("agenda")(event, ctx) and not st.table(ctx.game).custodians


def _burial(ctx: Context) -> bool:
    game, me, victim = ctx.game, ctx.player.name, ctx.chosen_player()
    cultural = [
        p
        for p in st.controlled_planets(game, victim.name)
        if "cultural" in game.definition(p).traits and not p.exhausted
    ]
    for planet in cultural:
        changes.exhaust_planet(game, me, planet)
    if not cultural:
        game.say(
            me,
            f"{me} exhausts no planet: {victim.name} has no readied cultural planet",
            event="exhaust_planet",
            rules=cite.ZERO_TARGETS,
        )
    return True


CARD = response_card(
    "ancient-burial-sites",
    "Ancient Burial Sites",
    AbilityKind.REACTION,
    {"period_start": _agenda_starts},
    "at the start of the agenda phase",
    handler=_burial,
    choices={"target": Choice(Target(mode="player"))},
)
