"""The combat of a scenario's game: the active system, who attacks and who
defends there, their ships and the technologies that change their dice.

The active system is the one the last tactical action of the run activated
(the log's ``activate_system``); when the run fought a space combat there, the
odds start from the ships each side brought to it (``core.ships_at_start``). A
scenario without a tactical action starts at its combat:
the system holding a command token of the active player, their ships and
another player's ships. A system without a space combat may hold a ground
combat (``ground.py``). What the odds cannot apply exactly is refused
(``Unmodelled``) or, when the player may choose not to use it, named in the
answer's assumptions as not used.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import Problem, ScenarioError, Unmodelled
from oracle.engine.core.game import Game
from oracle.games.ti4 import faction_unit_abilities as abilities
from oracle.games.ti4 import laws, units
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core
from oracle.games.ti4.odds import ground
from oracle.games.ti4.odds.battle import Battle
from oracle.games.ti4.odds.fleet import FIGHTER, Policy, fleet

#: Rule ids the odds cite: attacker and defender, the rounds, the barrage,
#: hits and Sustain Damage, the result.
ROLES = ("13.N1", "29.N1")
ROUNDS = ("78.5", "78.5a", "78.8", "78.9")
BARRAGE = ("78.3", "78.3a", "78.3b", "10.1", "10.1b", "10.2", "10.2a", "87.4a")
HITS = ("78.6", "31.1", "87.1", "87.3")
RESULT = ("78.10",)
RETREATS = ("78.4", "78.4b", "78.4c", "78.7", "78.7a", "78.7c")
CITED = (*ROLES, *ROUNDS, *BARRAGE, *HITS, *RESULT, *RETREATS, "78.1", "78.10a")

#: Faction abilities that change every combat roll of their faction, always:
#: the odds would be wrong without them.
ROLL_ABILITIES = {"norr": "Unrelenting", "jolnar": "Fragile"}
#: Ships that can be damaged (87.1).
SUSTAINING = ("dreadnought", "war-sun")
#: Abilities their owner may decline; the odds assume they are not used.
OPTIONAL_FACTION = {"mentak": "Ambush"}
ASSAULT_CANNON = "assault-cannon"


class NoCombatHere(ScenarioError):
    """The scenario's game has no space or ground combat to compute."""


class CannotRetreat(ScenarioError):
    """A retreat was asked for, but the attacker has nowhere to go."""


@dataclass(frozen=True)
class Combat:
    """A space combat found in a game, ready to compute."""

    system: str
    attacker: str
    defender: str
    forces: dict[str, dict[str, int]]
    upgrades: dict[str, tuple[str, ...]]
    unused: dict[str, tuple[str, ...]]
    battle: Battle
    #: ``space`` or ``ground``; a ground combat's planet (its name), whether
    #: the run fought it, and for a space combat whether an invasion can
    #: follow it (not counted).
    kind: str = "space"
    planet: str | None = None
    fought: bool = False
    invasion: bool = False
    damaged: dict[str, dict[str, int]] | None = None


def combat_of(
    game: Game,
    policy: Policy = Policy.SUSTAIN_FIRST,
    *,
    retreat_at: int | None = None,
) -> Combat:
    """The space combat in the active system of ``game``, each side assigning
    hits by ``policy``, the attacker retreating at the start of a round in
    which it has ``retreat_at`` ships or fewer. Raises ``NoCombatHere`` when
    there is none, ``CannotRetreat`` when the attacker has nowhere to retreat
    to and ``ScenarioError`` with an ``Unmodelled`` problem when the odds
    cannot account for something in it."""
    system, attacker = _active(game)
    # A combat the run fought is computed from the ships it began with.
    started = core.ships_at_start(game, st.system_id(system))
    if started is None:
        owners = Counter(ship.owner for ship in st.ships(game, system))
    else:
        owners = Counter({name: len(ships) for name, ships in started.items()})
    others = sorted(name for name in owners if name != attacker)
    if attacker not in owners or not others:
        return _ground_combat(game, system, attacker, policy, retreat_at)
    if len(others) > 1:
        raise _unmodelled("ships of more than two players in the active system")
    defender = others[0]
    if retreat_at is not None and not _retreat_to(game, system, attacker):
        raise CannotRetreat.at(
            "",
            f"{attacker} cannot retreat: no system next to "
            f"{game.name_of(system)} holds their units or a planet they control "
            "without another player's ships (rules 78.4c, 78.7c)",
        )
    forces, damaged, upgrades, unused = {}, {}, {}, {}
    for name in (attacker, defender):
        forces[name], damaged[name] = _ships(game, system, name, started)
        owned = {card.slug for card in st.technologies(game, name)}
        _refuse_unmodelled(game, name, forces[name], owned, policy, damaged[name])
        upgrades[name] = tuple(sorted(owned & set(units.UPGRADES)))
        unused[name] = _unused(game, name)
    if gap := laws.odds_gap(game, forces, retreat_at is not None):
        raise _unmodelled(gap)
    battle = Battle(
        fleet(
            forces[attacker],
            upgrades[attacker],
            damaged=damaged[attacker],
            faction=_faction(game, attacker),
        ),
        fleet(
            forces[defender],
            upgrades[defender],
            damaged=damaged[defender],
            faction=_faction(game, defender),
        ),
        policy,
        policy,
        retreat_at=retreat_at,
    )
    return Combat(
        game.name_of(system),
        attacker,
        defender,
        forces,
        upgrades,
        unused,
        battle,
        invasion=ground.invasion_may_follow(game, system, attacker),
        damaged=damaged,
    )


def _ground_combat(
    game: Game, system: Card, attacker: str, policy: Policy, retreat_at: int | None
) -> Combat:
    """The ground combat of the active system, when it has no space combat."""
    where = game.name_of(system)
    found = ground.found_in(game, system, attacker)
    if not found:
        raise _nothing(
            f"only one player has ships in {where}, and no planet there holds "
            f"ground forces of {attacker} and of another player"
        )
    if len(found) > 1:
        names = ", ".join(game.name_of(c.planet) for c in found)
        raise _unmodelled(f"ground combats on several planets at once ({names})")
    combat = found[0]
    if not combat.defender:
        raise _unmodelled("ground forces of more than two players on one planet")
    if retreat_at is not None:
        raise CannotRetreat.at(
            "", f"{attacker} cannot retreat: ground forces never retreat (42.N6)"
        )
    forces, damaged, upgrades, unused = {}, {}, {}, {}
    for name in (combat.attacker, combat.defender):
        forces[name], damaged[name] = ground.counts(combat.forces[name])
        owned = {card.slug for card in st.technologies(game, name)}
        faction = st.seat(game, name).faction
        if faction in ROLL_ABILITIES:
            raise _unmodelled(
                f"{name}'s faction ability {ROLL_ABILITIES[faction]}, which "
                "changes every combat roll"
            )
        refused = ground.refusal(game, combat, name, owned, policy)
        if refused:
            raise _unmodelled(refused)
        upgrades[name] = ground.ground_upgrades(owned)
        unused[name] = ground.unused(game, name, owned)
    if gap := laws.odds_gap(game, forces, False):
        raise _unmodelled(gap)
    sides = [
        fleet(
            forces[name],
            upgrades[name],
            damaged=damaged[name],
            faction=st.seat(game, name).faction,
        )
        for name in (combat.attacker, combat.defender)
    ]
    battle = Battle(sides[0], sides[1], policy, policy, barrage=False)
    return Combat(
        where,
        combat.attacker,
        combat.defender,
        forces,
        upgrades,
        unused,
        battle,
        kind="ground",
        planet=game.name_of(combat.planet),
        fought=combat.fought,
        damaged=damaged,
    )


def _faction(game: Game, name: str) -> str | None:
    return st.seat(game, name).faction


def _active(game: Game) -> tuple[Card, str]:
    for entry in reversed(game.log):
        if entry.event == "activate_system" and entry.player and entry.cards:
            return game.cards[entry.cards[0]], entry.player
    active = game.clock.active_player or ""
    fought = [
        system
        for system in st.tokens_on_board(game, active)
        if (
            st.ships(game, system, active)
            and any(ship.owner != active for ship in st.ships(game, system))
        )
        or ground.found_in(game, system, active)
    ]
    if len(fought) == 1:
        return fought[0], active
    if not fought:
        raise _nothing(
            "no system was activated: neither a tactical action in the steps nor "
            f"a system with a command token of {active}, their ships and "
            "another player's ships, or a planet there with ground forces of "
            f"{active} and of another player"
        )
    raise _nothing(
        f"{len(fought)} systems hold a command token of {active} and a combat; "
        "activate one with a tactical action step"
    )


def _retreat_to(game: Game, system: Card, name: str) -> list[Card]:
    """The systems ``name`` could retreat to from ``system`` (78.7c)."""
    return [
        other
        for other in st.systems(game)
        if st.adjacent(game, system, other)
        and all(ship.owner == name for ship in st.ships(game, other))
        and (
            st.units(game, system=other, owner=name)
            or any(st.controller(game, p) == name for p in st.planets_in(game, other))
        )
    ]


def _ships(
    game: Game, system: Card, name: str, started: dict[str, list[str]] | None
) -> tuple[dict[str, int], dict[str, int]]:
    """A side's ships by type, and the damaged ones by type."""
    if started is not None:
        found = Counter(started.get(name, ()))
        hurt = Counter(core.damaged_at_start(game, st.system_id(system)).get(name, ()))
    else:
        ships = st.ships(game, system, name)
        found = Counter(ship.slug for ship in ships)
        hurt = Counter(ship.slug for ship in ships if core.damaged(ship))
    _refuse_faction_units(game, system, name)
    return dict(found), dict(hurt)


def _refuse_faction_units(game: Game, system: Card, name: str) -> None:
    """Refuse a flagship or mech of ``name`` whose text ability acts in a space
    combat in ``system`` (``faction_unit_abilities``); a flagship without a
    faction has no known figures."""
    faction = st.seat(game, name).faction
    for unit in st.units(game, owner=name):
        if unit.slug not in ("flagship", "mech"):
            continue
        if unit.slug == "mech" and (faction is None or unit.data.get("planet")):
            continue  # a mech on a planet takes no part in a space combat
        place = abilities.place_of(game, system, unit)
        reason = abilities.blocking(
            name, unit.slug, faction, place, frozenset((abilities.SPACE,))
        )
        if reason:
            raise _unmodelled(f"{name}'s {unit.slug}: {reason}")


def _refuse_unmodelled(
    game: Game,
    name: str,
    ships: dict[str, int],
    owned: set[str],
    policy: Policy,
    hurt: dict[str, int],
) -> None:
    faction = st.seat(game, name).faction
    if faction in ROLL_ABILITIES:
        raise _unmodelled(
            f"{name}'s faction ability {ROLL_ABILITIES[faction]}, which changes "
            "every combat roll"
        )
    non_fighters = sum(n for unit, n in ships.items() if unit != FIGHTER)
    if ASSAULT_CANNON in owned and non_fighters >= 3:
        raise _unmodelled(
            f"{name}'s Assault Cannon, which destroys a ship at the start of "
            "this combat"
        )
    sustains = any(ships.get(unit) for unit in SUSTAINING)
    can_sustain = policy is Policy.SUSTAIN_FIRST and sustains
    if ground.DURANIUM in owned and (hurt or can_sustain):
        raise _unmodelled(ground.duranium(name))


def _unused(game: Game, name: str) -> tuple[str, ...]:
    faction = st.seat(game, name).faction
    return (OPTIONAL_FACTION[faction],) if faction in OPTIONAL_FACTION else ()


def _nothing(message: str) -> NoCombatHere:
    return NoCombatHere([Problem("", f"no combat to compute: {message}")])


def _unmodelled(message: str) -> ScenarioError:
    return ScenarioError([Unmodelled("", f"the combat odds do not model {message}")])
