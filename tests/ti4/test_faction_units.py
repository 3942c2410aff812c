"""The flagship and mech lines of `oracle/games/ti4/faction_units.py` agree
with the unit cards of the content (`fixtures/ti4/cards`), figure by figure."""

from __future__ import annotations

import pytest

from oracle.games.ti4 import data, faction_units, units
from tests.ti4 import golden
from tests.ti4.test_units import _from_content


def _cards(kind: str) -> dict[str, dict[str, object]]:
    """The content's cards of one unit type, by the pack's faction slug."""
    spelled = {v: k for k, v in faction_units.CARD_FACTION.items()}
    out = {}
    for slug, card in golden.fixture_cards().items():
        attrs = card.get("attrs") or {}
        if attrs.get("unit_type") != kind or card.get("expansion") not in (
            "base",
            "pok",
        ):
            continue
        if slug == "z-grav-eidolon":  # the other side of the Eidolon card
            continue
        faction = str(card["faction"])
        out[spelled.get(faction, faction)] = attrs
    return out


def _content(unit: str, attrs: dict[str, object]) -> units.UnitStats:
    expected = _from_content(unit, attrs)
    abilities = [str(a) for a in attrs.get("abilities") or []]  # type: ignore[attr-defined]
    flat = next((a for a in abilities if a.startswith("Production ")), None)
    if flat is not None:  # a faction unit's Production is a whole value
        expected = units.UnitStats(
            **{**expected.__dict__, "production": int(flat.split()[1])}
        )
    return expected


@pytest.mark.parametrize("faction", sorted(faction_units.FLAGSHIPS))
def test_flagship_matches_the_content(faction: str) -> None:
    attrs = _cards("flagship")[faction]
    assert faction_units.FLAGSHIPS[faction] == _content("flagship", attrs)


@pytest.mark.parametrize("faction", sorted(faction_units.MECHS))
def test_mech_matches_the_content(faction: str) -> None:
    attrs = _cards("mech")[faction]
    assert faction_units.MECHS[faction] == _content("mech", attrs)


def test_every_base_and_pok_faction_has_both() -> None:
    assert set(faction_units.FLAGSHIPS) == set(_cards("flagship"))
    assert set(faction_units.MECHS) == set(_cards("mech"))
    assert set(data.FACTIONS) <= set(faction_units.FLAGSHIPS)


def test_memoria_ii_matches_the_content() -> None:
    slug, line = faction_units.FLAGSHIP_UPGRADES["nomad"]
    attrs = golden.fixture_cards()[slug]["attrs"]
    assert line == _content("flagship", attrs)


def test_stats_knows_the_faction() -> None:
    assert faction_units.stats("flagship", faction="yssaril").move == 2
    assert faction_units.stats("mech", faction="arborec").production == 2
    assert faction_units.stats("cruiser", {"cruiser-ii"}, "sol").move == 3
    with pytest.raises(KeyError):
        faction_units.stats("flagship")
