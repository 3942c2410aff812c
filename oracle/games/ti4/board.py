"""Reading the TI4 parts of a scenario: player fields and the board.

Player fields (besides the engine's zones ``hand``, ``deck``, ``discard``,
``play`` and the pack's ``reinforcements``, ``tech_deck``, ``promissory``)::

    faction: yssaril            speaker: true           passed: false
    strategy_cards: [politics, {card: leadership, exhausted: true}]
    technologies: [neural-motivator, {card: instinct-training, exhausted: true}]
    command_tokens: {tactic: 3, fleet: 3, strategy: 2, reinforcements: 8}
    trade_goods: 2              commodities: 1
    held_notes: [{note: political-secret, owner: Carol}]   # others' notes held

The board::

    systems:
      - id: rex                 # system and planet ids share one namespace
        name: Mecatol Rex
        planets:
          - {id: mecatol-rex, resources: 1, influence: 6, controller: Alice,
             exhausted: false, trait: cultural, specialty: G}
        wormholes: [alpha]
        home: Alice             # whose home system it is
        adjacent: [lazar]       # symmetric; shared wormholes also make systems adjacent
        tokens: [Alice]         # command tokens on the system
        units: {Bob: ["2 destroyer", "cruiser", "3 infantry@mecatol-rex"]}
        anomaly: nebula         # or a list (9.5): asteroid-field, nebula,
                                # supernova, gravity-rift
    laws: [executive-sanctions]
    custodians: false           # true: still on Mecatol Rex, so no agenda phase
    speaker: Alice
    dice: [6, 2]                # die results used before the seeded generator, or
                                # by player: {Alice: [6, 2], Bob: [9]}
    fill_deck: true             # add the rest of the base deck, shuffled
    fill_agendas: true          # add the rest of the base agenda deck, shuffled
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from oracle.engine.core.errors import Problem, did_you_mean, unknown_card_message
from oracle.engine.core.schema import Reader, pointer, present
from oracle.engine.core.specs import MAX_PLAYERS
from oracle.games.ti4 import data
from oracle.games.ti4.agendas.table import AGENDAS, PLAYER

TRAITS = ("cultural", "industrial", "hazardous")
WORMHOLES = ("alpha", "beta", "gamma", "delta")
ANOMALIES = ("asteroid-field", "nebula", "supernova", "gravity-rift")
_UNIT = re.compile(
    r"^(?:(?P<n>\d+)\s+)?(?:(?P<damaged>damaged)\s+)?(?P<unit>[a-z-]+)"
    r"(?:@(?P<planet>[a-z0-9-]+))?$"
)
#: Units that may be listed as damaged ("damaged dreadnought"): those with
#: Sustain Damage (87.1).
_SUSTAINS = ("dreadnought", "war-sun", "flagship", "mech")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
#: Die results a scenario may give, in all.
MAX_DICE = 200


@dataclass(frozen=True)
class PlanetSpec:
    """A planet of the scenario's board."""

    id: str
    name: str
    resources: int
    influence: int
    trait: str | None = None
    specialty: str | None = None
    controller: str | None = None
    exhausted: bool = False


@dataclass(frozen=True)
class UnitSpec:
    """Some units of one player in a system (on a planet, or in space)."""

    owner: str
    unit: str
    count: int
    planet: str | None = None
    damaged: bool = False


@dataclass(frozen=True)
class SystemSpec:
    """A system tile of the scenario's board."""

    id: str
    name: str
    planets: tuple[PlanetSpec, ...] = ()
    wormholes: tuple[str, ...] = ()
    home: str | None = None
    adjacent: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    units: tuple[UnitSpec, ...] = ()
    anomalies: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardSpec:
    """The board and table facts of a scenario."""

    systems: tuple[SystemSpec, ...] = ()
    laws: tuple[tuple[str, str | None], ...] = ()
    custodians: bool = False
    speaker: str | None = None
    dice: tuple[int, ...] = ()
    #: Each player's own dice, in the order that player rolls (``dice`` by name).
    player_dice: tuple[tuple[str, tuple[int, ...]], ...] = ()
    fill_deck: bool = False
    fill_agendas: bool = False
    #: The planet each law attached to one starts on (``{law:, planet:}``).
    law_planets: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Held:
    """A card a player holds in play, maybe exhausted."""

    slug: str
    exhausted: bool = False


@dataclass(frozen=True)
class SeatSpec:
    """The TI4 fields of one player."""

    faction: str | None = None
    speaker: bool = False
    passed: bool = False
    strategy_cards: tuple[Held, ...] = ()
    technologies: tuple[Held, ...] = ()
    pools: Mapping[str, int] = field(default_factory=dict)
    trade_goods: int = 0
    commodities: int = 0
    victory_points: int = 0
    #: Other players' promissory notes this player holds: (note, owner).
    held_notes: tuple[tuple[str, str], ...] = ()


# The fields each mapping may have (sets: checked once per mapping read).
PLAYER_FIELDS = frozenset(
    {
        "faction",
        "speaker",
        "passed",
        "strategy_cards",
        "technologies",
        "command_tokens",
        "trade_goods",
        "commodities",
        "victory_points",
        "held_notes",
    }
)
_NOTE_FIELDS = frozenset({"note", "owner"})
_POOL_FIELDS = frozenset({"tactic", "fleet", "strategy", "reinforcements"})
_HELD_FIELDS = frozenset({"card", "exhausted"})
_BOARD_FIELDS = frozenset(
    {"systems", "laws", "custodians", "speaker", "dice", "fill_deck", "fill_agendas"}
)
_LAW_FIELDS = frozenset({"law", "owner", "planet"})
#: Every law a board may start with: the base game's, and the other agendas
#: that are laws (Prophecy of Kings' among them).
KNOWN_LAWS = frozenset(
    {*data.LAWS, *(slug for slug, agenda in AGENDAS.items() if agenda.law)}
)
#: The laws a board may attach to a planet, and the trait the planet needs.
ATTACHED_LAWS: dict[str, str] = {"senate-sanctuary": "cultural"}
ATTACHED_LAWS.update(
    {
        "research-team-biotic": "industrial",
        "research-team-cybernetic": "industrial",
        "research-team-propulsion": "industrial",
        "research-team-warfare": "hazardous",
    }
)
ATTACHED_LAWS["holy-planet-of-ixth"] = "cultural"
ATTACHED_LAWS["core-mining"] = ATTACHED_LAWS["terraforming-initiative"] = "hazardous"
ATTACHED_LAWS["demilitarized-zone-agenda"] = "cultural"
_SYSTEM_FIELDS = frozenset(
    {
        "id",
        "name",
        "planets",
        "wormholes",
        "home",
        "adjacent",
        "tokens",
        "units",
        "anomaly",
    }
)
_PLANET_FIELDS = frozenset(
    {
        "id",
        "name",
        "resources",
        "influence",
        "trait",
        "specialty",
        "controller",
        "exhausted",
    }
)
_SPECIALTIES = tuple(data.COLORS)


#: The seat of a player without TI4 fields (a frozen value shared by every
#: scenario, so its empty pools cannot be written to).
NO_SEAT = SeatSpec(pools=MappingProxyType({}))


class BoardReader(Reader):
    """Validates the TI4 parts of a scenario, collecting every problem."""

    def seat(self, raw: Mapping[str, object], path: str) -> SeatSpec:
        """Read the TI4 fields of a player."""
        if not raw:  # no TI4 field: every default
            return NO_SEAT
        self.unknown(raw, PLAYER_FIELDS, path)
        faction = self._faction(raw, path)
        pools = self._pools(raw, path)
        return SeatSpec(
            faction=faction,
            speaker=self._flag(raw, "speaker", path),
            passed=self._flag(raw, "passed", path),
            strategy_cards=self._held(raw, "strategy_cards", path, data.STRATEGY_CARDS),
            technologies=self._held(raw, "technologies", path, data.TECHNOLOGIES),
            pools=pools,
            trade_goods=self._count(raw, "trade_goods", path),
            commodities=self._count(raw, "commodities", path),
            victory_points=self._victory_points(raw, path),
            held_notes=self._held_notes(raw, path),
        )

    def _held_notes(
        self, raw: Mapping[str, object], path: str
    ) -> tuple[tuple[str, str], ...]:
        """Other players' promissory notes: ``{note: slug, owner: name}``."""
        if "held_notes" not in raw:
            return ()
        at = f"{path}/held_notes"
        out = []
        for i, item in enumerate(self.listing(raw["held_notes"], at, 40) or []):
            here = f"{at}/{i}"
            found = self.mapping(item, here)
            if found is None:
                continue
            self.unknown(found, _NOTE_FIELDS, here)
            note = self.string(found.get("note"), f"{here}/note")
            owner = self.string(found.get("owner"), f"{here}/owner")
            if note is not None and note not in data.PROMISSORY_NOTES:
                known = data.PROMISSORY_NOTES
                self.fail(f"{here}/note", unknown_card_message(note, known))
            elif note is not None and owner is not None:
                out.append((note, owner))
        return tuple(out)

    def _victory_points(self, raw: Mapping[str, object], path: str) -> int:
        """0 to 9: a player with 10 has won, and the game is over (98.7)."""
        if "victory_points" not in raw:
            return 0
        at = f"{path}/victory_points"
        return self.integer(raw["victory_points"], at, 0, 9) or 0

    def _faction(self, raw: Mapping[str, object], path: str) -> str | None:
        if "faction" not in raw:
            return None
        faction = self.string(raw["faction"], f"{path}/faction")
        if faction is not None and faction not in data.FACTIONS:
            hint = did_you_mean(faction, data.FACTIONS)
            self.fail(f"{path}/faction", f"unknown faction {faction!r}{hint}")
            return None
        return faction

    def _pools(self, raw: Mapping[str, object], path: str) -> dict[str, int]:
        if "command_tokens" not in raw:
            return {}
        at = f"{path}/command_tokens"
        pools = self.counts(raw["command_tokens"], at)
        self.unknown(pools, _POOL_FIELDS, at)
        return pools

    def _flag(self, raw: Mapping[str, object], key: str, path: str) -> bool:
        if key not in raw:
            return False
        return bool(self.boolean(raw[key], f"{path}/{key}"))

    def _count(self, raw: Mapping[str, object], key: str, path: str) -> int:
        if key not in raw:
            return 0
        return self.integer(raw[key], f"{path}/{key}", 0, 1000) or 0

    def _held(
        self,
        raw: Mapping[str, object],
        key: str,
        path: str,
        known: Mapping[str, object],
    ) -> tuple[Held, ...]:
        if key not in raw:
            return ()
        at = f"{path}/{key}"
        out = []
        for i, item in enumerate(self.listing(raw[key], at, 40) or []):
            here = f"{at}/{i}"
            slug, exhausted = item, False
            if isinstance(item, Mapping):
                self.unknown(item, _HELD_FIELDS, here)
                slug = item.get("card")
                exhausted = bool(
                    self.boolean(item.get("exhausted", False), f"{here}/exhausted")
                )
            text = self.string(slug, here)
            if text is not None and text not in known:
                self.fail(here, unknown_card_message(text, known))
            elif text is not None:
                out.append(Held(text, exhausted))
        return tuple(out)

    # -- the board ------------------------------------------------------------------

    def board(self, raw: Mapping[str, object], path: str) -> BoardSpec:
        """Read the board mapping."""
        self.unknown(raw, _BOARD_FIELDS, path)
        systems = self._systems(raw.get("systems", []), f"{path}/systems")
        speaker = None
        if "speaker" in raw:
            speaker = self.string(raw["speaker"], f"{path}/speaker")
        dice: tuple[int, ...] = ()
        player_dice: tuple[tuple[str, tuple[int, ...]], ...] = ()
        given = raw.get("dice", [])
        if isinstance(given, Mapping):
            player_dice = self._player_dice(given, f"{path}/dice")
        elif isinstance(given, list | tuple):
            dice = self._dice(given, f"{path}/dice")
        else:
            self.fail(
                f"{path}/dice",
                "must be a list of die results, or a mapping of players to lists",
            )
        return BoardSpec(
            systems=systems,
            laws=self._laws(raw.get("laws", []), f"{path}/laws"),
            custodians=self._flag(raw, "custodians", path),
            speaker=speaker,
            dice=dice,
            player_dice=player_dice,
            fill_deck=self._flag(raw, "fill_deck", path),
            fill_agendas=self._flag(raw, "fill_agendas", path),
            law_planets=self._law_planets(raw.get("laws", []), f"{path}/laws", systems),
        )

    def _dice(self, value: object, path: str) -> tuple[int, ...]:
        """Die results, each 1 to 10."""
        dice = []
        for i, face in enumerate(self.listing(value, path, MAX_DICE) or []):
            number = self.integer(face, f"{path}/{i}", 1, 10)
            if number is not None:
                dice.append(number)
        return tuple(dice)

    def _player_dice(
        self, value: Mapping[str, object], path: str
    ) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each player's own die results (the names are checked at set-up)."""
        if len(value) > MAX_PLAYERS:
            self.fail(path, f"must name at most {MAX_PLAYERS} players")
            return ()
        out = []
        for name, faces in value.items():
            out.append((name, self._dice(faces, pointer(path, name))))
        if sum(len(faces) for _, faces in out) > MAX_DICE:
            self.fail(path, f"must have at most {MAX_DICE} dice in all")
            return ()
        return tuple(out)

    def _laws(self, value: object, path: str) -> tuple[tuple[str, str | None], ...]:
        out: list[tuple[str, str | None]] = []
        for i, item in enumerate(self.listing(value, path, 40) or []):
            here = f"{path}/{i}"
            slug, owner = item, None
            if isinstance(item, Mapping):
                self.unknown(item, _LAW_FIELDS, here)
                slug = item.get("law")
                owner = (
                    self.string(item.get("owner"), f"{here}/owner")
                    if "owner" in item
                    else None
                )
            text = self.string(slug, here)
            if text is not None and text not in KNOWN_LAWS:
                self.fail(here, f"unknown law {text!r}{did_you_mean(text, KNOWN_LAWS)}")
            elif text is not None:
                self._law_owner(text, owner, here)
                out.append((text, owner))
        return tuple(out)

    def _law_owner(self, slug: str, owner: str | None, here: str) -> None:
        """A law that elects a player lies with its owner (7.4); any other
        lies in the common area or on a planet, owned by nobody (7.3)."""
        agenda = AGENDAS.get(slug)
        if agenda is None:
            return
        if agenda.elect == PLAYER and owner is None:
            self.fail(
                here,
                f"{slug} elects a player and lies with its owner: write "
                f"{{law: {slug}, owner: <player>}} (rule 7.4)",
            )
        elif agenda.elect != PLAYER and owner is not None:
            self.fail(
                f"{here}/owner",
                f"{slug} elects no player, so no player owns it (rule 7.3)",
            )

    def _law_planets(
        self, value: object, path: str, systems: tuple[SystemSpec, ...]
    ) -> tuple[tuple[str, str], ...]:
        """The planet of each law that starts attached to one (Senate
        Sanctuary must name a planet of the board with the trait it elects;
        no other law takes one). ``_laws`` reports the other errors."""
        if not isinstance(value, list | tuple):
            return ()
        planets = {p.id: p for s in systems for p in s.planets}
        out: list[tuple[str, str]] = []
        for i, item in enumerate(value[:40]):
            slug = item.get("law") if isinstance(item, Mapping) else item
            given = item.get("planet") if isinstance(item, Mapping) else None
            here = f"{path}/{i}"
            trait = ATTACHED_LAWS.get(str(slug))
            if trait is None:
                if given is not None:
                    self.fail(
                        f"{here}/planet", f"the law {slug!r} is attached to no planet"
                    )
                continue
            if given is None:
                self.fail(here, f"{slug} is attached to a planet: give its `planet`")
                continue
            if isinstance(item, Mapping) and item.get("owner") is not None:
                self.fail(
                    f"{here}/owner",
                    f"{slug} is attached to a planet, owned by no player",
                )
            planet = planets.get(str(given))
            if planet is None:
                self.fail(f"{here}/planet", f"{given!r} is not a planet of the board")
            elif planet.trait != trait:
                self.fail(
                    f"{here}/planet",
                    f"{slug} elects a {trait} planet; {planet.id} is not one",
                )
            else:
                out.append((str(slug), planet.id))
        return tuple(out)

    def _systems(self, value: object, path: str) -> tuple[SystemSpec, ...]:
        found = [
            self._system(item, f"{path}/{i}")
            for i, item in enumerate(self.listing(value, path, 60) or [])
        ]
        systems = present(found)
        self._check_ids(systems, path)
        return systems

    def _check_ids(self, systems: tuple[SystemSpec, ...], path: str) -> None:
        seen: set[str] = set()
        ids = {s.id for s in systems}
        for i, system in enumerate(systems):
            for slug in (system.id, *[p.id for p in system.planets]):
                if slug in seen:
                    self.fail(
                        f"{path}/{i}",
                        f"id {slug!r} is used twice (systems and planets share ids: "
                        f"name the system {slug}-system, say)",
                    )
                seen.add(slug)
            for other in system.adjacent:
                if other not in ids:
                    self.fail(
                        f"{path}/{i}/adjacent",
                        f"unknown system {other!r}{did_you_mean(other, ids)}",
                    )

    def _system(self, value: object, path: str) -> SystemSpec | None:
        raw = self.mapping(value, path)
        if raw is None:
            return None
        self.unknown(raw, _SYSTEM_FIELDS, path)
        slug = self._slug(raw.get("id"), f"{path}/id")
        planets = tuple(
            p
            for i, item in enumerate(
                self.listing(raw.get("planets", []), f"{path}/planets", 6) or []
            )
            if (p := self._planet(item, f"{path}/planets/{i}")) is not None
        )
        wormholes = self._words(raw, "wormholes", path, WORMHOLES)
        units = self._units(raw.get("units", {}), f"{path}/units", planets)
        if slug is None:
            return None
        home = None
        if "home" in raw:
            home = self.string(raw["home"], f"{path}/home")
        return SystemSpec(
            id=slug,
            name=self._name(raw, slug, path),
            planets=planets,
            wormholes=wormholes,
            home=home,
            adjacent=self._words(raw, "adjacent", path, None),
            tokens=self._words(raw, "tokens", path, None),
            units=units,
            anomalies=self._anomalies(raw, path),
        )

    def _anomalies(self, raw: Mapping[str, object], path: str) -> tuple[str, ...]:
        """``anomaly``: one type, or a list of them (a system may be two, 9.5)."""
        value = raw.get("anomaly")
        if isinstance(value, str):
            raw = {"anomaly": [value]}
        return tuple(dict.fromkeys(self._words(raw, "anomaly", path, ANOMALIES)))

    def _slug(self, value: object, path: str) -> str | None:
        text = self.string(value, path, 40)
        if text is not None and not _SLUG.match(text):
            self.fail(path, "must be lower-case letters, digits and hyphens")
            return None
        return text

    def _name(self, raw: Mapping[str, object], slug: str, path: str) -> str:
        if "name" in raw:
            return self.string(raw["name"], f"{path}/name", 60) or slug
        return slug.replace("-", " ").title()

    def _words(
        self,
        raw: Mapping[str, object],
        key: str,
        path: str,
        allowed: tuple[str, ...] | None,
    ) -> tuple[str, ...]:
        if key not in raw:
            return ()
        at = f"{path}/{key}"
        out = []
        for i, item in enumerate(self.listing(raw[key], at, 20) or []):
            text = self.string(item, f"{at}/{i}")
            if text is not None and allowed is not None and text not in allowed:
                self.fail(f"{at}/{i}", f"must be one of {', '.join(allowed)}")
            elif text is not None:
                out.append(text)
        return tuple(out)

    def _planet(self, value: object, path: str) -> PlanetSpec | None:
        raw = self.mapping(value, path)
        if raw is None:
            return None
        self.unknown(raw, _PLANET_FIELDS, path)
        slug = self._slug(raw.get("id"), f"{path}/id")
        resources = self.integer(raw.get("resources", 0), f"{path}/resources", 0, 9)
        influence = self.integer(raw.get("influence", 0), f"{path}/influence", 0, 9)
        trait = self._choice(raw, "trait", path, TRAITS)
        specialty = self._choice(raw, "specialty", path, _SPECIALTIES)
        owner = (
            self.string(raw["controller"], f"{path}/controller")
            if "controller" in raw
            else None
        )
        if slug is None or resources is None or influence is None:
            return None
        return PlanetSpec(
            id=slug,
            name=self._name(raw, slug, path),
            resources=resources,
            influence=influence,
            trait=trait,
            specialty=specialty,
            controller=owner,
            exhausted=self._flag(raw, "exhausted", path),
        )

    def _choice(
        self, raw: Mapping[str, object], key: str, path: str, allowed: tuple[str, ...]
    ) -> str | None:
        if raw.get(key) is None:
            return None
        text = self.string(raw[key], f"{path}/{key}")
        if text is not None and text not in allowed:
            self.fail(f"{path}/{key}", f"must be one of {', '.join(allowed)}")
            return None
        return text

    def _units(
        self, value: object, path: str, planets: tuple[PlanetSpec, ...]
    ) -> tuple[UnitSpec, ...]:
        raw = self.mapping(value, path)
        out = []
        for owner, items in (raw or {}).items():
            at = pointer(path, owner)
            for i, item in enumerate(self.listing(items, at, 60) or []):
                spec = self._unit(owner, item, f"{at}/{i}", planets)
                if spec is not None:
                    out.append(spec)
        return tuple(out)

    def _unit(
        self, owner: str, item: object, path: str, planets: tuple[PlanetSpec, ...]
    ) -> UnitSpec | None:
        text = self.string(item, path)
        found = _UNIT.match(text) if text else None
        if text is not None and found is None:
            self.fail(path, 'must look like "2 destroyer" or "infantry@planet"')
        if found is None:
            return None
        unit, planet = found.group("unit"), found.group("planet")
        count = int(found.group("n") or 1)
        if unit not in data.UNITS:
            self.fail(path, f"unknown unit {unit!r}{did_you_mean(unit, data.UNITS)}")
            return None
        here = [p.id for p in planets]
        if planet is not None and planet not in here:
            hint = did_you_mean(planet, here)
            self.fail(path, f"no planet {planet!r} in this system{hint}")
            return None
        if planet is not None and unit in data.SHIPS:
            self.fail(path, "ships are always placed in space")
            return None
        if planet is None and unit in data.STRUCTURES:
            self.fail(path, "structures are placed on a planet")
            return None
        damaged = found.group("damaged") is not None
        if damaged and unit not in _SUSTAINS:
            self.fail(
                path, "only a unit with Sustain Damage can be damaged (rule 87.1)"
            )
            return None
        return UnitSpec(owner, unit, count, planet, damaged)


def read_seat(
    raw: Mapping[str, object], path: str
) -> tuple[dict[str, object], list[Problem]]:
    """Parse the TI4 fields of a player (the pack's ``parse_player``)."""
    if not raw:  # most players: no reader needed for every default
        return {"ti4": NO_SEAT}, []
    reader = BoardReader()
    spec = reader.seat(raw, path)
    return {"ti4": spec}, reader.problems


def read_board(
    raw: Mapping[str, object], path: str
) -> tuple[dict[str, object], list[Problem]]:
    """Parse the board (the pack's ``parse_board``)."""
    reader = BoardReader()
    spec = reader.board(raw, path)
    return {"ti4": spec}, reader.problems
