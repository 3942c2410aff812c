"""Invasion (49): bombardment, committing ground forces, Space Cannon Defense,
ground combat and establishing control, in the active system.

Windows (pack events): ``invasion_start`` ("when an invasion begins": Bunker,
Disable), ``commit_ground_forces`` (card: the planet; params ``units``: after
units are committed, Parley), the ground combat's ``combat_round_start``,
``combat_roll`` (Fire Team), ``combat_round_end``, ``combat_over`` as in space,
and ``gain_planet`` (card: the planet; params ``from``: Infiltrate,
Reparations). Effects that last for the invasion are ``Modifier``s with
``until=INVASION`` or flags on the invasion (``Invasion.disabled``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, data, laws, units
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import points
from oracle.games.ti4.combat import bacterial, core, crown, ground_techs, hits, techs
from oracle.games.ti4.combat.rolls import (
    BOMBARDMENT,
    COMBAT,
    ROUND,
    SPACE_CANNON,
    Modifier,
    roll,
)

KEY = "ti4-invasion"
BOMBARD = cite.cite("49.1", "15.1")
SHIELDED = cite.cite("15.1f", "65.3", "65.3b")
COMMIT = cite.cite("49.2", "49.2a")
NO_COMMIT = cite.cite("49.2c")
DEFENSE = cite.cite("49.3", "77.6", "77.7")
GROUND = cite.cite("49.4", "42.1")
GROUND_ROLL = cite.cite("42.1", "18.1")
GROUND_OVER = cite.cite("42.4", "42.4c", "42.4d")
CONTROL = cite.cite("49.5", "49.5b", "25.1")
STRUCTURES = cite.cite("49.5a")
DOCK_LOST = cite.cite("79.4", "49.N1")
DEFENDER_KEEPS = cite.cite("49.5d")
HOLD = "hold"
#: The window once the active player has made every commitment of the step
#: (params ``planets``: the planets committed to).
COMMITTED = "commitments_made"
#: The Bombardment Blitz gives the ships that lack one.
BLITZ = units.Roll(6)
FIRE = "fire"


@dataclass
class Invasion:
    """The invasion in progress: the modifiers lasting for it, the players
    whose PDS lost their abilities (Disable), the planets committed to, the
    ground forces sent back to space (Parley: not committed again)."""

    system: str
    attacker: str
    modifiers: list[Modifier] = field(default_factory=list)
    disabled: set[str] = field(default_factory=set)
    committed: list[str] = field(default_factory=list)
    fought: set[str] = field(default_factory=set)
    returned: set[str] = field(default_factory=set)
    blitz: bool = False


def current(game: Game) -> Invasion | None:
    """The invasion in progress, if any."""
    found = game.flags.get(KEY)
    return found if isinstance(found, Invasion) else None


def carried(game: Game, system: Card, player: str) -> list[Card]:
    """The player's ground forces in the space area of a system."""
    return [
        u for u in core.in_space(game, system, player) if u.slug in data.GROUND_FORCES
    ]


def invade(game: Game, system: Card) -> None:
    """The invasion step of the active player's tactical action in ``system``."""
    active = game.clock.active_player
    planets = st.planets_in(game, system)
    if not may_begin(game, system, active):
        return
    invasion = Invasion(st.system_id(system), active)
    game.flags[KEY] = invasion
    try:
        core.notice(
            game,
            "invasion_start",
            player=active,
            message=f"{active} begins an invasion in {game.name_of(system)}",
            rules=cite.cite("89.4"),
        )
        _bombard(game, invasion, system, planets)
        _commit(game, invasion, system, planets)
        if not invasion.committed:
            return
        for planet in _committed(game, invasion):
            _space_cannon_defense(game, invasion, system, planet)
        for planet in _committed(game, invasion):
            _ground_combat(game, invasion, system, planet)
        for planet in _committed(game, invasion):
            _control(game, invasion, planet)
    finally:
        game.flags.pop(KEY, None)


def may_begin(game: Game, system: Card, active: str) -> bool:
    """Whether the invasion step has something to do (49): the active player
    has ground forces in the space area to commit, or non-fighter ships there
    beside a planet holding another player's ground forces, which they may
    bombard without landing anything (49.1)."""
    planets = st.planets_in(game, system)
    if not planets:
        return False
    if carried(game, system, active):
        return True
    if not any(u.slug != "fighter" for u in core.ships_in(game, system, active)):
        return False
    defenders = (u for planet in planets for u in core.ground_forces(game, planet))
    return any(u.owner != active for u in defenders)


def _committed(game: Game, invasion: Invasion) -> list[Card]:
    return [p for p in map(lambda s: st.planet_named(game, s), invasion.committed) if p]


def _defender(game: Game, planet: Card, active: str) -> str | None:
    owner = st.controller(game, planet)
    if owner and owner != active:
        return owner
    others = {u.owner for u in core.ground_forces(game, planet) if u.owner != active}
    return sorted(others)[0] if others else None


def shield(game: Game, invasion: Invasion, system: Card, planet: Card) -> bool:
    """Whether a unit with Planetary Shield protects the planet (15.1f): not
    against a war sun in the system (65.3), nor a Disabled PDS."""
    if any(u.slug == "war-sun" for u in core.in_space(game, system, invasion.attacker)):
        return False
    return any(
        core.line(game, u).planetary_shield
        and not (u.slug == "pds" and u.owner in invasion.disabled)  # Disable: PDS
        for u in st.on_planet(game, planet)
        if u.owner != invasion.attacker
    )


def _bombard(game: Game, invasion: Invasion, system: Card, planets: list[Card]) -> None:
    """Step 1 (49.1, 15): every unit with Bombardment bombards a planet the
    active player picks, or none does (15.N7)."""
    active = invasion.attacker
    units = [
        u
        for u in core.ships_in(game, system, active)
        if core.line(game, u).bombardment is not None
        or (invasion.blitz and u.slug != "fighter")
    ]
    aims = [
        p
        for p in planets
        if _defender(game, p, active) and not shield(game, invasion, system, p)
    ]
    shielded = [p for p in planets if _defender(game, p, active) and p not in aims]
    cultural = [p for p in aims if laws.cultural_shielded(game, p)]
    if units and cultural:
        aims = [p for p in aims if p not in cultural]
        names = ", ".join(game.name_of(p) for p in cultural)
        game.say(
            active,
            f"{names} cannot be bombarded: Conventions of War protects cultural "
            "planets",
            event="bombardment",
            rules=cite.LAW_BOMBARDMENT,
        )
    if units and shielded:
        names = ", ".join(game.name_of(p) for p in shielded)
        game.say(
            active,
            f"{names} cannot be bombarded: a unit with Planetary Shield is there",
            event="bombardment",
            rules=SHIELDED,
        )
    if not units or not aims:
        return
    prompt = Prompt(
        PromptKind.OPTION,
        active,
        "invasion:bombard",
        ("bombard", HOLD),
        rules=BOMBARD,
        why=f"{active} may bombard with every unit that has Bombardment, or with none",
    )
    if str(ask(game, prompt)) == HOLD:
        return
    targets: dict[str, list[Card]] = {}
    labels = tuple(p.slug for p in aims)
    for unit in units:
        picked = aims[0]
        if len(aims) > 1:
            prompt = Prompt(
                PromptKind.OPTION,
                active,
                "invasion:bombard-planet",
                labels,
                rules=cite.cite("15.1d"),
                why=f"{active} names the planet their {unit.slug} bombards",
            )
            picked = aims[labels.index(str(ask(game, prompt)))]
        targets.setdefault(picked.slug, []).append(unit)
    plus = techs.plasma_scoring(game, active, units, BOMBARDMENT)
    bombarded: list[bacterial.Bombarded] = []
    for slug, rollers in targets.items():
        planet = st.planet_named(game, slug)
        if planet is None:
            continue
        victim = _defender(game, planet, active)
        if victim is None:
            continue
        dice = roll(
            game,
            active,
            BOMBARDMENT,
            rollers,
            invasion.modifiers,
            f" against {game.name_of(planet)}",
            victim,
            grant=BLITZ if invasion.blitz else None,
            extra=plus,
        )
        scored = core.rolled(game, active, BOMBARDMENT, dice)
        bombarded.append(bacterial.before_hits(game, planet, victim))
        hits.assign(game, victim, active, scored, BOMBARDMENT, system, planet)
    bacterial.after_hits(game, active, bombarded)  # X-89 Bacterial Weapon Ω


def _commit(game: Game, invasion: Invasion, system: Card, planets: list[Card]) -> None:
    """Step 2 (49.2): the active player lands ground forces on planets. By
    default all of them go to the first planet another player controls or
    has ground forces on, else to the first planet they do not control."""
    active = invasion.attacker
    barred = [p for p in planets if laws.demilitarized(game, p)]
    planets = [p for p in planets if p not in barred]
    aimed = [p for p in planets if _defender(game, p, active)] or [
        p for p in planets if st.controller(game, p) != active
    ]
    default = aimed[0] if aimed else None
    for planet in barred:  # Demilitarized Zone
        game.say(
            active,
            f"No ground force may land on {game.name_of(planet)}: Demilitarized "
            "Zone is attached to it",
            event="commit_ground_forces",
            rules=cite.LAW_DEMILITARIZED_LANDING,
        )
    for planet in planets:
        forces = [
            u for u in carried(game, system, active) if u.id not in invasion.returned
        ]
        if not forces:
            break
        counts = [str(n) for n in range(len(forces) + 1)]
        if planet is default:
            counts.reverse()
        prompt = Prompt(
            PromptKind.NUMBER,
            active,
            "invasion:commit",
            tuple(counts),
            rules=COMMIT,
            why=f"{active} picks how many ground forces land on {game.name_of(planet)}",
        )
        count = int(str(ask(game, prompt)))
        if count:
            _land(game, invasion, planet, forces[:count])
    if invasion.committed:  # every commitment made (Ghost Squad)
        core.notice(
            game,
            COMMITTED,
            player=active,
            message=None,
            params={"planets": list(invasion.committed)},
        )
    if not invasion.committed:
        game.say(
            active,
            f"{active} commits no ground forces",
            event="commit_ground_forces",
            rules=NO_COMMIT,
        )


def _land(game: Game, invasion: Invasion, planet: Card, forces: list[Card]) -> None:
    active = invasion.attacker

    def change() -> None:
        for unit in forces:
            unit.data["planet"] = planet.slug
        if planet.slug not in invasion.committed:
            invasion.committed.append(planet.slug)

    landed = changes.happen(
        game,
        "commit_ground_forces",
        player=active,
        message=f"{active} commits {core.count_words(forces)} to "
        f"{game.name_of(planet)}",
        change=change,
        card=planet,
        rules=COMMIT,
        params={"units": [u.id for u in forces]},
    )
    if landed and core.ground_forces(game, planet, active):
        for dock in st.on_planet(game, planet, "space-dock"):
            if dock.owner != active and not core.ground_forces(
                game, planet, dock.owner
            ):
                hits.destroy(game, active, dock, DOCK_LOST)


def _space_cannon_defense(
    game: Game, invasion: Invasion, system: Card, planet: Card
) -> None:
    """Step 3 (49.3, 77.6): other players' units with Space Cannon on the
    planet may fire at the ground forces committed there (77.7d: not from
    adjacent systems)."""
    active = invasion.attacker
    if not core.ground_forces(game, planet, active):
        return
    owners: dict[str, list[Card]] = {}
    for unit in st.on_planet(game, planet):
        if unit.owner == active or (
            unit.slug == "pds" and unit.owner in invasion.disabled
        ):
            continue
        if core.line(game, unit).space_cannon is not None:
            owners.setdefault(unit.owner, []).append(unit)
    for owner, rollers in owners.items():
        prompt = Prompt(
            PromptKind.OPTION,
            owner,
            "space-cannon:defense",
            (FIRE, HOLD),
            rules=DEFENSE,
            why=f"{owner} may fire Space Cannon at the ground forces landing on "
            f"{game.name_of(planet)}",
        )
        if str(ask(game, prompt)) == HOLD:
            continue
        plus = techs.plasma_scoring(game, owner, rollers, SPACE_CANNON)
        dice = roll(
            game,
            owner,
            SPACE_CANNON,
            rollers,
            techs.deflectors(game, active),
            f" at {active}'s ground forces",
            active,
            extra=plus,
        )
        scored = core.rolled(game, owner, SPACE_CANNON, dice)
        hits.assign(game, active, owner, scored, SPACE_CANNON, system, planet)


def _ground_combat(game: Game, invasion: Invasion, system: Card, planet: Card) -> None:
    """Step 4 (49.4, 42): rounds until at most one side has ground forces."""
    active = invasion.attacker
    if not core.ground_forces(game, planet, active):
        return
    others = [u.owner for u in core.ground_forces(game, planet) if u.owner != active]
    if not others:
        return
    defender = others[0]
    combat = core.begin(
        game,
        core.Combat(
            core.GROUND, st.system_id(system), active, defender, planet=planet.slug
        ),
    )
    combat.modifiers.extend(invasion.modifiers)
    invasion.fought.add(planet.slug)
    where = game.name_of(planet)
    game.say(
        active,
        f"A ground combat begins on {where}: {active} attacks, {defender} defends",
        event="combat",
        rules=GROUND,
    )
    core.fight_rounds(
        game,
        combat,
        lambda: _ground_round(game, combat, system, planet),
        lambda: _ground_result(game, combat, planet),
    )
    winner = {u.owner for u in core.ground_forces(game, planet)}
    if len(winner) == 1:  # Dacxive Animators, after the ground combat
        ground_techs.dacxive(game, winner.pop(), system, planet)


def _ground_round(game: Game, combat: core.Combat, system: Card, planet: Card) -> None:
    combat.round += 1
    combat.sustained = set()
    params = {"round": combat.round, "combat": combat.kind}
    core.notice(
        game,
        "combat_round_start",
        player=combat.attacker,
        message=f"Combat round {combat.round} begins on {game.name_of(planet)}",
        rules=cite.cite("42.4a"),
        params=params,
    )
    invasion = current(game)
    disabled = invasion.disabled if invasion is not None else set()
    silenced = ground_techs.magen(game, combat, system, planet, disabled)
    produced = {}
    for player in (combat.attacker, combat.defender):
        if player in silenced:  # Magen Defense Grid
            produced[player] = 0
            continue
        dice = roll(
            game,
            player,
            COMBAT,
            core.ground_forces(game, planet, player),
            combat.modifiers,
            rules=GROUND_ROLL,
        )
        found: dict[str, object] = {
            **params,
            "kind": COMBAT,
            "hits": sum(d.hit for d in dice),
            "dice": dice,
        }
        core.notice(game, "combat_roll", player=player, message=None, params=found)
        hit = int(str(found["hits"]))
        produced[player] = crown.reroll(game, player, dice, hit, space=False)
    for player in (combat.attacker, combat.defender):
        hits.assign(
            game,
            combat.opponent(player),
            player,
            produced[player],
            COMBAT,
            system,
            planet,
        )
    techs.duranium_armor(game, combat, system, planet)  # a mech, 55.1
    left = {u.owner for u in core.ground_forces(game, planet)}
    combat.over = combat.attacker not in left or combat.defender not in left
    core.notice(
        game,
        "combat_round_end",
        player=combat.attacker,
        message=f"Combat round {combat.round} ends on {game.name_of(planet)}",
        rules=cite.cite("42.4b") if combat.over else cite.cite("42.3"),
        params={**params, "last": combat.over},
    )
    combat.modifiers = [m for m in combat.modifiers if m.until != ROUND]


def _ground_result(game: Game, combat: core.Combat, planet: Card) -> None:
    left = {u.owner for u in core.ground_forces(game, planet)}
    winner = next((p for p in combat.sides if p in left), None)
    core.announce_result(
        game,
        combat,
        winner,
        f"The ground combat on {game.name_of(planet)}",
        GROUND_OVER,
    )


def _control(game: Game, invasion: Invasion, planet: Card) -> None:
    """Step 5 (49.5): the active player gains each planet where a ground
    force of theirs still stands; other players' structures there are
    destroyed (49.5a)."""
    active = invasion.attacker
    where = game.name_of(planet)
    if not core.ground_forces(game, planet, active):
        owner = st.controller(game, planet)
        if planet.slug in invasion.fought and owner and owner != active:
            game.say(
                owner,
                f"{owner} keeps control of {where}",
                event="establish_control",
                rules=DEFENDER_KEEPS,
            )
        return
    previous = st.controller(game, planet)
    if previous == active:
        return
    gain_planet(game, active, planet)
    for unit in list(st.on_planet(game, planet)):
        if unit.owner != active and unit.slug in data.STRUCTURES and unit.zone == PLAY:
            hits.destroy(game, active, unit, STRUCTURES)


def gain_planet(
    game: Game, player: str, planet: Card, rules: tuple[str, ...] = CONTROL
) -> bool:
    """Move a planet card to ``player``'s play area, exhausted (25.1, 49.5b;
    ``rules``: why control changes)."""
    previous = st.controller(game, planet)

    def change() -> None:
        game.move(planet, PLAY, player)
        planet.owner = planet.controller = player
        planet.exhausted = True

    done = changes.happen(
        game,
        "gain_planet",
        player=player,
        message=f"{player} gains control of {game.name_of(planet)} and exhausts it",
        change=change,
        card=planet,
        rules=rules,
        params={"from": previous or ""},
    )
    if done:  # laws that follow who controls a planet
        points.planet_gained(game, player, planet, previous or "")
    return done
