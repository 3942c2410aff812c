"""What a search is asked and what it answers: the checked request, the result
types, and the errors a player can be shown. No Whoosh here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString

from rules.text import has_control_characters

MAX_QUERY_LENGTH = 200
DEFAULT_LIMIT = 20
MAX_LIMIT = 50
MAX_PAGE = 100
KIND_LABELS = {
    "rule": "Rules",
    "card": "Cards",
    "topic": "Topics",
    "term": "Glossary",
    "ruling": "Rulings",
}
KINDS = tuple(KIND_LABELS)
_KIND_ALIASES = {
    **{kind: kind for kind in KINDS},
    **{f"{kind}s": kind for kind in KINDS},
    "glossary": "term",
}
OPERATORS = frozenset({"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"})
_BINARY_OPERATORS = OPERATORS - {"NOT"}
KIND_FILTER = re.compile(r"(?<!\S)kind:(\S*)", re.IGNORECASE)


class SearchQueryError(ValueError):
    """A query that cannot be searched; ``message`` is fit to show a player and
    ``code`` says why (``empty``, ``too_long``, ``unbalanced_quotes``...)."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


class SearchUnavailable(RuntimeError):
    """There is no usable index: not built yet, or built by an older version."""


@dataclass(frozen=True)
class SearchRequest:
    query: str  # as typed, spaces collapsed
    text: str  # without its kind: filters
    kinds: tuple[str, ...]
    page: int = 1
    limit: int = DEFAULT_LIMIT
    prefix: bool = False


@dataclass(frozen=True)
class Hit:
    kind: str
    key: str
    title: str
    url: str
    title_html: SafeString
    snippet: SafeString
    score: float
    rule_id: str = ""
    context: str = ""
    direct: bool = False


@dataclass(frozen=True)
class HitGroup:
    kind: str
    label: str
    hits: tuple[Hit, ...]


@dataclass(frozen=True)
class SearchResults:
    """One page of results. ``hits`` are in rank order; ``groups`` hold the same
    hits by kind, the kind of the best hit first. ``counts`` are the matches per
    kind whatever the kind filter; ``total`` those the filter keeps.
    ``suggestion`` is the query with misspelt words corrected; when set, the hits
    are those of the suggestion. ``broadened``: no document had every word."""

    game: str
    query: str
    kinds: tuple[str, ...]
    page: int
    limit: int
    total: int
    counts: dict[str, int]
    hits: tuple[Hit, ...]
    direct: Hit | None = None
    suggestion: str | None = None
    broadened: bool = False

    @property
    def groups(self) -> tuple[HitGroup, ...]:
        grouped: dict[str, list[Hit]] = {}
        for hit in self.hits:
            grouped.setdefault(hit.kind, []).append(hit)
        return tuple(
            HitGroup(kind, KIND_LABELS[kind], tuple(hits))
            for kind, hits in grouped.items()
        )

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.limit))

    @property
    def has_next(self) -> bool:
        return self.page < self.pages

    @property
    def has_previous(self) -> bool:
        return self.page > 1


def parse_request(
    raw: str,
    *,
    kind: str | None = None,
    page: int = 1,
    limit: int = DEFAULT_LIMIT,
    prefix: bool = False,
) -> SearchRequest:
    """Check a query and split off its ``kind:`` filters; raise SearchQueryError.

    The ``kind`` argument overrides any ``kind:`` typed in the query.
    """
    text = " ".join((raw or "").split())
    if len(text) > MAX_QUERY_LENGTH:
        raise SearchQueryError(
            "too_long",
            f"Search for at most {MAX_QUERY_LENGTH} characters; "
            f"this query has {len(text)}.",
            max_length=MAX_QUERY_LENGTH,
            length=len(text),
        )
    if has_control_characters(text):
        raise SearchQueryError(
            "control_characters", "Remove the control characters from the query."
        )
    kinds = {_kind(value) for value in KIND_FILTER.findall(text)}
    if kind:
        kinds = {_kind(kind)}
    words = without_kind_filters(text)
    if not words:
        raise SearchQueryError("empty", "Type a word, a rule number or a card name.")
    _check_syntax(words)
    if not 1 <= page <= MAX_PAGE:
        raise SearchQueryError(
            "invalid_page", f"Pages run from 1 to {MAX_PAGE}.", page=page
        )
    if not 1 <= limit <= MAX_LIMIT:
        raise SearchQueryError(
            "invalid_limit", f"The limit runs from 1 to {MAX_LIMIT}.", limit=limit
        )
    return SearchRequest(text, words, tuple(sorted(kinds)), page, limit, prefix)


def without_kind_filters(query: str) -> str:
    """``query`` without the ``kind:`` filters typed in it."""
    return " ".join(KIND_FILTER.sub(" ", query).split())


def split_last_word(text: str) -> tuple[str, str]:
    """``("draw action ", "ca")`` for type-ahead: no last word after a space or
    inside an open quote, nor when it is an operator."""
    match = re.search(r"(?<!\S)([^\W_]+)$", text)
    if not match or match[1] in OPERATORS or text.count('"') % 2:
        return text, ""
    return text[: match.start(1)], match[1]


def has_several_words(text: str) -> bool:
    """Whether broadening to "any word" could help: several words, no operator."""
    words = text.split()
    return len(words) > 1 and not OPERATORS.intersection(words)


def _kind(value: str) -> str:
    kind = _KIND_ALIASES.get(value.lower())
    if kind is None:
        raise SearchQueryError(
            "unknown_kind",
            f"There is no kind {value!r}: use one of {', '.join(KINDS)}.",
            kind=value,
            kinds=list(KINDS),
        )
    return kind


def _check_syntax(text: str) -> None:
    if text.count('"') % 2:
        raise SearchQueryError(
            "unbalanced_quotes", 'A quote is not closed: put phrases "between quotes".'
        )
    outside = re.sub(r'"[^"]*"', " x ", text)
    depth = 0
    for char in outside:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            break
    if depth:
        raise SearchQueryError("unbalanced_parentheses", "A parenthesis is not closed.")
    previous = "("
    for token in [*re.sub(r"([()])", r" \1 ", outside).split(), ")"]:
        if previous in OPERATORS | {"("} and token in _BINARY_OPERATORS | {")"}:
            word = previous if previous in OPERATORS else token
            raise SearchQueryError(
                "lone_operator",
                f"{word} needs a word on each side, as in `sabotage {word} cancel`; "
                "to search for the word itself, type it in lower case.",
                operator=word,
            )
        previous = token
