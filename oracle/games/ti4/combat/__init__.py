"""Combat in the TI4 pack: Space Cannon Offense, space combat, and the
limits of what is modelled.

``after_movement(game, system)`` is the one entry point: the steps of a
tactical action that follow the movement of ships into the active system.
A scenario reaches it with the ``combat`` rule component (``cards/combat.py``);
the movement of issue 26 calls it when its "Move Ships" step is over.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import Problem, Unmodelled
from oracle.engine.core.game import Game
from oracle.engine.core.scenario import Scenario
from oracle.games.ti4 import cite, data, laws, tactical
from oracle.games.ti4 import faction_unit_abilities as abilities
from oracle.games.ti4 import state as st
from oracle.games.ti4.board import BoardSpec, SeatSpec, SystemSpec
from oracle.games.ti4.combat import cannon, core, invasion, space

AFTER_CANNON = cite.cite("16.N2")
AFTER_COMBAT = cite.cite("16.3c", "78.10a")

#: The rule component a scenario uses to start at the combat steps.
STEP = "combat"

#: The window after the active player's ships have moved into the active system
#: in the Move Ships step (params ``system``), raised only when one arrived.
SHIPS_MOVED = "ships_moved"

#: Faction abilities that act in a space combat or Space Cannon Offense, which
#: the pack does not model (a combat with them is refused, not answered wrongly).
FACTIONS_IN_COMBAT: dict[str, str] = {
    "letnev": "Munitions Reserves",
    "mentak": "Ambush",
    "nekro": "Technological Singularity",
    "norr": "Unrelenting",
    "jolnar": "Fragile",
    "l1z1x": "Harrow",
    "yin": "Indoctrination",
    "argent": "Raid Formation",
    "vuilraith": "Devour",
}

#: Faction abilities that act in an invasion the faction's player makes
#: (refused only when one may happen).
FACTIONS_IN_INVASION: dict[str, str] = {"saar": "Scavenge"}

#: Technologies acting in these steps that the pack does not model yet (none
#: today: X-89 Bacterial Weapon Ω is ``bacterial.py``; its base printing is a
#: component action).
TECHNOLOGIES_IN_COMBAT: tuple[str, ...] = ()

#: The units whose text ability may act in these steps
#: (``faction_unit_abilities``: refused when it does).
NOT_GENERIC = ("flagship", "mech")


def after_movement(game: Game, system: Card) -> None:
    """Run the tactical action's steps after movement in the active
    ``system``: Space Cannon Offense (77.2), the space combat (78, 89.3), then
    the invasion (49, 89.4). The active player is ``game.clock.active_player``.
    What these steps cannot model is refused beforehand (``unmodelled``).
    """
    if tactical.boosts(game).arrived:  # Experimental Battlestation's window
        core.notice(
            game,
            SHIPS_MOVED,
            player=game.clock.active_player,
            message=None,
            params={"system": st.system_id(system)},
        )
    here = st.units(game, system=system)
    if laws.mechs_stripped(game) and any(u.slug == "mech" for u in here):
        game.say(
            None,
            "Articles of War is in play: the mechs here have no printed ability "
            "but Sustain Damage",
            event="effect",
            rules=abilities.ARTICLES_RULES,
        )
    cannon.offense(game, system)
    # 16.N2: a player whose last ships fell keeps no fighters or ground forces
    carried = {u.owner for u in core.in_space(game, system)}
    for player in [p.name for p in game.seat_order() if p.name in carried]:
        core.capacity_check(game, system, player, AFTER_CANNON)
    fought = space.fight(game, system)
    if fought is not None:  # 16.3c, 78.10a
        for player in (fought.attacker, fought.defender):
            core.capacity_check(game, system, player, AFTER_COMBAT)
    invasion.invade(game, system)


def why_not_now(game: Game, system: Card, active: str) -> str:
    """Why the steps after movement in ``system`` cannot be modelled, read from
    the game as it stands once ships have moved ("" when they can): the same
    limits as ``unmodelled`` applies to a ``combat`` step before the run."""
    here = st.units(game, system=system)
    near = [
        unit
        for other in st.systems(game)
        if other is not system and st.adjacent(game, system, other)
        for unit in st.units(game, system=other)
        if unit.slug == "pds"
    ]
    reason = _faction_units_now(game, system, active)
    if reason:
        return reason
    custodians = st.table(game).custodians and any(
        p.slug == "mecatol-rex" for p in st.planets_in(game, system)
    )
    if custodians and any(
        u.owner == active and u.slug in data.GROUND_FORCES and not u.data.get("planet")
        for u in here
    ):
        return (
            "the custodians token is still on Mecatol Rex: removing it before an "
            "invasion is not modelled"
        )
    for name in sorted({u.owner for u in (*here, *near) if u.owner}):
        faction = st.seat(game, name).faction
        if faction in FACTIONS_IN_COMBAT:
            return (
                f"{name}'s faction ability {FACTIONS_IN_COMBAT[faction]} acts in "
                "combat and is not modelled yet"
            )
        for held in st.technologies(game, name):
            if held.slug in TECHNOLOGIES_IN_COMBAT:
                return (
                    f"{name}'s technology {held.slug} acts in combat and is not "
                    "modelled yet"
                )
    return ""


def unmodelled(
    scenario: Scenario, board: BoardSpec, seats: dict[str, SeatSpec]
) -> list[Problem]:
    """Refuse, as not modelled, a ``combat`` step whose combat needs what the
    pack does not model: a flagship or mech whose text acts in it
    (``faction_unit_abilities``), the custodians token, a faction ability or
    technology that acts in combat or invasion. ``seats``: the TI4 fields by
    player."""
    found: list[Problem] = []
    for i, step in enumerate(scenario.steps):
        if step.kind != "use" or str(step.value) != STEP:
            continue
        target = step.targets.get("target")
        system = next((s for s in board.systems if s.id == target), None)
        if system is None:
            continue
        reason = _why_not(system, str(step.player), board, seats)
        if reason:
            found.append(Unmodelled(f"/steps/{i}/use", reason))
    return found


def _why_not(
    system: SystemSpec, active: str, board: BoardSpec, seats: dict[str, SeatSpec]
) -> str:
    near = [
        s for s in board.systems if s.id in system.adjacent or system.id in s.adjacent
    ]
    involved = {u.owner for u in system.units} | {
        u.owner for s in near for u in s.units if u.unit == "pds"
    }
    reason = _faction_units(system, active, board, seats)
    if reason:
        return reason
    for unit in system.units:
        if (
            board.custodians
            and unit.owner == active
            and unit.unit in data.GROUND_FORCES
            and not unit.planet
            and any(p.id == "mecatol-rex" for p in system.planets)
        ):
            return (
                "the custodians token is still on Mecatol Rex: removing it before "
                "an invasion is not modelled"
            )
    for name in sorted(involved):
        seat = seats.get(name)
        if seat is None:
            continue
        if seat.faction in FACTIONS_IN_COMBAT:
            ability = FACTIONS_IN_COMBAT[seat.faction]
            return (
                f"{name}'s faction ability {ability} acts in combat and is not "
                "modelled yet"
            )
        for held in seat.technologies:
            if held.slug in TECHNOLOGIES_IN_COMBAT:
                return (
                    f"{name}'s technology {held.slug} acts in combat and is not "
                    "modelled yet"
                )
    return ""


def _faction_units_now(game: Game, system: Card, active: str) -> str:
    """``_faction_units`` read from the game as it stands."""
    here = st.units(game, system=system)
    involved = {active} | {u.owner for u in here if u.owner}
    space = {u.owner for u in here if u.slug in data.SHIPS and not u.data.get("planet")}
    steps = abilities.possible(
        len(space) > 1,
        invasion.may_begin(game, system, active)
        or (
            bool(st.planets_in(game, system))
            and any(
                u.owner == active and u.slug in _LANDING and not u.data.get("planet")
                for u in here
            )
        ),
    )
    stripped = laws.mechs_stripped(game)
    for unit in st.units(game):
        if unit.slug not in NOT_GENERIC or not unit.owner:
            continue
        place = abilities.place_of(game, system, unit)
        faction = st.seat(game, unit.owner).faction
        reason = abilities.blocking(
            unit.owner, unit.slug, faction, place, steps, stripped=stripped
        )
        if reason:
            return reason
    for name in sorted(involved):
        faction = st.seat(game, name).faction
        reason = _deploying(name, faction, active, steps, stripped=stripped)
        if reason:
            return reason
    return ""


def _may_bombard(system: SystemSpec, active: str) -> bool:
    """``invasion.may_begin`` read from the scenario: the active player's
    non-fighter ships beside another player's ground forces on a planet."""
    return any(
        u.owner == active and u.unit in data.SHIPS and u.unit != "fighter"
        for u in system.units
        if not u.planet
    ) and any(
        u.owner != active and u.unit in data.GROUND_FORCES
        for u in system.units
        if u.planet
    )


def _faction_units(
    system: SystemSpec, active: str, board: BoardSpec, seats: dict[str, SeatSpec]
) -> str:
    """Why a flagship or mech keeps the steps after movement in ``system``
    from being modelled: one in it, or near it, whose text ability acts in
    them (``faction_unit_abilities``), or a mech Deploy ability of a player
    taking part ("" when none does)."""
    involved = {active} | {u.owner for u in system.units}
    space = {u.owner for u in system.units if u.unit in data.SHIPS and not u.planet}
    steps = abilities.possible(
        len(space) > 1,
        bool(system.planets)
        and (
            any(
                u.owner == active and u.unit in _LANDING and not u.planet
                for u in system.units
            )
            or _may_bombard(system, active)
        ),
    )
    stripped = any(law == laws.ARTICLES_OF_WAR for law, _owner in board.laws)
    for other in board.systems:
        if other.id == system.id:
            place = abilities.HERE
        elif (
            other.id in system.adjacent
            or system.id in other.adjacent
            or set(other.wormholes) & set(system.wormholes)
        ):
            place = abilities.NEAR
        else:
            place = abilities.ANYWHERE
        for unit in other.units:
            if unit.unit in NOT_GENERIC:
                seat = seats.get(unit.owner)
                faction = seat.faction if seat is not None else None
                reason = abilities.blocking(
                    unit.owner, unit.unit, faction, place, steps, stripped=stripped
                )
                if reason:
                    return reason
    for name in sorted(involved):
        seat = seats.get(name)
        faction = seat.faction if seat else None
        reason = _deploying(name, faction, active, steps, stripped=stripped)
        if reason:
            return reason
    return ""


#: The units that may land in an invasion (fighters: the Naalu flagship).
_LANDING = (*data.GROUND_FORCES, "fighter")


def _deploying(
    name: str,
    faction: str | None,
    active: str,
    steps: frozenset[str],
    *,
    stripped: bool = False,
) -> str:
    """Why a mech Deploy ability or a faction ability acting in the active
    player's invasion keeps the ``steps`` from being modelled ("" if none;
    ``stripped``: Articles of War is in play)."""
    reason = abilities.deploying(name, faction, steps, stripped=stripped)
    if reason or name != active or abilities.INVASION not in steps:
        return reason
    if faction in FACTIONS_IN_INVASION:
        return (
            f"{name}'s faction ability {FACTIONS_IN_INVASION[faction]} acts in "
            "their invasion and is not modelled yet (rules 49.5, 1.25)"
        )
    return ""
