"""The state of a combat in progress and the questions every step asks.

A game holds at most one combat at a time (``current``); it lives in
``game.flags`` so a copied game copies it, and is dropped when the combat
ends. Units in space are those without a ``planet``; a damaged unit has
``data["damaged"]`` (87.1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import EngineStop
from oracle.engine.core.game import Game
from oracle.engine.core.messages import join_words
from oracle.engine.flow.events import answerable
from oracle.games.ti4 import changes, data, faction_units, laws, units
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import points
from oracle.games.ti4.combat.rolls import Die, Modifier, technologies

KEY = "ti4-combat"
#: The ships each side had as each space combat of the run began, by system
#: id: what the combat odds of a scenario that fought it start from.
STARTED = "ti4-combat-starts"
#: The ground forces each side had as each ground combat of the run began, by
#: planet slug, as (unit, damaged) pairs: what the odds of that combat start from.
GROUND_STARTED = "ti4-ground-combat-starts"
#: Of the ships in ``STARTED``, those already damaged, by system id.
DAMAGED_AT_START = "ti4-combat-starts-damaged"
MAX_ROUNDS = 200
SPACE = "space"
GROUND = "ground"

#: The order in which a player's units are offered to take hits when the
#: scenario does not say (the default policy): cheapest first, fighters and
#: infantry (two for 1) before the rest.
COST_ORDER = {
    "fighter": 0,
    "infantry": 0,
    "destroyer": 1,
    "cruiser": 2,
    "carrier": 3,
    "dreadnought": 4,
    "war-sun": 12,
    "mech": 2,
    "flagship": 8,
}


@dataclass
class Combat:
    """A space or ground combat in ``system`` (a system id); ``planet`` for a
    ground combat. The attacker is the active player (13), the defender the
    other player (29)."""

    kind: str
    system: str
    attacker: str
    defender: str
    planet: str | None = None
    round: int = 0
    modifiers: list[Modifier] = field(default_factory=list)
    announced: dict[str, bool] = field(default_factory=dict)
    intercepted: set[str] = field(default_factory=set)
    over: bool = False
    draw: bool = False
    destroyed_value: int = 0
    destroyed_owner: str = ""
    destroyed_ship: bool = False
    waylay: set[str] = field(default_factory=set)
    sustained: set[str] = field(default_factory=set)
    forced: set[str] = field(default_factory=set)
    technologies: dict[str, frozenset[str]] = field(default_factory=dict)
    #: The statistics of each (owner, unit) met in this combat: a faction
    #: does not change while it lasts, and a technology gained then is
    #: announced with ``learned``.
    lines: dict[tuple[str, str], units.UnitStats] = field(default_factory=dict)
    #: In the Assign Hits step of a space combat round: the hits of each
    #: player's combat roll not yet assigned (None outside that step), and the
    #: hits a player produced once their opponent had assigned theirs
    #: (Reflective Shielding, ``space.assign_late``).
    unassigned: dict[str, int] | None = None
    late: dict[str, int] = field(default_factory=dict)

    @property
    def sides(self) -> tuple[str, str]:
        """The attacker, then the defender."""
        return (self.attacker, self.defender)

    def opponent(self, name: str) -> str:
        """The other player of the combat."""
        return self.defender if name == self.attacker else self.attacker


def notice(
    game: Game,
    name: str,
    *,
    player: str | None,
    message: str | None,
    rules: tuple[str, ...] = (),
    params: dict[str, object] | None = None,
) -> None:
    """Raise the event ``name`` that changes nothing but opens windows, or
    only log its message when no card or rule in the game can answer it (as
    the engine does for its own notices)."""
    if answerable(game, name):
        changes.happen(
            game,
            name,
            player=player,
            message=message,
            change=_nothing,
            rules=rules,
            params=params,
        )
    elif message:
        game.say(player, message, event=name, rules=rules)


def _nothing() -> None:
    return None


def fight_rounds(
    game: Game,
    combat: Combat,
    one_round: Callable[[], None],
    result: Callable[[], None],
) -> None:
    """Fight ``combat`` round by round until it is over, then settle its
    ``result``; the combat is forgotten whatever happens. A bound of
    ``MAX_ROUNDS`` turns a combat that cannot end (a bug: every unit hits on
    a 10) into a clear stop."""
    try:
        while not combat.over:
            if combat.round >= MAX_ROUNDS:
                raise EngineStop(
                    "combat-rounds", f"more than {MAX_ROUNDS} combat rounds"
                )
            one_round()
        result()
    finally:
        finish(game)


def count_words(found: list[Card]) -> str:
    """``"a carrier and 2 fighters"``: units counted by type, in order."""
    counts: dict[str, int] = {}
    for unit in found:
        counts[unit.slug] = counts.get(unit.slug, 0) + 1
    return join_words([changes.units_text(u, n) for u, n in counts.items()])


def announce_result(
    game: Game,
    combat: Combat,
    winner: str | None,
    what: str,
    rules: tuple[str, ...],
) -> None:
    """Log who won ``what`` ("The space combat in Rex") and open the window
    after it (``combat_over``: params ``winner``, ``loser``, ``combat``)."""
    text = (
        f"{what} is over: {winner} wins it"
        if winner
        else f"{what} is over with no winner"
    )
    core_params: dict[str, object] = {
        "winner": winner,
        "loser": combat.opponent(winner) if winner else None,
        "combat": combat.kind,
    }
    notice(
        game,
        "combat_over",
        player=combat.attacker,
        message=text,
        rules=rules,
        params=core_params,
    )
    if winner:  # Shard of the Throne passes to the winner
        points.combat_won(game, winner, combat.opponent(winner))


def remove_units(
    game: Game, by: str, found: list[Card], message: str, rules: tuple[str, ...]
) -> bool:
    """Take units off the board to their owners' reinforcements: removed, not
    destroyed, so nothing that answers destruction sees them (31.2)."""

    def change() -> None:
        for unit in found:
            unit.data.clear()
            game.move(unit, st.REINFORCEMENTS, unit.owner)

    return changes.happen(
        game, "remove_units", player=by, message=message, change=change, rules=rules
    )


def current(game: Game) -> Combat | None:
    """The combat in progress, if any."""
    found = game.flags.get(KEY)
    return found if isinstance(found, Combat) else None


def in_space_combat(game: Game) -> Combat | None:
    """The space combat in progress, if any."""
    found = current(game)
    return found if found is not None and found.kind == SPACE else None


def begin(game: Game, combat: Combat) -> Combat:
    """Record ``combat`` as the one in progress (and, for a space combat, the
    ships each side brings to it)."""
    game.flags[KEY] = combat
    if combat.kind == SPACE:
        system = system_card(game, combat.system)
        started = game.flags.get(STARTED)
        if not isinstance(started, dict):
            started = game.flags[STARTED] = {}
        started[combat.system] = {
            name: [ship.slug for ship in st.ships(game, system, name)]
            for name in (combat.attacker, combat.defender)
        }
        hurt = game.flags.get(DAMAGED_AT_START)
        if not isinstance(hurt, dict):
            hurt = game.flags[DAMAGED_AT_START] = {}
        hurt[combat.system] = {
            name: [s.slug for s in st.ships(game, system, name) if damaged(s)]
            for name in (combat.attacker, combat.defender)
        }
    elif combat.kind == GROUND and combat.planet is not None:
        _record_ground_start(game, combat, combat.planet)
    return combat


def _record_ground_start(game: Game, combat: Combat, slug: str) -> None:
    planet = st.planet_named(game, slug)
    if planet is None:
        return
    grounds = game.flags.get(GROUND_STARTED)
    if not isinstance(grounds, dict):
        grounds = game.flags[GROUND_STARTED] = {}
    grounds[slug] = {
        name: [(u.slug, damaged(u)) for u in ground_forces(game, planet, name)]
        for name in combat.sides
    }


def damaged_at_start(game: Game, system: str) -> dict[str, list[str]]:
    """Of the ships in ``ships_at_start``, those already damaged."""
    found = game.flags.get(DAMAGED_AT_START)
    hurt = found.get(system) if isinstance(found, dict) else None
    return hurt if isinstance(hurt, dict) else {}


def ground_forces_at_start(
    game: Game, planet: str
) -> dict[str, list[tuple[str, bool]]] | None:
    """The ground forces of each side, as (unit, damaged) pairs, as the run's
    ground combat on ``planet`` began (None if none was fought there)."""
    found = game.flags.get(GROUND_STARTED)
    return found.get(planet) if isinstance(found, dict) else None


def ships_at_start(game: Game, system: str) -> dict[str, list[str]] | None:
    """The ships of each side as the run's space combat in ``system`` began
    (None if none was fought there)."""
    found = game.flags.get(STARTED)
    return found.get(system) if isinstance(found, dict) else None


def finish(game: Game) -> None:
    """Forget the combat in progress."""
    game.flags.pop(KEY, None)


def in_space(game: Game, system: Card, owner: str | None = None) -> list[Card]:
    """A player's units in the space area of a system."""
    return [
        u
        for u in st.units(game, system=system, owner=owner)
        if not u.data.get("planet")
    ]


def ships_in(game: Game, system: Card, owner: str) -> list[Card]:
    """A player's ships in a system."""
    return [
        u
        for u in st.units(game, system=system, owner=owner)
        if u.slug in data.SHIPS and not u.data.get("planet")
    ]


def ground_forces(game: Game, planet: Card, owner: str | None = None) -> list[Card]:
    """The ground forces on a planet (of one player)."""
    return [
        u
        for u in st.on_planet(game, planet)
        if u.slug in data.GROUND_FORCES and owner in (None, u.owner)
    ]


def fleets(game: Game, system: Card) -> list[str]:
    """The players with ships in a system, in seat order."""
    present = {
        u.owner
        for u in st.units(game, system=system)
        if u.slug in data.SHIPS and not u.data.get("planet")
    }
    return [p.name for p in game.seat_order() if p.name in present]


def line(game: Game, unit: Card) -> units.UnitStats:
    """The statistics that apply to a unit of its owner (97.4; a flagship or
    mech by its owner's faction, ``KeyError`` without one). A combat
    remembers each player's technologies (``learned`` when one is gained)."""
    owner = str(unit.owner)
    combat = current(game)
    if combat is None:
        return _line(game, owner, unit.slug)
    key = (owner, unit.slug)
    found = combat.lines.get(key)
    if found is None:
        found = combat.lines[key] = _line(game, owner, unit.slug)
    return found


def _line(game: Game, owner: str, unit: str) -> units.UnitStats:
    faction = st.seat(game, owner).faction
    return faction_units.stats(unit, owned(game, owner), faction)


def owned(game: Game, player: str) -> frozenset[str]:
    """The technologies of a player, remembered by the combat in progress."""
    combat = current(game)
    if combat is None:
        return technologies(game, player)
    found = combat.technologies.get(player)
    if found is None:
        found = combat.technologies[player] = technologies(game, player)
    return found


def damaged(unit: Card) -> bool:
    """Whether a unit is damaged (87.1)."""
    return bool(unit.data.get("damaged"))


def can_sustain(game: Game, unit: Card) -> bool:
    """An undamaged unit with Sustain Damage (87.3)."""
    if unit.slug == "war-sun" and laws.war_suns_exposed(game):
        return False  # Publicize Weapon Schematics
    return line(game, unit).sustain_damage and not damaged(unit)


def by_policy(found: list[Card]) -> list[Card]:
    """Units in the default order to take hits: cheapest first, board order
    within a type (see ``COST_ORDER``)."""
    return sorted(found, key=lambda u: COST_ORDER.get(u.slug, 99))


def system_card(game: Game, system_id: str) -> Card:
    """The system card of an id."""
    found = st.system_named(game, system_id)
    if found is None:
        raise KeyError(system_id)
    return found


def rolled(game: Game, player: str, kind: str, dice: list[Die]) -> int:
    """The window after a player's roll of ``kind`` (``unit_roll``: params
    ``kind``, ``dice``; Scramble Frequency answers it); return the hits the
    dice produce once it has closed."""
    params: dict[str, object] = {"kind": kind, "dice": dice}
    notice(game, "unit_roll", player=player, message=None, params=params)
    return sum(d.hit for d in dice)


def capacity_check(
    game: Game, system: Card, player: str, rules: tuple[str, ...]
) -> None:
    """Remove ``player``'s fighters and ground forces in the space area of
    ``system`` beyond what their ships and space docks hold (16.3), as the end
    of movement does (``movement.settle_capacity``: the player picks, 16.3a).
    ``rules`` say why it is checked now (16.N2 after Space Cannon Offense,
    16.3c after a combat)."""
    # Imported here: movement hands over to combat once the ships have moved.
    from oracle.games.ti4 import movement

    movement.settle_capacity(game, player, system, fleet=False, rules=rules)


def settle_arrival(
    game: Game, system: Card, player: str, rules: tuple[str, ...]
) -> None:
    """Apply capacity (16.3) and the fleet pool (37.3) to ``player``'s units in
    ``system`` once ships have retreated into it (Skilled Retreat's notes say
    the same of its move)."""
    from oracle.games.ti4 import movement  # imported here, as in capacity_check

    movement.settle_capacity(game, player, system, rules=rules)


def learned(game: Game, player: str) -> None:
    """Forget what the combat in progress remembers of ``player``'s
    technologies and unit lines: they gained one during it (Reveal Prototype
    researches a unit upgrade at the start of a combat, and it applies to the
    rest of that combat, 97.4)."""
    combat = current(game)
    if combat is None:
        return
    combat.technologies.pop(player, None)
    for key in [k for k in combat.lines if k[0] == player]:
        del combat.lines[key]
