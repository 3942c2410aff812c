"""The unit statistics of `oracle/games/ti4/units.py` agree with the component
pages of the content (`fixtures/ti4/cards`), figure by figure."""

from __future__ import annotations

import re

import pytest

from oracle.games.ti4 import data, units
from oracle.games.ti4.units import Roll, UnitStats
from tests.ti4 import golden


def _roll(text: str) -> Roll:
    """'3 (x3)' -> Roll(3, 3); '9' -> Roll(9)."""
    match = re.fullmatch(r"(\d+)(?: \(x(\d+)\))?", text.strip())
    assert match, text
    return Roll(int(match[1]), int(match[2] or 1))


def _ability(abilities: list[str], name: str) -> Roll | None:
    for ability in abilities:
        if ability.startswith(name + " "):
            return _roll(ability[len(name) + 1 :])
    return None


def _from_content(unit: str, attrs: dict[str, object]) -> UnitStats:
    abilities = [str(a) for a in attrs.get("abilities") or []]  # type: ignore[attr-defined]
    cost = str(attrs["cost"]) if "cost" in attrs else None
    production = next(
        (int(m[1]) for a in abilities if (m := re.search(r"resources \+ (\d+)", a))),
        None,
    )
    return UnitStats(
        unit,
        cost=int(cost.split()[0]) if cost else None,
        produced=2 if cost and "(x2)" in cost else 1,
        combat=_roll(str(attrs["combat"])) if "combat" in attrs else None,
        move=int(str(attrs["move"])) if "move" in attrs else None,
        capacity=int(str(attrs.get("capacity", 0))),
        sustain_damage="Sustain Damage" in abilities,
        anti_fighter_barrage=_ability(abilities, "Anti-Fighter Barrage"),
        bombardment=_ability(abilities, "Bombardment"),
        space_cannon=_ability(abilities, "Space Cannon"),
        planetary_shield="Planetary Shield" in abilities,
        production=production,
    )


@pytest.mark.parametrize("unit", sorted(units.BASE))
def test_base_line_matches_the_content(unit: str) -> None:
    content = golden.fixture_cards()[unit]["attrs"]
    assert units.BASE[unit] == _from_content(unit, content)


@pytest.mark.parametrize("slug", sorted(units.UPGRADES))
def test_upgrade_line_matches_the_content(slug: str) -> None:
    stats = units.UPGRADES[slug]
    content = golden.fixture_cards()[slug]["attrs"]
    expected = _from_content(stats.unit, content)
    # The content names the PDS II's reach in words (rule 77.3c), not as a figure.
    assert stats == UnitStats(
        **{**expected.__dict__, "space_cannon_range": stats.space_cannon_range}
    )
    assert stats.space_cannon_range == (1 if slug == "pds-ii" else 0)


def test_every_upgrade_is_a_known_technology() -> None:
    assert set(units.UPGRADES) | {units.WAR_SUN_TECHNOLOGY} <= set(data.TECHNOLOGIES)


def test_an_owned_upgrade_replaces_the_base_line() -> None:
    assert units.stats("cruiser").move == 2
    assert units.stats("cruiser", {"cruiser-ii"}).move == 3
    assert units.stats("cruiser", {"carrier-ii"}).move == 2
