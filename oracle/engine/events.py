"""Events and the fixed pipeline every event resolves through.

``resolve_event`` runs, in this order (``PIPELINE``):

1. cancel window: cancel-interrupts ("when X would happen") may cancel; after
   each response the window looks again, so a cancel can itself be answered;
2. forced interrupts, ordered per controller;
3. interrupts (players respond in seat order from the active player);
4. the change itself (skipped if cancelled, or fizzled if no longer legal);
   persistent effects are recomputed and "until <event>" effects expire;
5. forced reactions;
6. reactions; then the event's then-callbacks.

Events raised inside a step resolve depth-first, bounded by the depth budget.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from oracle.engine.cards import Card
from oracle.engine.effects import recompute
from oracle.engine.errors import EngineStop

if TYPE_CHECKING:
    from oracle.engine.context import Context
    from oracle.engine.game import Game

Window = Callable[["Game", "Event"], None]

PIPELINE = (
    "cancel",
    "forced_interrupt",
    "interrupt",
    "change",
    "forced_reaction",
    "reaction",
)


# Interpreted subclasses allowed: only then can ``deepcopy`` (``Game.copy``)
# make a compiled event without calling ``__init__``.
class Event:
    """Something that happens: a name, who and what it involves, and the change.

    ``change`` applies the change; ``check`` (optional) tells whether the change is
    still possible when its turn comes. ``cancel()`` stops it in its windows.
    """

    __slots__ = (
        "cancelled",
        "card",
        "change",
        "check",
        "context",
        "message",
        "name",
        "params",
        "player",
        "resolved",
        "rules",
        "then",
        "used",
    )

    def __init__(
        self,
        name: str,
        *,
        player: str | None = None,
        card: Card | None = None,
        params: dict[str, object] | None = None,
        change: Callable[[Event], None] | None = None,
        check: Callable[[], bool] | None = None,
        message: str | None = None,
        rules: Iterable[str] = (),
        context: Context | None = None,
    ) -> None:
        self.name = name
        self.player = player
        self.card = card
        self.params: dict[str, object] = params or {}
        self.change = change
        self.check = check
        self.message = message
        self.rules = tuple(rules)
        self.context = context
        self.cancelled = False
        self.resolved = False
        self.used: set[tuple[str, int]] = set()
        self.then: list[Callable[[], None]] = []

    def cancel(self) -> None:
        """Mark the event cancelled: its change and reactions will not happen."""
        self.cancelled = True

    def param(self, key: str) -> object:
        """Return a parameter of the event (None if absent)."""
        return self.params.get(key)

    def __repr__(self) -> str:
        return f"Event({self.name!r}, player={self.player!r})"


def resolve_event(game: Game, event: Event) -> bool:
    """Resolve ``event`` through the pipeline; return whether its change happened."""
    game.spend()
    if len(game.event_stack) >= game.budget.depth:
        raise EngineStop(
            "depth-budget",
            f"events nest deeper than the budget of {game.budget.depth}",
        )
    game.event_stack.append(event)
    try:
        _run(game, event)
    finally:
        game.event_stack.pop()
    return event.resolved


@functools.cache
def _windows() -> tuple[Window, Window]:
    """``windows.before`` and ``windows.after``, imported on first use (the
    windows module imports this one). Every event opens them, and an import
    statement run on each call costs more than a window nobody answers."""
    from oracle.engine import windows

    return windows.before, windows.after


def _run(game: Game, event: Event) -> None:
    before, after = _windows()
    before(game, event)
    if event.cancelled or (event.check is not None and not event.check()):
        return
    if event.change is not None:
        event.change(event)
    event.resolved = True
    if event.message:
        cards = (event.card.id,) if event.card else ()
        game.say(
            event.player,
            event.message,
            event=event.name,
            cards=cards,
            rules=event.rules,
        )
    recompute(game)
    if game.lasting:  # mostly none: no call
        _expire_until(game, event.name)
    after(game, event)
    for callback in event.then:
        callback()


def _expire_until(game: Game, name: str) -> None:
    kept = [e for e in game.lasting if e.until.event != name]
    if len(kept) != len(game.lasting):
        game.lasting = kept
        recompute(game)
