"""Reveal Prototype (Prophecy of Kings): at the start of a combat, the player
spends 4 resources to research the unit upgrade of a unit type they have
taking part in that combat: ships in a space combat, ground forces on the
planet in a ground combat.

By the card notes: the prerequisites must be met (specialties may ignore
some, 90.14); a player with fewer than 4 resources to spend (readied
planets and trade goods, 75.2, 75.3) cannot play it, nor one who already owns
the upgrade of every such unit type. The technology is named with the card,
but the log shows it only once the card resolves (its cancel window comes
first). The upgrade applies from then on, to that combat's rolls too (97.4;
``core.learned``). Research by a faction with unit upgrades of its own
(97.N1) is refused as not modelled (``research.unmodelled``); a combat of the
Nekro Virus is refused as a whole (Technological Singularity is not modelled).
"""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite, data, research, units
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs
from oracle.games.ti4.cards.common import (
    PAYING_PLANETS,
    Choice,
    Reason,
    options,
    response_card,
    targets_exist,
)
from oracle.games.ti4.combat import core, triggers

#: The unit type each unit upgrade technology upgrades (90.6).
UPGRADED: dict[str, str] = {
    **{slug: line.unit for slug, line in units.UPGRADES.items()},
    units.WAR_SUN_TECHNOLOGY: "war-sun",
}
UPGRADE = cite.cite("90.6", "97.1")
NOTHING = cite.NEEDS_SETS["unit-upgrade"]
RESEARCHED = cite.cite("97.4")


def _combat_starts(event: Event, ctx: Context) -> bool:
    """At the start of a space or ground combat the player fights in (78.2a,
    42.4a: the first round's start)."""
    return event.param("round") == 1 and triggers.fighting(ctx, None) is not None


def taking_part(ctx: Context) -> list[Card]:
    """The player's units taking part in the combat in progress."""
    game, me = ctx.game, ctx.player.name
    combat = triggers.fighting(ctx, None)
    if combat is None:
        return []
    if combat.planet is not None:
        planet = st.planet_named(game, combat.planet)
        return core.ground_forces(game, planet, me) if planet is not None else []
    return core.ships_in(game, core.system_card(game, combat.system), me)


def refuse(ctx: Context, slug: str) -> Reason | None:
    """A unit upgrade of a unit type of the player's in the combat, in their
    technology deck, whose prerequisites they meet (90.12, 90.14)."""
    game, me = ctx.game, ctx.player.name
    unit = UPGRADED.get(slug)
    if unit is None:
        return f"{_name(slug)} is not a unit upgrade", UPGRADE
    if unit not in {u.slug for u in taking_part(ctx)}:
        word = changes.units_text(unit, 2).split(" ", 1)[1]
        return f"{me} has no {word} taking part in this combat", cite.PLAY
    if st.owns(game, me, slug):
        return f"{me} already owns {_name(slug)}", cite.RESEARCH
    if not st.in_tech_deck(game, me, slug):
        return f"{_name(slug)} is not in the technology deck of {me}", cite.RESEARCH
    if not research.can_meet(game, me, slug):
        return research.unmet(game, me, slug), (*cite.RESEARCH, *cite.PREREQUISITES)
    return None


def _none(ctx: Context) -> Reason:
    """Why no unit upgrade can be researched (the card notes)."""
    me = ctx.player.name
    kinds = {u.slug for u in taking_part(ctx)}
    upgrades = [s for s, unit in UPGRADED.items() if unit in kinds]
    if not upgrades:
        why = f"no unit of {me}'s taking part in this combat has a unit upgrade"
    elif all(st.owns(ctx.game, me, s) for s in upgrades):
        why = (
            f"{me} already owns the upgrade of every unit type of theirs taking "
            "part in this combat"
        )
    else:
        return (
            f"Reveal Prototype cannot be played: {me} meets the prerequisites of "
            "no unit upgrade of their units taking part in this combat",
            cite.NEEDS_SETS["unit-upgrade-prerequisites"],
        )
    return f"Reveal Prototype cannot be played: {why}", NOTHING


def _name(slug: str) -> str:
    found = data.TECHNOLOGIES.get(slug)
    return found.name if found is not None else slug


def _specialties(ctx: Context) -> list[Card]:
    """The readied specialty planets the technology chosen needs (90.14): the
    payment exhausts them last when the player names no planet."""
    game, me = ctx.game, ctx.player.name
    slug = ctx.option()
    if slug not in UPGRADED or not st.in_tech_deck(game, me, slug):
        return []
    return [
        planet
        for color, missing in research.shortfall(game, me, slug).items()
        for planet in research.specialty_planets(game, me, color)[:missing]
    ]


def _research(ctx: Context) -> bool:
    game, me, slug = ctx.game, ctx.player.name, ctx.option()
    reason = refuse(ctx, slug)
    if reason is not None:  # the planets named to pay held a specialty needed
        game.say(
            me,
            f"{me} cannot research {_name(slug)} after all: {reason[0]}",
            event="research_technology",
            rules=reason[1],
        )
        return False
    if not research.research(game, me, slug):
        return False
    core.learned(game, me)
    word = changes.units_text(UPGRADED[slug], 2).split(" ", 1)[1]
    game.say(
        me,
        f"{me}'s {word} have the values of {_name(slug)} from now on, in this "
        "combat too",
        event="research_technology",
        rules=RESEARCHED,
    )
    return True


CARD = response_card(
    "reveal-prototype",
    "Reveal Prototype",
    AbilityKind.REACTION,
    {"combat_round_start": _combat_starts},
    "at the start of a combat",
    handler=_research,
    choices={
        "target": Choice(options(list(UPGRADED)), refuse, none=_none),
        "planets": PAYING_PLANETS,
    },
    needs=(targets_exist,),
    cost=costs.resources(4, keep=_specialties),
)
