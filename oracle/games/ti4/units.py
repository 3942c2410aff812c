"""Unit statistics as data: the generic units and their upgrades (rule 97, the
unit upgrades of 90.7b). Numbers carry over from the printed faction sheets and
technology cards; nothing here has behaviour. `tests/ti4/test_units.py` checks
every figure against the component pages of `fixtures/ti4/cards`.

Flagships and mechs differ by faction, so they have no generic line here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Roll:
    """An ability that rolls dice: hit on ``value`` or more, ``dice`` dice."""

    value: int
    dice: int = 1


@dataclass(frozen=True)
class UnitStats:
    """What a unit's line on the sheet (or its upgrade card) says.

    ``produced`` is how many units one ``cost`` buys (two fighters or two infantry
    for 1, rule 67.2). ``production`` is the bonus added to the resources of the
    space dock's planet (rule 79); ``None`` means no Production ability.
    ``space_cannon_range`` is 1 for the PDS II, which may fire at adjacent
    systems (rule 77.3c), else 0.
    """

    unit: str
    cost: int | None = None
    produced: int = 1
    combat: Roll | None = None
    move: int | None = None
    capacity: int = 0
    sustain_damage: bool = False
    anti_fighter_barrage: Roll | None = None
    bombardment: Roll | None = None
    space_cannon: Roll | None = None
    space_cannon_range: int = 0
    planetary_shield: bool = False
    production: int | None = None


#: The generic units as printed on every faction sheet (base level).
BASE: dict[str, UnitStats] = {
    "carrier": UnitStats("carrier", cost=3, combat=Roll(9), move=1, capacity=4),
    "cruiser": UnitStats("cruiser", cost=2, combat=Roll(7), move=2),
    "destroyer": UnitStats(
        "destroyer", cost=1, combat=Roll(9), move=2, anti_fighter_barrage=Roll(9, 2)
    ),
    "dreadnought": UnitStats(
        "dreadnought",
        cost=4,
        combat=Roll(5),
        move=1,
        capacity=1,
        sustain_damage=True,
        bombardment=Roll(5),
    ),
    "fighter": UnitStats("fighter", cost=1, produced=2, combat=Roll(9)),
    "war-sun": UnitStats(
        "war-sun",
        cost=12,
        combat=Roll(3, 3),
        move=2,
        capacity=6,
        sustain_damage=True,
        bombardment=Roll(3, 3),
    ),
    "infantry": UnitStats("infantry", cost=1, produced=2, combat=Roll(8)),
    "pds": UnitStats("pds", space_cannon=Roll(6), planetary_shield=True),
    "space-dock": UnitStats("space-dock", production=2),
}

#: Unit upgrade technologies: slug -> the upgraded line (97.4). The war sun has
#: one level: its technology card is what allows it at all.
UPGRADES: dict[str, UnitStats] = {
    "carrier-ii": UnitStats("carrier", cost=3, combat=Roll(9), move=2, capacity=6),
    "cruiser-ii": UnitStats("cruiser", cost=2, combat=Roll(6), move=3, capacity=1),
    "destroyer-ii": UnitStats(
        "destroyer", cost=1, combat=Roll(8), move=2, anti_fighter_barrage=Roll(6, 3)
    ),
    "dreadnought-ii": UnitStats(
        "dreadnought",
        cost=4,
        combat=Roll(5),
        move=2,
        capacity=1,
        sustain_damage=True,
        bombardment=Roll(5),
    ),
    "fighter-ii": UnitStats("fighter", cost=1, produced=2, combat=Roll(8), move=2),
    "infantry-ii": UnitStats("infantry", cost=1, produced=2, combat=Roll(7)),
    "pds-ii": UnitStats(
        "pds", space_cannon=Roll(5), space_cannon_range=1, planetary_shield=True
    ),
    "space-dock-ii": UnitStats("space-dock", production=4),
}

#: The technology that upgrades each unit (the pack's technology slugs).
UPGRADE_OF: dict[str, str] = {stats.unit: slug for slug, stats in UPGRADES.items()}

#: The technology without which no war sun may be produced or placed.
WAR_SUN_TECHNOLOGY = "war-sun-upgrade"


def stats(
    unit: str, technologies: frozenset[str] | set[str] = frozenset()
) -> UnitStats:
    """The line that applies to ``unit`` for a player owning ``technologies``:
    the upgrade's when they own it (97.4), else the base line. Raises
    ``KeyError`` for a unit with no generic line (flagship, mech)."""
    upgrade = UPGRADE_OF.get(unit)
    if upgrade is not None and upgrade in technologies:
        return UPGRADES[upgrade]
    return BASE[unit]
