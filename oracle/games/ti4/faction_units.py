"""Flagships and mechs as data: each faction's printed figures (its faction
sheet and unit cards; mechs are ground forces, 55.1). Only the figures are
here; the text abilities of these units are not modelled.
`tests/ti4/test_faction_units.py` checks every figure against the unit cards
of `fixtures/ti4/cards`.

Keys are the pack's faction slugs (`data.FACTIONS`). A faction unit's
``production`` is its whole production value as printed (the Arborec mech's
Production 2), not a bonus added to a planet's resources as a space dock's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oracle.games.ti4 import units
from oracle.games.ti4.units import Roll, UnitStats

#: What every flagship shares: cost 8, move 1, capacity 3, Sustain Damage.
_FLAGSHIP = UnitStats(
    "flagship", cost=8, combat=Roll(9), move=1, capacity=3, sustain_damage=True
)
#: What every mech shares: cost 2, combat 6, Sustain Damage.
_MECH = UnitStats("mech", cost=2, combat=Roll(6), sustain_damage=True)


def _flagship(combat: Roll, **changes: Any) -> UnitStats:
    return replace(_FLAGSHIP, combat=combat, **changes)


def _mech(**changes: Any) -> UnitStats:
    return replace(_MECH, **changes)


#: Flagships of the base game's 17 factions and Prophecy of Kings' 7.
FLAGSHIPS: dict[str, UnitStats] = {
    "arborec": _flagship(Roll(7, 2), capacity=5),
    "letnev": _flagship(Roll(5, 2), bombardment=Roll(5, 3)),
    "saar": _flagship(Roll(5, 2), anti_fighter_barrage=Roll(6, 4)),
    "muaat": _flagship(Roll(5, 2)),
    "hacan": _flagship(Roll(7, 2)),
    "sol": _flagship(Roll(5, 2), capacity=12),
    "creuss": _flagship(Roll(5)),
    "l1z1x": _flagship(Roll(5, 2), capacity=5),
    "mentak": _flagship(Roll(7, 2)),
    "naalu": _flagship(Roll(9, 2), capacity=6),
    "nekro": _flagship(Roll(9, 2)),
    "norr": _flagship(Roll(6, 2)),
    "jolnar": _flagship(Roll(6, 2)),
    "winnu": _flagship(Roll(7)),
    "xxcha": _flagship(Roll(7, 2), space_cannon=Roll(5, 3)),
    "yin": _flagship(Roll(9, 2)),
    "yssaril": _flagship(Roll(5, 2), move=2),
    "argent": _flagship(Roll(7, 2)),
    "empyrean": _flagship(Roll(5, 2)),
    "mahact": _flagship(Roll(5, 2)),
    "naaz-rokha": _flagship(Roll(9, 2), capacity=4),
    "nomad": _flagship(Roll(7, 2), anti_fighter_barrage=Roll(8, 3)),
    "ul": _flagship(Roll(7, 2)),
    "vuilraith": _flagship(Roll(5, 2), bombardment=Roll(5)),
}

#: Prophecy of Kings mechs of the same 24 factions.
MECHS: dict[str, UnitStats] = {
    **{faction: _mech() for faction in FLAGSHIPS},
    "arborec": _mech(production=2, planetary_shield=True),
    "l1z1x": _mech(bombardment=Roll(8)),
    "xxcha": _mech(space_cannon=Roll(8)),
    "naaz-rokha": _mech(combat=Roll(6, 2)),
}

#: Faction unit upgrades: faction -> (technology slug, upgraded flagship).
#: The pack's technology list does not hold Memoria II yet, so no player owns it.
FLAGSHIP_UPGRADES: dict[str, tuple[str, UnitStats]] = {
    "nomad": (
        "memoria-ii",
        _flagship(Roll(5, 2), capacity=6, move=2, anti_fighter_barrage=Roll(5, 3)),
    ),
}

#: The pack's faction slugs where the unit cards spell them otherwise.
CARD_FACTION = {"norr": "sardakk", "jolnar": "jol-nar"}


def line(
    unit: str, faction: str | None, technologies: frozenset[str] | set[str]
) -> UnitStats | None:
    """The flagship or mech line of ``faction`` (None: not a faction unit, or
    no faction, or one the pack has no line for)."""
    if faction is None:
        return None
    if unit == "flagship":
        upgrade = FLAGSHIP_UPGRADES.get(faction)
        if upgrade is not None and upgrade[0] in technologies:
            return upgrade[1]
        return FLAGSHIPS.get(faction)
    if unit == "mech":
        return MECHS.get(faction)
    return None


def stats(
    unit: str,
    technologies: frozenset[str] | set[str] = frozenset(),
    faction: str | None = None,
) -> UnitStats:
    """``units.stats`` that also knows ``faction``'s flagship and mech. Raises
    ``KeyError`` for a flagship or mech without a known faction."""
    found = line(unit, faction, technologies)
    return found if found is not None else units.stats(unit, technologies)
