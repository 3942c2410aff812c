"""Parsed content, before it becomes database rows. Every spec remembers the file
and line it came from so later checks can point at it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from rules.ids import topic_code


@dataclass(frozen=True)
class Text:
    """A Markdown field and where it starts."""

    source: str
    file: str
    line: int


@dataclass
class RuleSpec:
    rule_id: str
    kind: str  # "rule" or "note"
    parent_id: str | None
    position: int
    text: Text
    source: str = "rules-reference"
    date: dt.date | None = None


@dataclass
class TopicSpec:
    prefix: str  # "" for a numbered topic, "TE" for TE1
    number: int
    slug: str
    title: str
    related: list[str]
    updated: dt.date | None
    summary: Text
    body: str
    rules: list[RuleSpec]
    file: str
    line: int
    related_line: int
    expansion: str = "base"
    expansion_line: int = 0

    @property
    def code(self) -> str:
        return topic_code(self.prefix, self.number)


@dataclass(frozen=True)
class NoteSpec:
    """A clarification on a card, in our words, with where it comes from."""

    text: Text
    source: str
    date: dt.date | None


@dataclass
class CardSpec:
    slug: str
    name: str
    type: str
    expansion: str
    count: int | None
    window: str
    timing: Text | None
    effect: Text
    flags: list[str]
    rules: list[str]
    faction: str
    file: str
    lines: dict[str, int]
    # The type's own fields as written (checked against game.yaml's
    # card_fields once every file is read), then their checked values.
    attrs_source: Any = None
    attrs: dict[str, Any] = field(default_factory=dict)
    # Markdown inside attrs, by key ("outcomes.0" for an outcome's effect).
    attr_texts: dict[str, Text] = field(default_factory=dict)
    notes: list[NoteSpec] = field(default_factory=list)
    replaces: str = ""


@dataclass
class TermSpec:
    slug: str
    term: str
    topic: str | None
    definition: Text
    file: str
    line: int
    rule: str | None = None  # id of the numbered rule that defines the term
    rule_line: int = 0


@dataclass
class RulingSpec:
    slug: str
    question: str
    answer: Text
    cards: list[str]
    rules: list[str]
    source: str
    date: dt.date
    scenario: dict[str, Any] | None
    file: str
    lines: dict[str, int]
    updated: dt.date | None = None


@dataclass(frozen=True)
class FieldSpec:
    """One declared field of a card type (game.yaml ``card_fields``)."""

    key: str
    kind: str
    label: str
    choices: dict[str, str] = field(default_factory=dict)  # value -> label
    card_types: tuple[str, ...] = ()  # what a card reference may point at
    required: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "kind": self.kind,
            "label": self.label,
            "choices": self.choices,
            "card_types": list(self.card_types),
            "required": self.required,
        }


@dataclass
class GameSpec:
    slug: str
    name: str
    short_name: str
    reference_name: str
    reference_version: str
    reference_date: dt.date | None
    vocabularies: dict[str, dict[str, str]]
    file: str
    lines: dict[str, int]
    card_fields: dict[str, list[FieldSpec]] = field(default_factory=dict)
    # Common optional card fields a type must give (action: window, timing).
    required_card_fields: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class GameContent:
    game: GameSpec
    topics: list[TopicSpec] = field(default_factory=list)
    cards: list[CardSpec] = field(default_factory=list)
    terms: list[TermSpec] = field(default_factory=list)
    rulings: list[RulingSpec] = field(default_factory=list)
    version: str = ""
