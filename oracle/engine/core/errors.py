"""Errors the engine raises: bad input, illegal plays and exhausted budgets."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a scenario: a JSON-pointer ``path`` and a ``message``."""

    path: str
    message: str

    def to_dict(self) -> dict[str, str]:
        """Return the problem as a JSON-ready mapping."""
        return {"path": self.path, "message": self.message}


@dataclass(frozen=True)
class Unmodelled(Problem):
    """A problem that is no fault of the scenario: it relies on something the
    pack does not model, so the oracle cannot answer it (the API's
    ``not_implemented``) rather than answer wrongly."""


class ScenarioError(ValueError):
    """A scenario is malformed; ``problems`` lists every fault with its path."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        text = "; ".join(f"{p.path or '/'}: {p.message}" for p in self.problems)
        super().__init__(text or "invalid scenario")

    @classmethod
    def at(cls, path: str, message: str) -> ScenarioError:
        """Build an error with a single problem."""
        return cls([Problem(path, message)])

    def to_dict(self) -> dict[str, object]:
        """Return the error as a JSON-ready mapping."""
        return {"error": str(self), "problems": [p.to_dict() for p in self.problems]}


class UnknownCard(ScenarioError):
    """A scenario names a card slug the game pack does not define.

    ``slug`` and ``path`` name the first unknown card, ``cards`` every one as
    ``(slug, path)``; ``problems`` lists every problem found (other unknown cards
    included).
    """

    def __init__(
        self,
        slug: str,
        path: str,
        problems: Sequence[Problem] = (),
        cards: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.slug = slug
        self.path = path
        self.cards = tuple(cards) or ((slug, path),)
        super().__init__(problems or [Problem(path, unknown_card_message(slug))])


def unknown_card_message(slug: str, known: Iterable[str] = ()) -> str:
    """Return the problem message for an unknown card slug."""
    return f"unknown card {slug!r}{did_you_mean(slug, known)}"


def unknown_player_message(name: str, known: Iterable[str] = ()) -> str:
    """Return the problem message for a name that is no player's."""
    return f"unknown player {name!r}{did_you_mean(name, known)}"


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """``; did you mean 'x'?`` for the ``known`` name that ``name`` most
    resembles (another case, a typo: ``sabotge`` → ``sabotage``), else ``""``."""
    by_folded = {candidate.casefold(): candidate for candidate in sorted(known)}
    close = difflib.get_close_matches(name.casefold(), by_folded, n=1, cutoff=0.8)
    return f"; did you mean {by_folded[close[0]]!r}?" if close else ""


class IllegalPlay(Exception):
    """A step breaks a rule: an answer with a reason and the rule ids behind it."""

    def __init__(self, reason: str, rules: Iterable[str] = ()) -> None:
        self.reason = reason
        self.rules: tuple[str, ...] = tuple(dict.fromkeys(rules))
        super().__init__(reason)


class EngineStop(Exception):
    """A budget or guard stopped the run; the result reports it with ok false."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")
