"""Events: something that happens, with the change it makes.

An event is resolved through the fixed pipeline of ``oracle.engine.flow.events``;
while it resolves, it records whether it was cancelled or resolved and which
abilities answered it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card

if TYPE_CHECKING:
    from oracle.engine.core.context import Context


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
