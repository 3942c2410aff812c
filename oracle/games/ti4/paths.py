"""Paths of ships to the active system: adjacency (6, wormholes 101, hyperlanes
44 as the scenario's ``adjacent``), anomalies (9, 11, 41, 59, 86) and the
restrictions of the move ships step (58.4).

A ``Chart`` is the board as one player's movement sees it during one tactical
action; ``route`` finds a ship's path. Among the legal paths it takes the one
that leaves gravity rifts the fewest times (each exit is a roll that may remove
the ship, 41.2), then the one that spends the least move, then the first in
scenario order: a player chooses the path (101.N4), and this is the default.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import laws
from oracle.games.ti4 import state as st

ASTEROID_FIELD = "asteroid-field"
NEBULA = "nebula"
SUPERNOVA = "supernova"
GRAVITY_RIFT = "gravity-rift"


def anomalies(game: Game, system: Card) -> frozenset[str]:
    """Return the anomaly types of a system (none for an ordinary system)."""
    found = game.definition(system).data.get("anomalies", ())
    return frozenset(str(a) for a in found) if isinstance(found, tuple) else frozenset()


@dataclass(frozen=True)
class Route:
    """A ship's path: system ids from its start to the active system, the move
    it spends and how many times it leaves a gravity rift (one roll each)."""

    systems: tuple[str, ...]
    moves: int
    rifts: int

    def passes(self) -> tuple[str, ...]:
        """The systems the ship moves through (58.N4): neither ends."""
        return self.systems[1:-1]


@dataclass(frozen=True)
class Chart:
    """The board for one player's movement into ``active`` (system ids).

    ``near``: the adjacent systems of each, in scenario order (with Lost Star
    Chart, alpha and beta wormholes count as one kind); ``kinds``: anomalies;
    ``occupied``: systems holding another player's ships (58.4b)."""

    active: str
    order: tuple[str, ...]
    near: dict[str, tuple[str, ...]]
    kinds: dict[str, frozenset[str]]
    occupied: frozenset[str]
    antimass: bool = False
    tokens: frozenset[str] = frozenset()  # systems with one of the player's tokens
    nebulae: bool = False  # Shared Research: nebulae may be passed through


def chart(
    game: Game,
    me: str,
    active: Card,
    *,
    star_chart: bool = False,
    nav_suite: bool = False,
    moving: bool = True,
) -> Chart:
    """Return the chart of ``me`` moving into ``active``; with ``nav_suite`` no
    system is an anomaly for this movement. ``moving``: the chart is for
    moving units (Enforced Travel Ban applies), not for space cannon range."""
    systems = st.systems(game)
    holes = {s.slug: set(st.wormholes(game, s)) for s in systems}
    if star_chart or laws.wormholes_joined(game):
        # Lost Star Chart, Wormhole Reconstruction: alpha and beta are adjacent
        for kinds in holes.values():
            if kinds & laws.BASIC_WORMHOLES:
                kinds.update(laws.BASIC_WORMHOLES)
    elif moving and laws.travel_banned(game, me):
        for kinds in holes.values():  # Enforced Travel Ban: no effect when moving
            kinds -= laws.BASIC_WORMHOLES
    place = {s.slug: i for i, s in enumerate(systems)}
    by_hole: dict[str, set[str]] = {}  # wormhole type -> systems holding one
    for slug, kinds in holes.items():
        for kind in kinds:
            by_hole.setdefault(kind, set()).add(slug)
    near: dict[str, tuple[str, ...]] = {}
    for one in systems:
        listed = game.definition(one).data.get("adjacent", ())
        found = (
            {o for o in listed if o in place} if isinstance(listed, tuple) else set()
        )
        for kind in holes[one.slug]:
            found |= by_hole[kind]
        found.discard(one.slug)
        near[one.slug] = tuple(sorted(found, key=place.__getitem__))  # board order
    occupied = frozenset(
        str(u.data.get("system"))
        for u in st.units(game)
        if u.owner != me and st.is_ship(game, u)
    )
    mine = st.token_key(me)
    return Chart(
        st.system_id(active),
        tuple(s.slug for s in systems),
        near,
        {s.slug: frozenset() if nav_suite else anomalies(game, s) for s in systems},
        occupied,
        st.owns(game, me, "antimass-deflectors"),
        frozenset(s.slug for s in systems if s.token_count(mine)),
        laws.through_nebulae(game),
    )


def entry_refused(chart: Chart, system: str) -> str | None:
    """Why no ship of this player may end its move in ``system`` (the anomaly
    that forbids it), or None."""
    kinds = chart.kinds.get(system, frozenset())
    if SUPERNOVA in kinds:
        return SUPERNOVA
    if ASTEROID_FIELD in kinds and not chart.antimass:
        return ASTEROID_FIELD
    if NEBULA in kinds and system != chart.active:
        return NEBULA
    return None


def _may_pass(chart: Chart, system: str, through_ships: bool) -> bool:
    """Whether a ship may move through ``system`` (enter it and leave again)."""
    kinds = chart.kinds.get(system, frozenset())
    if SUPERNOVA in kinds or (NEBULA in kinds and not chart.nebulae):  # 86.1, 59.1a
        return False
    if ASTEROID_FIELD in kinds and not chart.antimass:  # 11.1, 11.N1
        return False
    return through_ships or system not in chart.occupied  # 58.4b


def route(
    chart: Chart,
    start: str,
    budget: int,
    *,
    through_ships: bool = False,
    via: str | None = None,
) -> Route | None:
    """The default path from ``start`` to the active system within ``budget``
    moves (through ``via`` when given), or None when there is none.

    Each system entered spends one move; leaving a gravity rift gives one back
    (41.1, 41.N6), so a move out of a rift is free but counts a roll."""
    goal = chart.active
    first = (0, 0, 0, start, via is None or via == start)
    queue: list[tuple[int, int, int, str, bool, tuple[str, ...]]] = [(*first, (start,))]
    best: dict[tuple[str, int, bool], tuple[int, int]] = {}
    while queue:
        rifts, moves, length, here, seen_via, path = heapq.heappop(queue)
        if here == goal and seen_via and length > 0:
            return Route(path, moves, rifts)
        key = (here, moves, seen_via)
        if key in best and best[key] <= (rifts, length):
            continue
        best[key] = (rifts, length)
        rift = GRAVITY_RIFT in chart.kinds.get(here, frozenset())
        if length > 0 and here != goal and not _may_pass(chart, here, through_ships):
            continue
        if length > 0 and here == goal and not _may_pass(chart, here, through_ships):
            continue  # the active system itself, passed through to come back (58.4e)
        spent = moves + (0 if rift else 1)
        if spent > budget or length > 2 * budget + 2:
            continue
        for there in chart.near.get(here, ()):  # in scenario order
            if there == goal and entry_refused(chart, there) is not None:
                continue
            found = seen_via or there == via
            heapq.heappush(
                queue,
                (rifts + rift, spent, length + 1, there, found, (*path, there)),
            )
    return None


def follow(
    chart: Chart,
    start: str,
    through: tuple[str, ...],
    budget: int,
    *,
    through_ships: bool = False,
) -> Route | None:
    """The path the player names: from ``start`` through the systems
    ``through`` (in order) into the active system, or None when it is not a
    legal one (not adjacent, a system it may not pass, over ``budget``)."""
    path = (start, *through, chart.active)
    moves = rifts = 0
    for here, there in itertools.pairwise(path):
        if there not in chart.near.get(here, ()):
            return None
        if here != start and not _may_pass(chart, here, through_ships):
            return None
        if GRAVITY_RIFT in chart.kinds.get(here, frozenset()):
            rifts += 1
        else:
            moves += 1
    if moves > budget or entry_refused(chart, chart.active) is not None:
        return None
    return Route(path, moves, rifts)


def distance(chart: Chart, start: str) -> int | None:
    """Systems between ``start`` and the active system by adjacency alone
    (anomalies and ships ignored), or None when they are not connected."""
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for there in chart.near.get(here, ()):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    nxt.append(there)
        frontier = nxt
    return seen.get(chart.active)
