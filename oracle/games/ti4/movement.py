"""The movement step of a tactical action (58, 89.2), what follows it at once
(capacity 16, fleet pool 37) and the hand-off to space cannon offense, space
combat and invasion (not modelled here: reported, never skipped).

After the activation, the active player is asked (window ``movement``) which of
their units move: ships able to reach the active system, and fighters and
ground forces that a moving ship can pick up (95.1, 95.3). The engine finds
each ship's path (``paths.route``) and which ship carries what: carried units
go first with a ship that starts in their system, then with one whose path can
pass through it (one such detour a ship); a *Fighter II* that no ship carries
moves on its own when it can. An answer that does not fit (a carried unit no
chosen ship can pick up, or two ships that both need *Gravity Drive*) is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.messages import join_words
from oracle.engine.core.prompts import Answer, Prompt, PromptKind, ask
from oracle.engine.core.refs import labels
from oracle.games.ti4 import (
    changes,
    cite,
    combat,
    data,
    faction_units,
    laws,
    paths,
    reserve,
    tactical,
    units,
)
from oracle.games.ti4 import state as st

#: The window of the movement prompt.
WINDOW = "movement"
GROUND = frozenset(data.GROUND_FORCES)
#: Fighters in its system that each space dock keeps out of capacity (79.1,
#: the unit sheet; the same for Space Dock II).
DOCK_FIGHTERS = 3
#: The most units one movement answer may name.
MOST = 50


@dataclass
class Leg:
    """One ship's move: its path, what it carries, and whether it took the
    +1 of Gravity Drive."""

    ship: Card
    route: paths.Route
    carried: list[Card] = field(default_factory=list)
    gravity_drive: bool = False
    detour: bool = False


@dataclass(frozen=True)
class Mover:
    """One player's movement into the active system."""

    game: Game
    me: str
    active: Card
    chart: paths.Chart
    techs: frozenset[str]
    flank: int
    silence: str | None
    #: The player's faction: its flagship and mech lines.
    faction: str | None = None
    #: The board's systems by id.
    places: dict[str, Card] = field(default_factory=dict)
    #: Routes found so far, by (start, move value, via): the prompt's
    #: options and the check of an answer ask for the same ones.
    routes: dict[tuple[str, int, str | None], paths.Route | None] = field(
        default_factory=dict
    )

    def stats(self, unit: Card) -> units.UnitStats | None:
        """The unit's line (None for a faction unit the pack has no line for)."""
        try:
            return faction_units.stats(unit.slug, self.techs, self.faction)
        except KeyError:
            return None

    def budget(self, ship: Card, gravity_drive: bool) -> int | None:
        """A ship's move value for this movement (None: it cannot move)."""
        line = self.stats(ship)
        if line is None or line.move is None:
            return None
        start = str(ship.data.get("system"))
        base = line.move
        if paths.NEBULA in self.chart.kinds.get(start, frozenset()):
            base = 1  # 59.2; effects may still raise it (59.2a)
        return base + self.flank + (1 if gravity_drive else 0)

    def route(
        self, ship: Card, gravity_drive: bool, via: str | None = None
    ) -> paths.Route | None:
        """The ship's default path, or None."""
        budget = self.budget(ship, gravity_drive)
        start = str(ship.data.get("system"))
        if budget is None or self.locked(start):
            return None
        key = (start, budget, via)  # Gravity Drive is in the budget
        if key not in self.routes:
            through = "light-wave-deflector" in self.techs or self.silence == start
            self.routes[key] = paths.route(
                self.chart, start, budget, through_ships=through, via=via
            )
        return self.routes[key]

    def follow(
        self, ship: Card, gravity_drive: bool, through: tuple[str, ...]
    ) -> paths.Route | None:
        """The path the player named for the ship, if it is a legal one."""
        budget = self.budget(ship, gravity_drive)
        start = str(ship.data.get("system"))
        if budget is None or self.locked(start):
            return None
        ships_ok = "light-wave-deflector" in self.techs or self.silence == start
        return paths.follow(self.chart, start, through, budget, through_ships=ships_ok)

    def locked(self, system: str) -> bool:
        """Whether the system holds this player's command token (58.4c, 95.3)."""
        return system in self.chart.tokens

    def capacity(self, ship: Card) -> int:
        """The ship's capacity value (16.1)."""
        line = self.stats(ship)
        return line.capacity if line is not None else 0


def mover(game: Game, me: str, active: Card) -> Mover:
    """Return the movement of ``me`` into ``active`` with this action's effects."""
    found = tactical.boosts(game)
    techs = frozenset(t.slug for t in st.technologies(game, me))
    return Mover(
        game,
        me,
        active,
        paths.chart(
            game, me, active, star_chart=found.star_chart, nav_suite=found.nav_suite
        ),
        techs,
        1 if found.flank_speed else 0,
        found.silence,
        st.seat(game, me).faction,
        places={st.system_id(s): s for s in st.systems(game)},
    )


def _carried_kind(card: Card) -> bool:
    return card.slug == "fighter" or card.slug in GROUND


def _own_units(move: Mover) -> list[Card]:
    """The player's units outside the active system, in scenario order."""
    here = st.system_id(move.active)
    return [
        u
        for u in st.units(move.game, owner=move.me)
        if u.data.get("system") != here and u.slug not in data.STRUCTURES
    ]


def why_stuck(move: Mover, ship: Card) -> str | None:
    """Why a ship cannot reach the active system (None when it can), in words."""
    game = move.game
    start = str(ship.data.get("system"))
    gd = "gravity-drive" in move.techs
    # Without Gravity Drive first: the path ``plan`` looks for first, and a
    # longer move never loses a path.
    if not move.locked(start) and (
        move.route(ship, False) is not None
        or (gd and move.route(ship, True) is not None)
    ):
        return None
    where = st.location(game, ship)
    target = game.name_of(move.active)
    if move.locked(start):
        return f"it starts in {where}, which holds a command token of {move.me} (58.4c)"
    if move.budget(ship, False) is None:
        return "the pack has no move value for it (58.3)"
    refused = paths.entry_refused(move.chart, move.chart.active)
    if refused is not None:
        rule = {"supernova": "86.1", "asteroid-field": "11.1"}[refused]
        return f"no ship may move into {target}, a {refused.replace('-', ' ')} ({rule})"
    budget = move.budget(ship, gd) or 0
    far = paths.distance(move.chart, start)
    if far is None:
        if laws.travel_banned(move.game, move.me):
            return (
                f"{where} and {target} are not connected (6.1, 7.2): under Enforced "
                "Travel Ban alpha and beta wormholes do nothing"
            )
        return f"{where} and {target} are not connected (6.1)"
    if far > budget and not any(
        paths.GRAVITY_RIFT in k for k in move.chart.kinds.values()
    ):
        return f"its move value is {budget} and {target} is {far} systems away (58.4f)"
    return (
        f"every path within its move value of {budget} passes a system it may not "
        "move through: another player's ships (58.4b), a nebula (59.1a), a "
        "supernova (86.1) or an asteroid field (11.1)"
    )


def _pickup_systems(move: Mover) -> set[str]:
    """Systems where carried units may be picked up: not the player's token
    (95.3); the active system's units already are there."""
    return {s for s in move.chart.order if not move.locked(s)}


def offers(move: Mover) -> tuple[list[Card], list[str]]:
    """The units the player may name, and why each other ship may not move."""
    found, stuck = [], []
    pickup = _pickup_systems(move)
    game = move.game
    for unit in _own_units(move):
        start = str(unit.data.get("system"))
        if _carried_kind(unit):
            self_moving = (
                unit.slug == "fighter" and why_stuck(move, unit) is None
                if st.is_ship(game, unit)
                else False
            )
            if start in pickup or self_moving:
                found.append(unit)
            continue
        reason = why_stuck(move, unit)
        if reason is None:
            found.append(unit)
        else:
            name = units_word(unit.slug)
            stuck.append(f"the {name} in {st.location(game, unit)} cannot: {reason}")
    return found, stuck


def units_word(unit: str) -> str:
    """``"war sun"``, ``"PDS"``: a unit type in words."""
    return changes.units_text(unit, 1).split(" ", 1)[1]


def plan(
    move: Mover,
    chosen: Sequence[Card],
    named: Mapping[str, tuple[str, ...]] | None = None,
) -> list[Leg] | None:
    """The legs of the named units, or None when they do not fit together.
    ``named``: the systems a ship must move through, by card id (its path
    as the player gave it); the others take the default path."""
    ships = [c for c in chosen if not _carried_kind(c) or (named or {}).get(c.id)]
    cargo = [c for c in chosen if c not in ships]
    gd = "gravity-drive" in move.techs
    legs: list[Leg] = []
    drive_used = False
    for ship in ships:
        through = (named or {}).get(ship.id)
        found = _leg_route(move, ship, False, through)
        took = False
        if found is None and gd and not drive_used:
            found = _leg_route(move, ship, True, through)
            took = drive_used = found is not None
        if found is None:
            return None
        legs.append(Leg(ship, found, gravity_drive=took, detour=through is not None))
    if not _load(move, legs, cargo, gd and not drive_used):
        return None
    return legs


def _leg_route(
    move: Mover, ship: Card, drive: bool, through: tuple[str, ...] | None
) -> paths.Route | None:
    """The path named for the ship, or else the default one."""
    if through is not None:
        return move.follow(ship, drive, through)
    return move.route(ship, drive)


def _load(move: Mover, legs: list[Leg], cargo: list[Card], drive: bool) -> bool:
    """Give each carried unit a ship (adds the legs of lone Fighter IIs)."""
    spare = {id(leg): move.capacity(leg.ship) for leg in legs}
    for unit in cargo:
        start = str(unit.data.get("system"))
        leg = next(
            (
                g
                for g in legs
                if spare[id(g)] and start in g.route.systems[:-1] and _on_way(g, start)
            ),
            None,
        )
        if leg is None:
            leg, drive = _detour(move, legs, spare, start, drive)
        if leg is not None:
            leg.carried.append(unit)
            spare[id(leg)] -= 1
            continue
        if unit.slug == "fighter" and st.is_ship(move.game, unit):
            alone, took = move.route(unit, False), False
            if alone is None and drive:
                alone = move.route(unit, True)
                took = alone is not None
            if alone is not None and move.budget(unit, False) is not None:
                drive = drive and not took
                legs.append(Leg(unit, alone, gravity_drive=took))
                spare[id(legs[-1])] = 0
                continue
        return False
    return True


def _on_way(leg: Leg, system: str) -> bool:
    """A ship picks up where it starts or in a system it passes (95.1)."""
    return system == leg.route.systems[0] or system in leg.route.passes()


def _detour(
    move: Mover, legs: list[Leg], spare: dict[int, int], system: str, drive: bool
) -> tuple[Leg | None, bool]:
    """A leg with spare capacity whose ship can pass through ``system`` and
    still through every system it already picks up from; Gravity Drive may
    lengthen its move if no ship has taken it (``drive``: it is still free).
    Returns the leg and whether Gravity Drive is still free."""
    for leg in legs:
        if not spare[id(leg)] or leg.detour:
            continue
        tries = [leg.gravity_drive]
        if drive and not leg.gravity_drive:
            tries.append(True)
        for boost in tries:
            found = move.route(leg.ship, boost, via=system)
            if found is None or system not in found.systems[:-1]:
                continue
            stops = found.systems[:-1]
            if all(str(u.data.get("system")) in stops for u in leg.carried):
                took = boost and not leg.gravity_drive
                leg.route, leg.detour, leg.gravity_drive = found, True, boost
                return leg, drive and not took
    return None, drive


@dataclass(frozen=True, slots=True)
class MovePrompt(Prompt):
    """The movement prompt: an answer must also fit together (``fits``)."""

    fits: Callable[[tuple[str, ...]], bool] | None = None
    #: Answers already expanded (the runner and ``ask`` both check one).
    expanded: dict[tuple[str, ...], object] = field(default_factory=dict)

    def accept(self, raw: object) -> Answer | None:
        """The answer if every name is an option and the units fit together.

        ``"2 Alice/fighter@home"`` names two of those fighters, a label
        without ``#n`` the first not yet named, and ``"... by mid > gap"``
        the systems a ship moves through."""
        if isinstance(raw, list) and all(isinstance(i, str) for i in raw):
            key = tuple(raw)
            if key not in self.expanded:
                self.expanded[key] = expand(self.options, raw)
            full = self.expanded[key]
        else:
            full = expand(self.options, raw)
        if not isinstance(full, list):
            return Prompt.accept(self, full)
        names = [split_path(item)[0] for item in full]
        if Prompt.accept(self, names) is None:
            return None
        answer = tuple(full)
        if self.fits is not None and not self.fits(answer):
            return None
        return answer


_COUNTED = re.compile(r"^(\d+)\s+(\S+)$")
#: ``"Alice/cruiser@far by mid > gap"``: a unit and the systems it moves through.
BY = " by "


def split_path(item: str) -> tuple[str, tuple[str, ...] | None]:
    """A unit name and the path named with it (None: the engine finds one)."""
    name, sep, rest = item.partition(BY)
    if not sep:
        return item.strip(), None
    through = tuple(p.strip().lower() for p in rest.split(">") if p.strip())
    return name.strip(), through


def expand(options: Sequence[str], raw: object) -> object:
    """Turn counted and unnumbered unit names into the options they mean,
    keeping the path named with each (``... by mid > gap``)."""
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list | tuple) or not all(
        isinstance(i, str) for i in items
    ):
        return raw
    out: list[str] = []
    known, taken = set(options), set[str]()
    for item in items:
        text, through = split_path(item)
        found = _COUNTED.match(text)
        count, name = (int(found.group(1)), found.group(2)) if found else (1, text)
        if count > MOST:
            return raw
        for _ in range(count):
            pick = _first_free(options, known, name, taken)
            if pick is None:
                return raw
            taken.add(pick)
            out.append(pick if through is None else f"{pick}{BY}{' > '.join(through)}")
    return out


def _first_free(
    options: Sequence[str], known: set[str], name: str, taken: set[str]
) -> str | None:
    """``name`` if it is a free option, else its first free numbered copy."""
    if name in known and name not in taken:
        return name
    prefix = f"{name}#"
    return next((o for o in options if o not in taken and o.startswith(prefix)), None)


def movement_step(game: Game, me: str, active: Card) -> None:
    """Ask which units move, move them, then settle capacity and fleet pool."""
    move = mover(game, me, active)
    found, stuck = offers(move)
    if not found:  # nothing could move: no question to ask
        return
    names = labels(game, found)
    by_name = dict(zip(names, found, strict=True))
    plans: dict[tuple[str, ...], list[Leg] | None] = {}
    why = "".join(f"{s}; " for s in stuck[:10])
    if "gravity-drive" in move.techs:
        why += "Gravity Drive adds 1 to the move of one ship only; "
    prompt = MovePrompt(
        PromptKind.CARD,
        me,
        WINDOW,
        tuple(names),
        minimum=0,
        maximum=min(len(names), MOST),
        rules=(*cite.MOVE_STEP, *cite.TRANSPORT, *cite.PICK_UP_TOKEN),
        why=f"{why}carried fighters and ground forces need chosen ships with "
        "spare capacity that start in or can pass through their systems; a path "
        'named after "by" must run through adjacent systems the ship may pass, '
        "within its move value",
        title=f"Choose the units that move into {game.name_of(active)}",
        fits=lambda answer: _planned(move, by_name, answer, plans) is not None,
    )
    answer = ask(game, prompt)
    chosen = tuple(answer) if isinstance(answer, tuple) else ()
    legs = _planned(move, by_name, chosen, plans) or []
    if not legs:
        game.say(
            me,
            f"{me} moves no ships into {game.name_of(active)}",
            event="move_units",
            rules=cite.MOVE_NONE,
        )
    left = {str(u.data.get("system")) for leg in legs for u in (leg.ship, *leg.carried)}
    for leg in legs:
        _move(game, move, leg)
    for system in _systems(game, sorted(left - {st.system_id(active)})):
        settle_capacity(game, me, system, fleet=False)  # what stayed behind (16.N4)
    settle_capacity(game, me, active)


def _planned(
    move: Mover,
    by_name: dict[str, Card],
    answer: tuple[str, ...],
    plans: dict[tuple[str, ...], list[Leg] | None],
) -> list[Leg] | None:
    """The plan of an answer, worked out once (the prompt checks it twice)."""
    if answer not in plans:
        chosen, named = [], {}
        for item in answer:
            name, through = split_path(item)
            card = by_name[name]
            chosen.append(card)
            if through is not None:
                named[card.id] = through
        plans[answer] = plan(move, chosen, named)
    return plans[answer]


def _move(game: Game, move: Mover, leg: Leg) -> None:
    """Roll for each gravity rift the ship leaves, then move it and its cargo."""
    me = move.me
    if not _survives(game, move, leg):
        return
    names = [game.name_of(move.places[s]) for s in leg.route.systems]
    rules, notes = _notes(move, leg)
    text = f"{me} moves a {units_word(leg.ship.slug)} to {names[-1]} by "
    text += " > ".join(names)
    if leg.carried:
        text += f", carrying {_cargo_words(leg.carried)}"
        rules += cite.TRANSPORT
    if notes:
        text += f" ({'; '.join(notes)})"
    here = st.system_id(move.active)

    def change() -> None:
        for unit in (leg.ship, *leg.carried):
            unit.data.pop("planet", None)
            unit.data["system"] = here
        tactical.boosts(game).arrived = True  # Experimental Battlestation

    changes.happen(
        game,
        "move_units",
        player=me,
        message=text,
        change=change,
        card=leg.ship,
        rules=tuple(dict.fromkeys(rules)),
    )


def _survives(game: Game, move: Mover, leg: Leg) -> bool:
    """Roll once each time the ship leaves a gravity rift (41.2): on 1 to 3 it
    is removed with what it has picked up so far (41.2b); what it would have
    picked up later stays where it is (41.N7)."""
    me, path = move.me, leg.route.systems
    what = units_word(leg.ship.slug)
    for at, system in enumerate(path[:-1]):
        if paths.GRAVITY_RIFT not in move.chart.kinds.get(system, frozenset()):
            continue
        value = changes.roll(game, me)
        if value <= 3:
            aboard = [u for u in leg.carried if path.index(_at(u)) <= at]
            later = [u for u in leg.carried if u not in aboard]
            _lost(game, me, leg.ship, (aboard, later), value)
            return False
        game.say(
            me,
            f"{me} rolls {value} for the {what} leaving a gravity rift: it stays "
            "on the board",
            event="roll",
            rules=cite.RIFT_ROLL[:1],
        )
    return True


def _at(unit: Card) -> str:
    return str(unit.data.get("system"))


def _notes(move: Mover, leg: Leg) -> tuple[list[str], list[str]]:
    """The rules a move rests on and what, besides the move value, made it."""
    rules: list[str] = [*cite.MOVE_STEP]
    notes = []
    if leg.route.rifts:
        rules += cite.RIFT_BONUS
        notes.append(f"+{leg.route.rifts} for leaving a gravity rift")
    if paths.NEBULA in move.chart.kinds.get(leg.route.systems[0], frozenset()):
        rules += cite.NEBULA_MOVE
        notes.append("move value 1 from a nebula")
    if move.chart.nebulae and any(
        paths.NEBULA in move.chart.kinds.get(s, frozenset()) for s in leg.route.passes()
    ):
        rules += cite.LAW_NEBULAE
        notes.append("through a nebula under Shared Research")
    if laws.joined_only(move.game, [move.places[s] for s in leg.route.systems]):
        rules += cite.LAW_WORMHOLES_JOINED
        notes.append("between wormholes joined by Wormhole Reconstruction")
    if leg.gravity_drive:
        rules += cite.GRAVITY_DRIVE
        notes.append("+1 from Gravity Drive")
    if move.flank:
        rules += cite.FLANK_SPEED
        notes.append("+1 from Flank Speed")
    passes_ships = any(s in move.chart.occupied for s in leg.route.passes())
    if passes_ships and "light-wave-deflector" in move.techs:
        notes.append("through other ships with Light/Wave Deflector")
    elif passes_ships and move.silence == leg.route.systems[0]:
        notes.append("through other ships by In The Silence Of Space")
    return rules, notes


def _systems(game: Game, ids: Sequence[str]) -> list[Card]:
    by_id = {st.system_id(s): s for s in st.systems(game)}
    return [by_id[i] for i in ids if i in by_id]


def _cargo_words(cargo: Sequence[Card]) -> str:
    counts: dict[str, int] = {}
    for unit in cargo:
        counts[unit.slug] = counts.get(unit.slug, 0) + 1
    return join_words([changes.units_text(u, n) for u, n in counts.items()])


def _lost(
    game: Game, me: str, ship: Card, cargo: tuple[list[Card], list[Card]], value: int
) -> None:
    """A gravity rift removes the ship and what it carries (41.2, 41.2b); what
    it was to pick up later stays (41.N7)."""
    aboard, later = cargo
    what = units_word(ship.slug)
    text = f"{me} rolls {value} for the {what} leaving a gravity rift: it is removed"
    if aboard:
        text += f" with {_cargo_words(aboard)} it carries"
    text += ", back to reinforcements"
    rules: tuple[str, ...] = cite.RIFT_ROLL
    if later:
        stays = "stays where it is" if len(later) == 1 else "stay where they are"
        text += f"; {_cargo_words(later)} it was to pick up later {stays}"
        rules = (*rules, *cite.RIFT_LATER_PICKUP)
    to_reinforcements(game, me, [ship, *aboard], text, rules)


def to_reinforcements(
    game: Game, me: str, gone: Sequence[Card], text: str, rules: Sequence[str]
) -> None:
    """Return units to their owner's reinforcements (removed, not destroyed)."""

    def change() -> None:
        for card in gone:
            card.data.clear()
            game.move(card, st.REINFORCEMENTS, card.owner)
        for who, unit in sorted({(c.owner, c.slug) for c in gone}):
            for _ in range(reserve.surplus(game, who, unit)):  # tokens: the supply
                token = st.from_reinforcements(game, who, unit)
                if token is not None:
                    game.move(token, st.UNIT_TOKENS)

    changes.happen(
        game, "remove_units", player=me, message=text, change=change, rules=rules
    )


# -- capacity and the fleet pool ------------------------------------------------


def _space(game: Game, me: str, system: Card) -> list[Card]:
    """The player's units in the space area of a system."""
    return [
        u
        for u in st.units(game, system=system, owner=me)
        if "planet" not in u.data and u.zone == PLAY
    ]


def settle_capacity(
    game: Game,
    me: str,
    system: Card,
    *,
    fleet: bool = True,
    rules: Sequence[str] = (),
) -> None:
    """Remove what is over capacity (16.3) and over the fleet pool (37.3); the
    player picks (16.3a, 37.3); by default fighters go before ground forces,
    and the cheapest ships go first. ``rules``: why it is checked now, cited
    with the capacity rules."""
    techs = frozenset(t.slug for t in st.technologies(game, me))
    faction = st.seat(game, me).faction
    mine = st.units(game, system=system, owner=me)
    space = [u for u in mine if "planet" not in u.data]  # as ``_space``
    ships = [u for u in space if not _carried_kind(u)]
    room = sum(_capacity(u.slug, techs, faction) for u in ships)
    cargo = [u for u in space if _carried_kind(u)]
    fighters = sum(1 for u in cargo if u.slug == "fighter")
    docks = sum(1 for u in mine if u.slug == "space-dock")
    free = min(fighters, DOCK_FIGHTERS * docks)  # the space dock's fighters
    pool = game.player(me).resource(st.FLEET)
    over = len(cargo) - free - room
    absorbed = 0
    if over > 0 and "fighter-ii" in techs:
        absorbed = max(0, min(over, fighters - free, pool - len(ships)))  # 37.N2
    if over - absorbed > 0:
        ordered = sorted(cargo, key=lambda u: (u.slug != "fighter", u.slug))
        held = f" beyond the {free} fighters its space docks hold" if free else ""
        _remove(
            game,
            me,
            system,
            ordered,
            over - absorbed,
            "capacity",
            f"{me} has {len(cargo) - free} fighters or ground forces in the space "
            f"of {game.name_of(system)}{held} and ships with a capacity of {room} "
            "there",
            (*cite.CAPACITY_EXCESS, *rules),
        )
        space = _space(game, me, system)
    count = len([u for u in space if not _carried_kind(u)])
    count += absorbed
    if fleet and count > pool:
        # Fighter IIs counting as ships may go too (37.N2).
        ordered = sorted(
            [
                u
                for u in _space(game, me, system)
                if not _carried_kind(u) or (absorbed and u.slug == "fighter")
            ],
            key=lambda u: (_cost(u.slug, faction), u.slug),
        )
        _remove(
            game,
            me,
            system,
            ordered,
            count - pool,
            "fleet-pool",
            f"{me} has {changes.plural(count, 'ship')} counted against the fleet "
            f"pool in {game.name_of(system)} and "
            f"{changes.plural(pool, 'token')} in the fleet pool",
            (*cite.FLEET_POOL_EXCESS, *(cite.FIGHTER_FLEET if absorbed else ())),
        )
        # A ship removed may have been needed for capacity: check again.
        settle_capacity(game, me, system, fleet=fleet, rules=rules)


def _capacity(unit: str, techs: frozenset[str], faction: str | None) -> int:
    try:
        return faction_units.stats(unit, techs, faction).capacity
    except KeyError:
        return 0


def _cost(unit: str, faction: str | None) -> int:
    line = units.BASE.get(unit) or faction_units.line(unit, faction, frozenset())
    return line.cost if line is not None and line.cost is not None else 99


def _remove(
    game: Game,
    me: str,
    system: Card,
    ordered: list[Card],
    excess: int,
    window: str,
    why: str,
    rules: Sequence[str],
) -> None:
    names = labels(game, ordered)
    prompt = Prompt(
        PromptKind.CARD,
        me,
        f"{window}:remove",
        tuple(names),
        minimum=excess,
        maximum=excess,
        rules=tuple(rules),
        title=f"Choose {excess} of your units to remove",
    )
    answer = ask(game, prompt)
    picked = answer if isinstance(answer, tuple) else names[:excess]
    gone = [ordered[names.index(n)] for n in picked]
    what = _cargo_words(gone)
    verb = "returns" if len(gone) == 1 else "return"
    text = f"{why}: {what} {verb} to reinforcements"
    to_reinforcements(game, me, gone, text, rules)


# -- after movement ---------------------------------------------------------------


def after_movement(game: Game, me: str, system: Card) -> None:
    """Space cannon offense, space combat and invasion, in order (58.7, 89.3,
    89.4), handed over to ``combat``. When the pack cannot model them here
    (``combat.why_not_now``: a flagship, a faction ability...), each one that
    would happen is reported as not modelled, with the reason."""
    reason = combat.why_not_now(game, system, me)
    if not reason:
        combat.after_movement(game, system)
        return
    name = game.name_of(system)
    owners = {u.owner for u in st.ships(game, system)}
    shielded = me if tactical.boosts(game).solar_flare else None
    if _space_cannon(game, me, system, owners, shielded):
        game.say(
            me,
            f"space cannon offense against ships in {name} could be used now; the "
            f"pack does not model it here: {reason}",
            event="unmodelled",
            rules=cite.SPACE_CANNON_OFFENSE,
            modelled=False,
        )
    if me in owners and len(owners) > 1:
        game.say(
            me,
            f"a space combat starts in {name}; the pack does not model it here: "
            f"{reason}",
            event="unmodelled",
            rules=cite.SPACE_COMBAT,
            modelled=False,
        )
    ground = [u for u in _space(game, me, system) if u.slug in GROUND]
    if ground and st.planets_in(game, system):
        game.say(
            me,
            f"{me} may land ground forces on the planets of {name} in the "
            f"invasion step; the pack does not model it here: {reason}",
            event="unmodelled",
            rules=cite.INVASION,
            modelled=False,
        )


def _space_cannon(
    game: Game, me: str, system: Card, owners: set[str], shielded: str | None
) -> bool:
    """Whether some player has a PDS that may fire at another player's ships in
    the system: on one of its planets, or adjacent with PDS II (77.3c). No one
    but ``shielded`` may fire at ``shielded``'s ships (Solar Flare)."""
    pds = [u for u in st.units(game) if u.slug == "pds"]
    if not owners or not pds:
        return False
    found = tactical.boosts(game)
    # Adjacency as this tactical action has it (Lost Star Chart joins alpha
    # and beta for space cannon too, by the card's note).
    near = paths.chart(game, me, system, star_chart=found.star_chart, moving=False).near
    here = st.system_id(system)
    for unit in pds:
        targets = owners - {unit.owner}
        if unit.owner != shielded:
            targets.discard(shielded or "")
        if not targets:
            continue
        where = str(unit.data.get("system"))
        if where == here:
            return True
        if st.owns(game, unit.owner, "pds-ii") and where in near.get(here, ()):
            return True
    return False
