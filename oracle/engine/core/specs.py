"""The parts of a scenario: the cards, players, steps and expectations it names,
and the limits its parser holds it to (see ``oracle.engine.core.scenario``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from oracle.engine.core.game import DECK, DISCARD, HAND, PLAY

MAX_PLAYERS = 8
MAX_STEPS = 200
MAX_ZONE = 200
MAX_CARDS = 2000
MAX_EXPECT = 100
MAX_NAME = 40
#: The most characters of a scenario's ``question`` (the judge's question in words).
MAX_QUESTION = 500
SCENARIO_ZONES = (HAND, DECK, DISCARD, PLAY)
STEP_KINDS = ("play", "use", "pass", "choose", "advance", "end")
EXPECT_OPS = ("count", "equals", "contains")
_MAX_DEPTH = 32
# Most values of a scenario are these: they need no copy and no ABC check.
_LEAVES = frozenset({str, int, bool, float, type(None)})


def in_key_order(data: object, depth: int = 0) -> object:
    """A copy of ``data`` with every mapping's keys in sorted order.

    Key order carries no meaning in JSON or YAML, and the permalink hash ignores
    it, so the engine must too: the parser reads every mapping it walks in this
    order, and keeps the parts it stores as given (the board, a player's pack
    fields, expected values) in this form, so equal scenarios give equal
    results. ``depth`` is how deep ``data`` sits in the scenario: nesting deeper
    than any valid scenario is left as it is for the parser to refuse.
    """
    if depth > _MAX_DEPTH or type(data) in _LEAVES:
        return data
    # Leaves (most values) are taken as they are, without a call for each.
    # A list is tested before the (slow) abstract Mapping check.
    if type(data) is dict or (type(data) is not list and isinstance(data, Mapping)):
        out = {}
        # Sorted by their text (keys are unique, so no ties but equal texts).
        for key in sorted(data, key=str):
            value = data[key]
            out[key] = (
                value if type(value) in _LEAVES else in_key_order(value, depth + 1)
            )
        return out
    if isinstance(data, list | tuple):
        return [
            value if type(value) in _LEAVES else in_key_order(value, depth + 1)
            for value in data
        ]
    return data


@dataclass(frozen=True)
class CardSpec:
    """A card placed by a scenario: a slug plus optional state in play."""

    slug: str
    exhausted: bool = False
    tokens: Mapping[str, int] = field(default_factory=dict)
    attachments: tuple[CardSpec, ...] = ()

    def dump(self) -> object:
        """Return the canonical form: the bare slug when nothing else is set."""
        if not (self.exhausted or self.tokens or self.attachments):
            return self.slug
        out: dict[str, object] = {"card": self.slug}
        if self.exhausted:
            out["exhausted"] = True
        if self.tokens:
            out["tokens"] = dict(self.tokens)
        if self.attachments:
            out["attachments"] = [a.dump() for a in self.attachments]
        return out


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player of a scenario: zones, resources and pack-specific fields."""

    name: str
    zones: Mapping[str, tuple[CardSpec, ...]] = field(default_factory=dict)
    resources: Mapping[str, int] = field(default_factory=dict)
    extra: Mapping[str, object] = field(default_factory=dict)
    raw_extra: Mapping[str, object] = field(default_factory=dict)

    def dump(self) -> dict[str, object]:
        """Return the canonical mapping of the player."""
        out: dict[str, object] = {"name": self.name}
        for zone, cards in self.zones.items():
            out[zone] = [c.dump() for c in cards]
        if self.resources:
            out["resources"] = dict(self.resources)
        out.update(self.raw_extra)
        return out


@dataclass(frozen=True, slots=True)
class Step:
    """One thing a player (or the clock) does; ``kind`` is one of STEP_KINDS."""

    kind: str
    value: object
    player: str | None = None
    ability: str | None = None
    targets: Mapping[str, object] = field(default_factory=dict)

    def dump(self) -> dict[str, object]:
        """Return the canonical mapping of the step."""
        out: dict[str, object] = {}
        if self.player is not None:
            out["player"] = self.player
        out[self.kind] = self.value
        if self.ability is not None:
            out["ability"] = self.ability
        if self.targets:
            out["targets"] = dict(self.targets)
        return out


@dataclass(frozen=True, slots=True)
class Expectation:
    """An assertion on the final state: ``op`` is count, equals or contains."""

    path: str
    op: str
    value: object

    def dump(self) -> dict[str, object]:
        """Return the canonical mapping of the expectation."""
        return {"path": self.path, self.op: self.value}
