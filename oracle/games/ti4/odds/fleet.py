"""The two sides of a combat as the odds see them: groups of like units, a
side's state as counts, its dice, and the hit-assignment policies.

A side's state is a tuple of counts, one per group; a group is one unit type
in one condition (a dreadnought undamaged, a dreadnought damaged), so that
equal states are equal tuples and the calculation can memoise on them.
Groups are kept in the order a policy loses them: the worst combat value
first (the cheapest unit among equals, fighters first).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from oracle.games.ti4 import faction_units
from oracle.games.ti4.units import Roll

FIGHTER = "fighter"


class Policy(Enum):
    """How a side assigns the hits it takes (31.1: its owner chooses)."""

    #: Sustain Damage first on every undamaged unit that has it, then lose the
    #: units with the worst combat value first (cheapest among equals).
    SUSTAIN_FIRST = "sustain-first"
    #: Never use Sustain Damage; lose units in the same order.
    NO_SUSTAIN = "no-sustain"


@dataclass(frozen=True)
class Group:
    """Units of one type in one condition. ``value``/``dice``: the combat roll;
    ``afb``: the anti-fighter barrage roll as (value, dice), or None."""

    unit: str
    value: int
    dice: int
    sustain: bool = False
    damaged: bool = False
    afb: tuple[int, int] | None = None
    cost: float = 1.0

    @property
    def is_fighter(self) -> bool:
        return self.unit == FIGHTER

    @property
    def can_sustain(self) -> bool:
        return self.sustain and not self.damaged

    def loss_key(self) -> tuple[int, int, float, bool, bool, str]:
        """Sort key: the group a side loses first comes first."""
        return (
            -self.value,
            self.dice,
            self.cost,
            not self.is_fighter,
            not self.damaged,
            self.unit,
        )


@dataclass(frozen=True)
class Fleet:
    """One side: its groups (in loss order) and its starting counts."""

    groups: tuple[Group, ...]
    start: tuple[int, ...]

    def survivors(self, state: tuple[int, ...]) -> dict[str, int]:
        """Units left by type (damaged or not)."""
        out: dict[str, int] = {}
        for group, count in zip(self.groups, state, strict=True):
            out[group.unit] = out.get(group.unit, 0) + count
        return out

    def dice(self, state: tuple[int, ...]) -> list[tuple[int, int]]:
        """The combat dice of a state as (value, number of dice) pairs."""
        return _merged(
            (g.value, g.dice * n) for g, n in zip(self.groups, state, strict=True) if n
        )

    def barrage(self, state: tuple[int, ...]) -> list[tuple[int, int]]:
        """The anti-fighter barrage dice of a state (10.1b)."""
        return _merged(
            (g.afb[0], g.afb[1] * n)
            for g, n in zip(self.groups, state, strict=True)
            if n and g.afb is not None
        )

    def fighters(self, state: tuple[int, ...]) -> int:
        return sum(n for g, n in zip(self.groups, state, strict=True) if g.is_fighter)

    def hit_points(self, state: tuple[int, ...], policy: Policy) -> int:
        """How many hits the state can still absorb; every hit lowers it."""
        spare = policy is Policy.SUSTAIN_FIRST
        return sum(
            n * (2 if spare and g.can_sustain else 1)
            for g, n in zip(self.groups, state, strict=True)
        )

    def take_hits(
        self, state: tuple[int, ...], hits: int, policy: Policy
    ) -> tuple[int, ...]:
        """The state after ``hits`` combat hits assigned by ``policy`` (87.1,
        31.1). Hits beyond what the side can absorb are lost."""
        counts = list(state)
        if policy is Policy.SUSTAIN_FIRST:
            for index, group in enumerate(self.groups):
                if hits == 0:
                    break
                if group.can_sustain and counts[index]:
                    used = min(hits, counts[index])
                    counts[index] -= used
                    counts[self._damaged_of(index)] += used
                    hits -= used
        for index in range(len(counts)):
            if hits == 0:
                break
            lost = min(hits, counts[index])
            counts[index] -= lost
            hits -= lost
        return tuple(counts)

    def lose_fighters(self, state: tuple[int, ...], hits: int) -> tuple[int, ...]:
        """The state after ``hits`` anti-fighter barrage hits: fighters only;
        the excess is lost (10.2, 10.2a)."""
        counts = list(state)
        for index, group in enumerate(self.groups):
            if group.is_fighter and hits:
                lost = min(hits, counts[index])
                counts[index] -= lost
                hits -= lost
        return tuple(counts)

    def _damaged_of(self, index: int) -> int:
        group = self.groups[index]
        for other, candidate in enumerate(self.groups):
            if candidate.unit == group.unit and candidate.damaged:
                return other
        raise ValueError(f"no damaged group for {group.unit}")


def _merged(pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: dict[int, int] = {}
    for value, dice in pairs:
        merged[value] = merged.get(value, 0) + dice
    return sorted(merged.items())


def fleet(
    counts: Mapping[str, int],
    technologies: Iterable[str] = (),
    *,
    damaged: Mapping[str, int] | None = None,
    faction: str | None = None,
) -> Fleet:
    """A side from unit counts (``{"dreadnought": 2, "fighter": 4}``), the
    technologies its owner has (unit upgrades, 97.4), how many of each unit
    are already damaged and its owner's ``faction`` (for a mech's figures).
    Raises ``KeyError`` for a flagship or mech without a known faction and
    ``ValueError`` for a unit that cannot fight."""
    owned = frozenset(technologies)
    damaged = damaged or {}
    groups: dict[Group, int] = {}
    for unit, count in counts.items():
        line = faction_units.stats(unit, owned, faction)
        if line.combat is None:
            raise ValueError(f"a {unit} has no combat value")
        hurt = damaged.get(unit, 0)
        if hurt > count or (hurt and not line.sustain_damage):
            raise ValueError(f"{hurt} damaged {unit} of {count}")
        for is_damaged in (False, True) if line.sustain_damage else (False,):
            group = Group(
                unit,
                line.combat.value,
                line.combat.dice,
                sustain=line.sustain_damage,
                damaged=is_damaged,
                afb=_roll(line.anti_fighter_barrage),
                cost=(line.cost or 0) / line.produced,
            )
            groups[group] = hurt if is_damaged else count - hurt
    ordered = sorted(groups, key=Group.loss_key)
    return Fleet(tuple(ordered), tuple(groups[g] for g in ordered))


def _roll(roll: Roll | None) -> tuple[int, int] | None:
    return None if roll is None else (roll.value, roll.dice)
