"""How many units a TI4 scenario may put on the board, so that a short text
cannot ask for a million pieces: a player's plastic of each unit (96.2) and,
for fighters and infantry, whose tokens the game does not limit (23.2, 23.4),
the oracle's own cap and the places their plastic pieces can hold (23.N1)."""

from __future__ import annotations

from collections.abc import Iterator

from oracle.engine.errors import Problem
from oracle.engine.schema import pointer
from oracle.games.ti4 import data
from oracle.games.ti4.board import BoardSpec, SystemSpec, UnitSpec

#: The most fighters, or infantry, of one player a scenario may put on the
#: board. The game has no such limit (tokens stand in for plastic); no
#: situation the oracle models needs more, and each unit is a card of the run.
TOKEN_CAP = 100

Key = tuple[str, str]  # (owner, unit)


def unit_problems(systems: tuple[SystemSpec, ...], path: str) -> list[Problem]:
    """A problem for each player and unit over its limit, at the unit entry
    where the board first goes over it. ``systems`` were read without a
    problem, so the entries are those of the input, in its order."""
    totals: dict[Key, int] = {}
    places: dict[Key, set[tuple[str, str | None]]] = {}
    problems: dict[Key, Problem] = {}
    for i, system in enumerate(systems):
        for at, unit in _entries(system, f"{path}/{i}/units"):
            key = (unit.owner, unit.unit)
            totals[key] = totals.get(key, 0) + unit.count
            if unit.count:
                places.setdefault(key, set()).add((system.id, unit.planet))
            if key not in problems:
                message = _over(key, totals[key], len(places.get(key, ())))
                if message is not None:
                    problems[key] = Problem(at, message)
    return list(problems.values())


def _entries(system: SystemSpec, path: str) -> Iterator[tuple[str, UnitSpec]]:
    """Each unit entry of a system with its JSON pointer."""
    seen: dict[str, int] = {}
    for unit in system.units:
        index = seen.get(unit.owner, 0)
        seen[unit.owner] = index + 1
        yield f"{pointer(path, unit.owner)}/{index}", unit


def _over(key: Key, total: int, spread: int) -> str | None:
    owner, unit = key
    plastic = data.UNIT_SUPPLY[unit]
    if unit not in data.UNLIMITED_UNITS:
        if total > plastic:
            return (
                f"{owner} has {total} {unit} units on the board; a player has "
                f"{plastic} (rule 96.2)"
            )
        return None
    if total > TOKEN_CAP:
        return (
            f"{owner} has {total} {unit} units on the board; the oracle takes at "
            f"most {TOKEN_CAP} of one player (the game does not limit {unit} "
            "tokens: rule 23.4)"
        )
    if spread > plastic:
        where = "systems" if unit == "fighter" else "places"
        return (
            f"{owner} has {unit} units in {spread} {where}; each place needs one "
            f"of the player's {plastic} plastic {unit} units (rule 23.N1)"
        )
    return None


def pieces(board: BoardSpec, path: str) -> Iterator[tuple[str, int]]:
    """The cards a board becomes, system by system: the system, its planets
    and its units (``Pack.board_pieces``)."""
    for i, system in enumerate(board.systems):
        units = sum(unit.count for unit in system.units)
        yield f"{path}/{i}", 1 + len(system.planets) + units
