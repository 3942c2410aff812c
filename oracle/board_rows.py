"""The board part of the editor's builder: system, planet and unit rows, and
the scenario's ``board.systems`` they write and are read back from.

A planet row without a system gets a system of its own (``<planet>-system``);
a unit row names its system or a planet in it. Player names are written the
way the player rows spell them (``names``), so "bob" on a unit row is Bob.
Planets the component database knows fill in their real data (``known``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.forms import formset_factory
from django.utils.text import slugify

from oracle.engine.core.specs import MAX_NAME
from rules.models import Card, Game

SYSTEM_SUFFIX = "-system"
_NAMED_ID = re.compile(r"^(?P<name>.+?)\s*\((?P<id>[a-z0-9][a-z0-9-]*)\)$")
#: The board rows a builder takes (the engine reads at most 60 systems).
MAX_SYSTEMS = 30
MAX_PLANETS = 40
MAX_UNITS = 60
TRAITS = [
    ("", "—"),
    ("cultural", "cultural"),
    ("hazardous", "hazardous"),
    ("industrial", "industrial"),
]
#: The engine's technology specialties by letter (``oracle.games.ti4.data``).
SPECIALTIES = [("", "—"), ("B", "blue"), ("G", "green"), ("R", "red"), ("Y", "yellow")]
_COLOR_LETTER = {name: letter for letter, name in SPECIALTIES if letter}

#: The canonical spelling of a player's name (as the player rows write it).
Names = Callable[[str], str]
#: Where a part of the scenario came from: a pointer's parts → (rows, index).
Places = dict[tuple[str, ...], tuple[str, int]]


def text_field(
    label: str, help_text: str = "", *, max_length: int = 400, **attrs: str
) -> forms.CharField:
    """An optional text field of the builder, without the browser's own
    autocompletion (the datalists offer the game's words)."""
    return forms.CharField(
        label=label,
        required=False,
        max_length=max_length,
        help_text=help_text,
        widget=forms.TextInput(attrs={"autocomplete": "off", **attrs}),
    )


def _number(label: str) -> forms.IntegerField:
    return forms.IntegerField(label=label, required=False, min_value=0, max_value=9)


class SystemForm(forms.Form):
    system = text_field("System", "An id or a name.", max_length=60)
    wormholes = text_field("Wormholes", "alpha, beta, gamma or delta.")
    adjacent = text_field("Adjacent to", "Other systems, comma-separated.")
    home = text_field("Home of", max_length=MAX_NAME, list="oracle-player-names")
    tokens = text_field("Command tokens of", "Players, comma-separated.")
    anomaly = text_field(
        "Anomaly", "asteroid field, nebula, supernova or gravity rift; comma-separated."
    )


class PlanetForm(forms.Form):
    planet = text_field("Planet", "A name or id.", max_length=60, list="oracle-planets")
    system = text_field("In system", "Empty: a system of its own.", max_length=60)
    controller = text_field(
        "Controlled by", max_length=MAX_NAME, list="oracle-player-names"
    )
    resources = _number("Resources")
    influence = _number("Influence")
    trait = forms.ChoiceField(label="Trait", choices=TRAITS, required=False)
    specialty = forms.ChoiceField(
        label="Specialty", choices=SPECIALTIES, required=False
    )
    exhausted = forms.BooleanField(label="Exhausted", required=False)


class UnitForm(forms.Form):
    player = text_field("Player", max_length=MAX_NAME, list="oracle-player-names")
    where = text_field("In", "A system, or a planet in it.", max_length=60)
    units = text_field(
        "Units", "e.g. 2 destroyer, carrier, 3 infantry@planet", list="oracle-units"
    )


SystemFormSet = formset_factory(
    SystemForm, extra=1, max_num=MAX_SYSTEMS, absolute_max=MAX_SYSTEMS
)
PlanetFormSet = formset_factory(
    PlanetForm, extra=1, max_num=MAX_PLANETS, absolute_max=MAX_PLANETS
)
UnitFormSet = formset_factory(
    UnitForm, extra=1, max_num=MAX_UNITS, absolute_max=MAX_UNITS
)


# -- planets of the component database ---------------------------------------------


@dataclass(frozen=True)
class PlanetFacts:
    """What the component database says about a planet (only what it says)."""

    slug: str
    name: str
    resources: int | None = None
    influence: int | None = None
    trait: str = ""
    specialty: str = ""

    def as_row(self) -> dict[str, Any]:
        """The facts as planet-row values (empty ones left out)."""
        row = {"resources": self.resources, "influence": self.influence}
        row.update(trait=self.trait, specialty=self.specialty)
        return {key: value for key, value in row.items() if value not in (None, "")}


def known_planets(game: Game) -> dict[str, PlanetFacts]:
    """The game's planet cards by slug, with the data their cards carry."""
    found = {}
    for card in Card.objects.filter(game=game, type="planet").only(
        "slug", "name", "attrs"
    ):
        attrs = card.attrs or {}
        trait = attrs.get("trait")
        found[card.slug] = PlanetFacts(
            card.slug,
            card.name,
            _int_or_none(attrs.get("resources")),
            _int_or_none(attrs.get("influence")),
            trait if trait in dict(TRAITS) else "",
            _COLOR_LETTER.get(str(attrs.get("specialty")), ""),
        )
    return found


def _int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def fill_planet(row: dict[str, Any], known: Mapping[str, PlanetFacts]) -> None:
    """Give a planet row the database's data for each value left empty."""
    facts = known.get(_id(row.get("planet")))
    if facts is None:
        return
    for key, value in facts.as_row().items():
        if row.get(key) in (None, ""):
            row[key] = value


# -- rows → board ------------------------------------------------------------------


def split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def is_blank(row: Mapping[str, Any], keys: Sequence[str]) -> bool:
    return not any(str(row.get(key) or "").strip() for key in keys)


def _named(text: str) -> dict[str, str]:
    """``Mecatol Rex`` → id ``mecatol-rex`` and the name as typed; an id alone
    stays an id (the engine names it); ``Mecatol Rex (rex)`` names the id."""
    if found := _NAMED_ID.match(text):
        return {"id": found["id"], "name": found["name"]}
    slug = slugify(text)
    return {"id": slug} if slug == text else {"id": slug, "name": text}


def build_systems(
    systems: Sequence[Mapping[str, Any]],
    planets: Sequence[Mapping[str, Any]],
    units: Sequence[Mapping[str, Any]],
    names: Names,
    places: Places,
) -> list[dict[str, Any]]:
    """``board.systems`` of the rows (blank rows left out); ``places`` learns
    which row wrote each system, planet and unit entry."""
    out: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    for index, row in enumerate(systems):
        if is_blank(
            row, ("system", "wormholes", "adjacent", "home", "tokens", "anomaly")
        ):
            continue
        system = {**_named((row.get("system") or "").strip()), **_links(row, names)}
        places[("board", "systems", str(len(out)))] = ("systems", index)
        by_id.setdefault(system["id"], system)
        out.append(system)
    planet_of: dict[str, str] = {}
    for index, row in enumerate(planets):
        if is_blank(row, ("planet", "system", "controller")):
            continue
        planet = _planet(row, names)
        where = _id(row.get("system")) or f"{planet['id']}{SYSTEM_SUFFIX}"
        system = _system_for(where, out, by_id, places, ("planets", index))
        system.setdefault("planets", []).append(planet)
        at = len(system["planets"]) - 1
        places[(*_prefix(out, system), "planets", str(at))] = ("planets", index)
        planet_of.setdefault(planet["id"], system["id"])
    for index, row in enumerate(units):
        if is_blank(row, ("player", "where", "units")):
            continue
        where = _id(row.get("where"))
        where = planet_of.get(where, where)
        system = _system_for(where, out, by_id, places, ("units", index))
        owner = names(row.get("player") or "")
        listed = system.setdefault("units", {}).setdefault(owner, [])
        for item in split(row.get("units")):
            places[(*_prefix(out, system), "units", owner, str(len(listed)))] = (
                "units",
                index,
            )
            listed.append(item.lower())
    return out


def _id(text: str | None) -> str:
    """The id a system or planet field names ("" when empty)."""
    text = (text or "").strip()
    return _named(text)["id"] if text else ""


def _links(row: Mapping[str, Any], names: Names) -> dict[str, Any]:
    system: dict[str, Any] = {}
    if wormholes := [w.lower() for w in split(row.get("wormholes"))]:
        system["wormholes"] = wormholes
    if home := (row.get("home") or "").strip():
        system["home"] = names(home)
    if adjacent := [_id(a) for a in split(row.get("adjacent"))]:
        system["adjacent"] = adjacent
    if tokens := [names(t) for t in split(row.get("tokens"))]:
        system["tokens"] = tokens
    if kinds := [slugify(a) for a in split(row.get("anomaly"))]:
        system["anomaly"] = kinds[0] if len(kinds) == 1 else kinds
    return system


def _planet(row: Mapping[str, Any], names: Names) -> dict[str, Any]:
    planet = _named((row.get("planet") or "").strip())
    for key in ("resources", "influence"):
        if row.get(key) is not None:
            planet[key] = row[key]
    for key in ("trait", "specialty"):
        if row.get(key):
            planet[key] = row[key]
    if controller := (row.get("controller") or "").strip():
        planet["controller"] = names(controller)
    if row.get("exhausted"):
        planet["exhausted"] = True
    return planet


def _system_for(
    slug: str,
    out: list[dict[str, Any]],
    by_id: dict[str, dict[str, Any]],
    places: Places,
    origin: tuple[str, int],
) -> dict[str, Any]:
    """The system ``slug`` of the rows, or a new one the row ``origin`` makes."""
    if slug not in by_id:
        by_id[slug] = {"id": slug}
        places[("board", "systems", str(len(out)))] = origin
        out.append(by_id[slug])
    return by_id[slug]


def _prefix(out: list[dict[str, Any]], system: dict[str, Any]) -> tuple[str, ...]:
    position = next(i for i, listed in enumerate(out) if listed is system)
    return ("board", "systems", str(position))


def field_for(rows: str, rest: Sequence[str]) -> str | None:
    """The field of a ``rows`` row that a pointer's ``rest`` names."""
    key = rest[0] if rest else None
    if rows == "systems":
        fields = {"id": "system", "name": "system", "wormholes": "wormholes"}
        fields.update(adjacent="adjacent", home="home", tokens="tokens")
        fields.update(anomaly="anomaly")
        return fields.get(key or "", "system")
    if rows == "planets":
        fields = {"id": "planet", "name": "planet", "controller": "controller"}
        fields.update(resources="resources", influence="influence", trait="trait")
        fields.update(specialty="specialty", exhausted="exhausted")
        return fields.get(key or "", "planet")
    if rows == "units":  # a system a unit row made has only the row's place
        return "where" if key == "id" else "units"
    return None


# -- board → rows ------------------------------------------------------------------


def board_rows(
    systems: Sequence[Mapping[str, Any]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """System, planet and unit rows of ``board.systems`` (which ``build_systems``
    may not write back exactly: the caller compares)."""
    system_rows, planet_rows, unit_rows = [], [], []
    for system in systems:
        planets = system.get("planets") or []
        own = (
            len(planets) == 1
            and system["id"] == f"{planets[0]['id']}{SYSTEM_SUFFIX}"
            and set(system) <= {"id", "planets", "units"}
        )
        if not own:
            system_rows.append(_system_row(system))
        shown = "" if own else _label(system)
        planet_rows += [_planet_row(planet, shown) for planet in planets]
        place = planets[0]["id"] if own else system["id"]
        for owner, items in (system.get("units") or {}).items():
            unit_rows.append(
                {"player": owner, "where": place, "units": ", ".join(items)}
            )
    return system_rows, planet_rows, unit_rows


def _label(item: Mapping[str, Any]) -> str:
    """The text that writes back ``item``'s id and name."""
    name, slug = item.get("name"), item["id"]
    if not name:
        return str(slug)
    return str(name) if slugify(name) == slug else f"{name} ({slug})"


def _system_row(system: Mapping[str, Any]) -> dict[str, Any]:
    row = {
        "system": _label(system),
        "wormholes": ", ".join(system.get("wormholes", [])),
        "adjacent": ", ".join(system.get("adjacent", [])),
        "home": system.get("home", ""),
        "tokens": ", ".join(system.get("tokens", [])),
    }
    if kinds := system.get("anomaly"):
        listed = [kinds] if isinstance(kinds, str) else kinds
        row["anomaly"] = ", ".join(k.replace("-", " ") for k in listed)
    return row


def _planet_row(planet: Mapping[str, Any], system: str) -> dict[str, Any]:
    return {
        "planet": _label(planet),
        "system": system,
        "controller": planet.get("controller", ""),
        "resources": planet.get("resources"),
        "influence": planet.get("influence"),
        "trait": planet.get("trait", ""),
        "specialty": planet.get("specialty", ""),
        "exhausted": bool(planet.get("exhausted")),
    }
