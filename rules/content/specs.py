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


@dataclass
class GameContent:
    game: GameSpec
    topics: list[TopicSpec] = field(default_factory=list)
    cards: list[CardSpec] = field(default_factory=list)
    terms: list[TermSpec] = field(default_factory=list)
    rulings: list[RulingSpec] = field(default_factory=list)
    version: str = ""
