"""Find the one card a typed name means, as card-database APIs do (Scryfall's
``/cards/named?fuzzy=``): case, punctuation and a few typos do not matter, a
unique part of a name is enough, and a name that fits several cards is said to
be ambiguous rather than guessed."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

# How close a misspelt name must be to a card's (difflib's ratio, 0..1), and how
# far ahead of the runner-up the best one must be to count as meant.
CLOSE_ENOUGH = 0.75
CLEAR_LEAD = 0.05
MAX_CANDIDATES = 10


def normal_name(name: str) -> str:
    """Lower case, letters and digits only, single spaces: "Lucky-Shot!" and
    "lucky shot" are one name. Apostrophes vanish ("Thundér's" as "thundérs")."""
    words = re.sub(r"[^\w\s]+", "", name.lower().replace("-", " "))
    return " ".join(words.split())


@dataclass(frozen=True)
class NameMatch(Generic[T]):
    """The card meant (``found``), or the cards it could be (``candidates``,
    best first, empty when nothing is close)."""

    found: T | None
    candidates: list[T]

    @property
    def is_ambiguous(self) -> bool:
        return self.found is None and bool(self.candidates)


def match_exact(query: str, named: Iterable[tuple[str, T]]) -> NameMatch[T]:
    """The card whose name is ``query`` up to case and punctuation."""
    wanted = normal_name(query)
    hits = [item for name, item in named if normal_name(name) == wanted]
    return _one_of(hits)


def match_fuzzy(query: str, named: Iterable[tuple[str, T]]) -> NameMatch[T]:
    """The card ``query`` means: its exact name, else the one name that holds
    every word of it as the start of a word ("luck sh" → Lucky Shot), else the
    one clearly closest spelling."""
    wanted = normal_name(query)
    names = [(normal_name(name), item) for name, item in named]
    exact = [item for name, item in names if name == wanted]
    if exact or not wanted:
        return _one_of(exact)
    partial = [item for name, item in names if _has_word_starts(name, wanted)]
    if partial:
        return _one_of(partial)
    return _closest(wanted, names)


def _has_word_starts(name: str, query: str) -> bool:
    words = name.split()
    return all(any(word.startswith(part) for word in words) for part in query.split())


def _closest(wanted: str, names: list[tuple[str, T]]) -> NameMatch[T]:
    scored = sorted(
        (
            (difflib.SequenceMatcher(None, wanted, name).ratio(), index)
            for index, (name, _) in enumerate(names)
        ),
        reverse=True,
    )
    close = [(score, index) for score, index in scored if score >= CLOSE_ENOUGH]
    candidates = [names[index][1] for _, index in close[:MAX_CANDIDATES]]
    if not close:
        return NameMatch(None, [])
    if len(close) == 1 or close[0][0] - close[1][0] >= CLEAR_LEAD:
        return NameMatch(candidates[0], [])
    return NameMatch(None, candidates)


def _one_of(hits: list[T]) -> NameMatch[T]:
    if len(hits) == 1:
        return NameMatch(hits[0], [])
    return NameMatch(None, hits[:MAX_CANDIDATES])
