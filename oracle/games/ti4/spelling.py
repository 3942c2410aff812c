"""The TI4 board and player fields with their names spelled as declared.

Run before ``board.read_board`` and ``board.read_seat`` (the pack's
``spell_board`` and ``spell_player``): player names in any case become the
declared ones (``Spelling``), and slugs and ids written in another case become
the lower-case ones TI4 uses, when that names something known. Anything else,
malformed input included, is left as given for the readers to report.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType

from oracle.engine.core.spelling import Spelling
from oracle.games.ti4 import data
from oracle.games.ti4.board import KNOWN_LAWS, WORMHOLES

#: Slugs the pack once gave technologies, mapped to the content's slugs (those
#: of ``fixtures/ti4/cards``) that replaced them; a scenario or a stored run
#: that writes an old one reads as the new one everywhere (the engine's
#: ``Spelling`` reads this table through ``Ti4Pack.slug_aliases``). The old
#: ``x89-bacterial-weapon`` named the base printing.
ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "lightwave-deflector": "light-wave-deflector",
        "x89-bacterial-weapon": "x-89-bacterial-weapon",
    }
)

_HELD: dict[str, Collection[str]] = {
    "strategy_cards": data.STRATEGY_CARDS,
    "technologies": data.TECHNOLOGIES,
}


def spell_seat(raw: Mapping[str, object]) -> Mapping[str, object]:
    """A player's TI4 fields with their faction and cards in lower case."""
    if not raw:
        return raw
    out = dict(raw)
    if "faction" in out:
        out["faction"] = _known(out["faction"], data.FACTIONS)
    for key, known in _HELD.items():
        if isinstance(held := out.get(key), list):
            out[key] = [_held(item, "card", known) for item in held]
    return out


def spell_board(raw: Mapping[str, object], spelling: Spelling) -> dict[str, object]:
    """The board with its players, laws, units and ids spelled as declared."""
    out = dict(raw)
    if "speaker" in out:
        out["speaker"] = _player(out["speaker"], spelling)
    systems = out.get("systems")
    ids = _ids(systems) if isinstance(systems, list) else set()
    if isinstance(laws := out.get("laws"), list):
        out["laws"] = [_law(item, spelling, ids) for item in laws]
    if isinstance(dice := out.get("dice"), Mapping):
        out["dice"] = {_player(who, spelling): faces for who, faces in dice.items()}
    if isinstance(systems, list):
        out["systems"] = [_system(item, spelling, ids) for item in systems]
    return out


def _known(value: object, known: Collection[str]) -> object:
    """``value`` in lower case when that is a ``known`` name (an old slug as
    the one that replaced it), else as given."""
    if not isinstance(value, str) or value in known:
        return value
    folded = value.casefold()
    if folded in known:
        return folded
    return ALIASES.get(folded, value) if ALIASES.get(folded) in known else value


def _held(item: object, key: str, known: Collection[str]) -> object:
    """A slug or a ``{key: slug, ...}`` mapping, the slug spelled as known."""
    if isinstance(item, Mapping):
        return {**item, key: _known(item.get(key), known)} if key in item else item
    return _known(item, known)


def _law(item: object, spelling: Spelling, ids: set[str]) -> object:
    item = _held(item, "law", KNOWN_LAWS)
    if isinstance(item, Mapping) and isinstance(item.get("owner"), str):
        item = {**item, "owner": spelling.player(item["owner"])}
    if isinstance(item, Mapping) and "planet" in item:
        item = {**item, "planet": _known(item["planet"], ids)}
    return item


def _ids(systems: list[object]) -> set[str]:
    """Every system and planet id the board declares (those readable)."""
    found = set()
    for system in systems:
        if not isinstance(system, Mapping):
            continue
        found.add(system.get("id"))
        planets = system.get("planets")
        for planet in planets if isinstance(planets, list) else ():
            if isinstance(planet, Mapping):
                found.add(planet.get("id"))
    return {slug for slug in found if isinstance(slug, str)}


def _system(item: object, spelling: Spelling, ids: set[str]) -> object:
    if not isinstance(item, Mapping):
        return item
    out = dict(item)
    if "home" in out:
        out["home"] = _player(out["home"], spelling)
    if isinstance(out.get("tokens"), list):
        out["tokens"] = [_player(v, spelling) for v in out["tokens"]]
    for key, known in (("adjacent", ids), ("wormholes", WORMHOLES)):
        if isinstance(out.get(key), list):
            out[key] = [_known(v, known) for v in out[key]]
    if isinstance(out.get("planets"), list):
        out["planets"] = [_planet(planet, spelling) for planet in out["planets"]]
    if isinstance(out.get("units"), Mapping):
        out["units"] = _units(out["units"], spelling, ids)
    return out


def _player(value: object, spelling: Spelling) -> object:
    return spelling.player(value) if isinstance(value, str) else value


def _planet(item: object, spelling: Spelling) -> object:
    if isinstance(item, Mapping) and isinstance(item.get("controller"), str):
        return {**item, "controller": spelling.player(item["controller"])}
    return item


def _units(
    units: Mapping[str, object], spelling: Spelling, ids: set[str]
) -> Mapping[str, object]:
    """Units by owner, each owner spelled as declared (the lists of one owner
    written in two cases joined) and each entry (``2 Destroyer@Mecatol-Rex``)
    in lower case when that is a unit. Anything but lists is left as given."""
    lists = {owner: v for owner, v in units.items() if isinstance(v, list)}
    if len(lists) < len(units):
        return units
    out: dict[str, list[object]] = {}
    for owner, entries in lists.items():
        spelled = [_unit(entry, ids) for entry in entries]
        out.setdefault(spelling.player(owner), []).extend(spelled)
    # In key order, as the parser gives every mapping: ``BOB`` sorted before
    # ``alice``, but ``Alice`` comes before ``Bob``.
    return dict(sorted(out.items()))


def _unit(entry: object, ids: set[str]) -> object:
    if not isinstance(entry, str):
        return entry
    lower = entry.casefold()
    unit, _, planet = lower.partition("@")
    words = unit.split()
    known = bool(words) and words[-1] in data.UNITS
    if lower != entry and known and (not planet or planet in ids):
        return lower
    return entry
