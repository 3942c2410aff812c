"""The ground combat of a scenario's game, for the odds: on a planet of the
active system where the active player and another player both have ground
forces (49.4, 42), read when the system has no space combat to answer first.

When the run fought that ground combat, the odds start from the ground forces
each side had as it began (``core.ground_forces_at_start``), after the
invasion's bombardment and Space Cannon Defense as the run resolved them.
Otherwise they start from the ground forces on the planet now, those earlier
steps taken as resolved. What would make the figures wrong is refused
(``refusal``); what a player may decline is named as not used.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import cite, data, faction_units, units
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core
from oracle.games.ti4.odds.fleet import Policy

#: Rule ids the ground answer cites: the rounds (no barrage, no retreat), the
#: hits, the result and the invasion steps taken as resolved.
ROUNDS = cite.cite("42.1", "42.1a", "42.3", "42.4", "42.N6")
HITS = cite.cite("42.2", "42.N5", "31.1", "87.1", "87.3")
RESULT = cite.cite("42.4c", "42.4d", "49.5", "49.5d")
EARLIER = cite.cite("49.1", "49.2", "49.3")
NO_RETREAT = cite.cite("42.N6")
#: Only the space combat is counted when one comes first (89.3, 89.4).
SPACE_FIRST = cite.cite("89.3", "89.4")

MECH = "mech"
DURANIUM = "duranium-armor"
#: Mechs whose printed ability changes their combat rolls in a way the odds
#: cannot know (what the opponent holds).
MECH_ROLLS = {
    "naalu": "Iconoclast, whose first printing adds 2 to its rolls against an "
    "opponent holding a relic fragment",
    "nekro": "Mordred, which adds 2 to its rolls against an opponent with an "
    "assimilator token on a technology",
}
#: Abilities their owner may use or not in a ground combat: taken as not used.
OPTIONAL_FACTION = {
    "l1z1x": "Harrow",
    "yin": "Indoctrination",
    "letnev": "Dunlain Reaper",
}
OPTIONAL_TECHNOLOGIES = {"magen-defense-grid": "Magen Defense Grid"}

#: A side's ground forces: (unit, damaged) pairs.
Forces = list[tuple[str, bool]]


@dataclass(frozen=True)
class GroundCombat:
    """A ground combat found on ``planet``: each side's ground forces, and
    whether the run fought it (else it is still to come)."""

    planet: Card
    attacker: str
    defender: str
    forces: dict[str, Forces]
    fought: bool


def found_in(game: Game, system: Card, attacker: str) -> list[GroundCombat]:
    """The ground combats of ``system`` with ``attacker`` as the active
    player: those the run fought, else those still to come. Ground forces of
    three players on one planet give a combat whose ``defender`` is empty."""
    planets = st.planets_in(game, system)
    fought = []
    for planet in planets:
        started = core.ground_forces_at_start(game, planet.slug)
        if started is not None:
            fought.append(_combat(planet, attacker, started, fought=True))
    if fought:
        return fought
    pending = []
    for planet in planets:
        here: dict[str, Forces] = {}
        for unit in core.ground_forces(game, planet):
            here.setdefault(str(unit.owner), []).append((unit.slug, core.damaged(unit)))
        if attacker in here and len(here) > 1:
            pending.append(_combat(planet, attacker, here, fought=False))
    return pending


def _combat(
    planet: Card, attacker: str, forces: dict[str, Forces], *, fought: bool
) -> GroundCombat:
    others = sorted(name for name in forces if name != attacker)
    defender = others[0] if len(others) == 1 else ""
    return GroundCombat(planet, attacker, defender, forces, fought)


def counts(forces: Forces) -> tuple[dict[str, int], dict[str, int]]:
    """Units by type, and the damaged ones by type."""
    every = Counter(unit for unit, _ in forces)
    hurt = Counter(unit for unit, damaged in forces if damaged)
    return dict(every), dict(hurt)


def invasion_may_follow(game: Game, system: Card, attacker: str) -> bool:
    """Whether an invasion can follow the space combat in ``system``: it has
    planets, and the attacker has ground forces there (or the run fought a
    ground combat there)."""
    planets = st.planets_in(game, system)
    if not planets:
        return False
    if any(core.ground_forces_at_start(game, p.slug) for p in planets):
        return True
    return any(
        u.slug in data.GROUND_FORCES
        for u in st.units(game, system=system, owner=attacker)
    )


def refusal(
    game: Game,
    combat: GroundCombat,
    name: str,
    owned: set[str],
    policy: Policy,
) -> str | None:
    """What the odds cannot count for ``name``'s side of ``combat`` (the end
    of "the combat odds do not model ..."), or None."""
    faction = st.seat(game, name).faction
    every, hurt = counts(combat.forces[name])
    if every.get(MECH):
        if faction_units.line(MECH, faction, owned) is None:
            return (
                f"{name}'s mechs: their figures depend on the faction, and "
                f"{name} has none the pack knows"
            )
        if faction in MECH_ROLLS:
            return f"{name}'s mech {MECH_ROLLS[faction]}"
        if faction == "naaz-rokha" and _flagship_in_system(game, combat, name):
            return (
                f"{name}'s flagship Visz El Vir, which gives each of their mechs "
                "in its system an extra die"
            )
    opponent = combat.defender if name == combat.attacker else combat.attacker
    if faction == "mentak" and every.get(MECH) and _has_mechs(combat, opponent):
        return (
            f"{name}'s mech Moll Terminus, which stops {opponent}'s ground forces "
            "on its planet from using Sustain Damage"
        )
    can_sustain = policy is Policy.SUSTAIN_FIRST and bool(every.get(MECH))
    if DURANIUM in owned and (hurt or can_sustain):
        return duranium(name)
    return None


def duranium(name: str) -> str:
    """Duranium Armor must repair a damaged unit every round (its card's
    notes): the odds refuse it whenever a unit of the side can be damaged."""
    return (
        f"{name}'s Duranium Armor, which must repair a damaged unit of theirs in "
        "every combat round"
    )


def _has_mechs(combat: GroundCombat, name: str) -> bool:
    return any(unit == MECH for unit, _ in combat.forces.get(name, ()))


def _flagship_in_system(game: Game, combat: GroundCombat, name: str) -> bool:
    system = st.system_of(game, combat.planet)
    return system is not None and any(
        u.slug == "flagship" for u in st.ships(game, system, name)
    )


def unused(game: Game, name: str, owned: set[str]) -> tuple[str, ...]:
    """Abilities ``name`` may use in a ground combat, taken as not used."""
    names = [title for slug, title in OPTIONAL_TECHNOLOGIES.items() if slug in owned]
    faction = st.seat(game, name).faction
    if faction in OPTIONAL_FACTION:
        names.append(OPTIONAL_FACTION[faction])
    return tuple(names)


def ground_upgrades(owned: set[str]) -> tuple[str, ...]:
    """The unit upgrades ``owned`` that change a ground force (97.4)."""
    return tuple(
        sorted(
            slug
            for slug in owned & set(units.UPGRADES)
            if units.UPGRADES[slug].unit in data.GROUND_FORCES
        )
    )
