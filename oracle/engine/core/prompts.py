"""Prompts: the decisions a game asks its players, and who answers them.

The engine never blocks: it asks its ``Decider`` (the scenario runner answers
from the next steps) and falls back to a documented default when no answer
comes. Every prompt is recorded as a decision point with its legal options.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import IllegalPlay

if TYPE_CHECKING:
    from oracle.engine.core.abilities import Ability
    from oracle.engine.core.game import Game

Answer = str | int | bool | tuple[str, ...]


class PromptKind(enum.Enum):
    """What a prompt asks for."""

    CARD = "card"
    PLAYER = "player"
    OPTION = "option"
    NUMBER = "number"
    YES_NO = "yes_no"
    ORDER = "order"
    SECRET = "secret"


@dataclass(frozen=True, slots=True)
class Prompt:
    """One decision: ``player`` picks among ``options`` (strings) in ``window``.

    Card prompts take between ``minimum`` and ``maximum`` options. Numbers are
    offered as their decimal strings. Higher ``priority`` is asked first. An
    answer that is not an option is refused citing ``rules`` (the pack's
    ``choice`` citation when empty), with ``why`` added to the reason.
    ``title`` is the text the player is shown ("Choose a card"), recorded
    with the decision. ``cancel``, when set, is the label of a cancel answer:
    the last option, accepted alone whatever ``minimum`` asks.
    """

    kind: PromptKind
    player: str
    window: str
    options: tuple[str, ...]
    minimum: int = 1
    maximum: int = 1
    priority: int = 0
    rules: tuple[str, ...] = ()
    why: str = ""
    title: str = ""
    cancel: str = ""

    def accept(self, raw: object) -> Answer | None:
        """Return the normalised answer if ``raw`` is legal here, else None."""
        if self.cancel and _strings(raw) == (self.cancel,):
            return self.cancel
        if self.kind is PromptKind.YES_NO:
            return _yes_no(raw)
        if self.kind in (PromptKind.NUMBER, PromptKind.SECRET):
            text = (
                str(raw) if isinstance(raw, int) and not isinstance(raw, bool) else raw
            )
            return int(text) if isinstance(text, str) and text in self.options else None
        if self.kind is PromptKind.ORDER:
            chosen = _strings(raw)
            ok = chosen is not None and sorted(chosen) == sorted(self.options)
            return chosen if ok else None
        return self._accept_pick(raw)

    def _accept_pick(self, raw: object) -> Answer | None:
        chosen = _strings(raw)
        if chosen is None or len(set(chosen)) != len(chosen):
            return None
        if not all(c in self.options for c in chosen):
            return None
        if not self.minimum <= len(chosen) <= self.maximum:
            return None
        if self.maximum == 1 and self.kind is not PromptKind.CARD:
            return chosen[0] if chosen else None
        return chosen

    def default(self) -> Answer:
        """Return the answer taken when nobody answers: the first legal one(s)."""
        if self.kind is PromptKind.YES_NO:
            return False
        if self.kind in (PromptKind.NUMBER, PromptKind.SECRET):
            return int(self.options[0])
        if self.kind is PromptKind.ORDER:
            return self.options
        picked = self.options[: self.minimum]
        if self.maximum == 1 and self.kind is not PromptKind.CARD:
            return picked[0]
        return picked


def _yes_no(raw: object) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if raw in ("yes", "no"):
        return raw == "yes"
    return None


def _strings(raw: object) -> tuple[str, ...] | None:
    if isinstance(raw, str):
        return (raw,)
    if isinstance(raw, (list, tuple)) and all(isinstance(r, str) for r in raw):
        return tuple(raw)
    return None


@dataclass(frozen=True, slots=True)
class Offer:
    """A triggered or window ability ``player`` may use right now."""

    player: str
    label: str
    card: Card | None
    index: int
    ability: Ability


@dataclass(frozen=True, slots=True)
class Response:
    """A player's answer to a window: which offer, with any named targets."""

    offer: Offer
    given: dict[str, object] = field(default_factory=dict)
    token: int = -1


class Decider(Protocol):
    """Who answers prompts and windows (the scenario runner, or nobody)."""

    def answer(self, game: Game, prompt: Prompt) -> object | None:
        """Return a raw answer to ``prompt`` or None to take the default."""
        ...

    def respond(
        self, game: Game, window: str, offers: Sequence[Offer]
    ) -> Response | None:
        """Return the response chosen in a window, or None when all pass.

        It only chooses: it must not change the game (a pass may be logged),
        so an offer it returns is still usable and is not checked again."""
        ...

    def settle(self, response: Response, error: IllegalPlay | None) -> None:
        """Learn whether a response was legal (an answer, not an error)."""
        ...


class _Passing:
    """A decider that answers nothing."""

    def answer(self, game: Game, prompt: Prompt) -> object | None:
        """Take the default."""
        return None

    def respond(
        self, game: Game, window: str, offers: Sequence[Offer]
    ) -> Response | None:
        """Pass."""
        return None

    def settle(self, response: Response, error: IllegalPlay | None) -> None:
        """Nothing to record."""
        return None


def passing_decider() -> Decider:
    """Return a decider that passes every window and takes every default."""
    return _Passing()


def ask(game: Game, prompt: Prompt) -> Answer:
    """Ask one prompt now: record it, get an answer or take the default."""
    game.spend()
    game.record(prompt.player, prompt.window, prompt.options, prompt.title)
    if not prompt.options:
        return prompt.default() if prompt.kind is PromptKind.YES_NO else ()
    raw = game.io.answer(game, prompt)
    answer = prompt.accept(raw) if raw is not None else None
    return prompt.default() if answer is None else answer


class PromptQueue:
    """Prompts waiting to be asked, highest priority first, stable otherwise."""

    # The queue does not hold its game (``drain`` is given it): the game holds
    # its queue, and a reference back would make every game a reference cycle,
    # freed only by the garbage collector, not as soon as nothing uses it.

    def __init__(self) -> None:
        self.pending: list[tuple[int, int, Prompt, Callable[[Answer], None]]] = []
        self._seq = 0

    def push(self, prompt: Prompt, on_answer: Callable[[Answer], None]) -> None:
        """Queue a prompt with the callback that receives its answer."""
        self._seq += 1
        self.pending.append((-prompt.priority, self._seq, prompt, on_answer))

    def drain(self, game: Game) -> None:
        """Ask ``game``'s decider every queued prompt, in priority order (stable
        for equal priority)."""
        while self.pending:
            self.pending.sort(key=lambda item: (item[0], item[1]))
            _, _, prompt, on_answer = self.pending.pop(0)
            on_answer(ask(game, prompt))
