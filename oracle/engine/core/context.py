"""The context an ability, effect or game action runs in."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card, Player

if TYPE_CHECKING:
    from oracle.engine.core.abilities import Ability
    from oracle.engine.core.events import Event
    from oracle.engine.core.game import Game

Choice = Card | Player | str | int | bool | tuple[Card, ...]
Amount = int | Callable[["Context"], int]


def amount_of(amount: Amount, ctx: Context) -> int:
    """Evaluate a fixed or dynamic (computed from the context) amount."""
    return amount if isinstance(amount, int) else amount(ctx)


@dataclass(slots=True, eq=False)
class Context:
    """Who does what with which card: passed to every predicate and handler.

    ``choices`` holds chosen targets by name (a single ``target`` is named
    ``"target"``); the typed accessors read them back. ``legal`` holds the
    legal choices of the ability's first target as its legality check found
    them (``resolver.refusal``), for ``resolver.use`` to offer as they are.
    Compared by identity: nothing compares two contexts.
    """

    game: Game
    player: Player
    source: Card | None = None
    ability: Ability | None = None
    event: Event | None = None
    choices: dict[str, Choice] = field(default_factory=dict)
    data: dict[str, object] = field(default_factory=dict)
    legal: Sequence[Choice] | None = None

    @property
    def opponent(self) -> Player | None:
        """Return the next other player in seat order, if any."""
        others = self.game.opponents(self.player.name)
        return others[0] if others else None

    def card(self, name: str = "target") -> Card:
        """Return the single card chosen as ``name``."""
        value = self.choices[name]
        if isinstance(value, tuple) and len(value) == 1:
            value = value[0]
        if not isinstance(value, Card):
            raise TypeError(f"choice {name!r} is not a card")
        return value

    def cards(self, name: str = "target") -> tuple[Card, ...]:
        """Return the cards chosen as ``name`` (possibly none)."""
        value = self.choices.get(name, ())
        if isinstance(value, Card):
            return (value,)
        if isinstance(value, tuple):
            return value
        raise TypeError(f"choice {name!r} is not a set of cards")

    def chosen_player(self, name: str = "target") -> Player:
        """Return the player chosen as ``name``."""
        value = self.choices[name]
        if not isinstance(value, Player):
            raise TypeError(f"choice {name!r} is not a player")
        return value

    def option(self, name: str = "target") -> str:
        """Return the option chosen as ``name``."""
        value = self.choices[name]
        if not isinstance(value, str):
            raise TypeError(f"choice {name!r} is not an option")
        return value

    def number(self, name: str = "target") -> int:
        """Return the number chosen as ``name``."""
        value = self.choices[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"choice {name!r} is not a number")
        return value

    def derive(
        self, *, source: Card | None = None, player: Player | None = None
    ) -> Context:
        """Return a fresh context for the same game, keeping the event."""
        return Context(
            self.game,
            player or self.player,
            source if source is not None else self.source,
            self.ability,
            self.event,
        )
