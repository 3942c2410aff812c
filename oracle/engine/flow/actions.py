"""Game actions: small composable changes, each answering ``can_affect``.

An ability's legality ("can it be fully resolved", "which targets are legal",
"can it target zero") is computed from its game actions, never special-cased.
Each action resolves as one event per target through the event pipeline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.flow.events import resolve_event

CardRef = str | Callable[[Context], Sequence[Card]] | None
PlayerRef = str | Callable[[Context], Sequence[Player]]
Affectable = Card | Player | Event


def plural(n: int, word: str) -> str:
    """Return ``"1 card"`` / ``"2 cards"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class GameAction:
    """Base of every game action: default targets, legality and resolution."""

    # Subclasses assign it without an annotation, so a dataclass subclass
    # does not take it for a field.
    event_name: ClassVar[str] = "action"
    rules: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """Return the event name this action raises."""
        return self.event_name

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """Return what the action affects when the ability names nothing else."""
        raise NotImplementedError

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """Return whether the action can change ``target`` in this context."""
        raise NotImplementedError

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the event that applies the action to one target."""
        raise NotImplementedError

    def needs_choice(self, ctx: Context) -> bool:
        """Return whether the default targets depend on choices not made yet."""
        return False

    def prepare(self, ctx: Context) -> None:
        """Ask now, before the ability's costs are paid, what this action asks
        its players first (a psi game's bids, as Netrunner orders a use); most
        actions ask nothing."""

    def has_legal_target(self, ctx: Context) -> bool:
        """Return whether the action could fully resolve on its default targets."""
        targets = self.default_targets(ctx)
        return bool(targets) and all(self.can_affect(t, ctx) for t in targets)

    def resolve(
        self, ctx: Context, targets: Sequence[Affectable] | None = None
    ) -> bool:
        """Resolve the action; return True when every targeted event resolved."""
        chosen = self.default_targets(ctx) if targets is None else list(targets)
        resolved = bool(chosen)
        for target in chosen:
            if not self.can_affect(target, ctx):
                resolved = False
                continue
            event = self.make_event(target, ctx)
            resolved = resolve_event(ctx.game, event) and resolved
        return resolved

    def message(self, ctx: Context, text: str) -> str | None:
        """Return the log text of the change (None to stay out of the log)."""
        return text


@dataclass(frozen=True)
class CardAction(GameAction):
    """A game action on cards: ``on`` picks them (default: the chosen target,
    else the source). ``on`` may be "source", "parent", "event", a choice name,
    or a function of the context."""

    on: CardRef = None
    rules: tuple[str, ...] = ()

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """Return the cards the action affects by default."""
        return list(card_refs(self.on, ctx))

    def needs_choice(self, ctx: Context) -> bool:
        """Return whether the cards come from a choice not made yet."""
        if self.on is None:
            return ctx.ability is not None and "target" in ctx.ability.targets
        return isinstance(self.on, str) and self.on not in _FIXED_CARDS

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """Return whether the card exists, is not immune and fits the action."""
        if not isinstance(target, Card) or target.id not in ctx.game.cards:
            return False
        if ctx.game.has_flag(target, f"cannot:{self.name}"):
            return False
        return self.fits(target, ctx)

    def fits(self, card: Card, ctx: Context) -> bool:
        """Return whether this action's own requirement holds for ``card``."""
        return True

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the event applying the action to one card."""
        assert isinstance(target, Card)
        text = f"{ctx.player.name} {self.verb(target, ctx)}"
        return Event(
            self.name,
            player=ctx.player.name,
            card=target,
            change=lambda e: self.apply(target, ctx),
            check=lambda: self.can_affect(target, ctx),
            context=ctx,
            message=self.message(ctx, text),
            rules=self.rules,
        )

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"{self.name.replace('_', ' ')}s {ctx.game.name_of(card)}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Apply the change to one card."""
        raise NotImplementedError


_FIXED_CARDS = ("source", "parent", "event")
_FIXED_PLAYERS = ("self", "opponent", "opponents", "active")


def card_refs(ref: CardRef, ctx: Context) -> tuple[Card, ...]:
    """Resolve a card reference of a game action in a context."""
    if callable(ref):
        return tuple(ref(ctx))
    source = ctx.source
    if ref is None:
        if "target" in ctx.choices:
            return _cards_or_none(ctx, "target")
        return (source,) if source is not None else ()
    if ref == "source":
        return (source,) if source is not None else ()
    if ref == "parent":
        parent = source.parent if source is not None else None
        return (ctx.game.cards[parent],) if parent else ()
    if ref == "event":
        card = ctx.event.card if ctx.event is not None else None
        return (card,) if card is not None else ()
    return _cards_or_none(ctx, ref)


def _cards_or_none(ctx: Context, name: str) -> tuple[Card, ...]:
    value = ctx.choices.get(name)
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, tuple):
        return value
    return ()


def player_refs(ref: PlayerRef, ctx: Context) -> tuple[Player, ...]:
    """Resolve a player reference: self, opponent, opponents, active, a choice."""
    if callable(ref):
        return tuple(ref(ctx))
    game = ctx.game
    if ref == "self":
        return (ctx.player,)
    if ref == "opponent":
        return (ctx.opponent,) if ctx.opponent is not None else ()
    if ref == "opponents":
        return tuple(game.opponents(ctx.player.name))
    if ref == "active":
        return (game.player(game.clock.active_player),)
    value = ctx.choices.get(ref)
    return (value,) if isinstance(value, Player) else ()


@dataclass(frozen=True)
class PlayerAction(GameAction):
    """A game action on players; ``player`` picks them (default: "self")."""

    player: PlayerRef = "self"
    rules: tuple[str, ...] = ()

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """Return the players the action affects by default."""
        return list(player_refs(self.player, ctx))

    def needs_choice(self, ctx: Context) -> bool:
        """Return whether the player comes from a choice not made yet."""
        return isinstance(self.player, str) and self.player not in _FIXED_PLAYERS

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """Return whether the player can be affected by this action."""
        return isinstance(target, Player) and self.fits(target, ctx)

    def fits(self, player: Player, ctx: Context) -> bool:
        """Return whether this action's own requirement holds for ``player``."""
        return True

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the event applying the action to one player."""
        assert isinstance(target, Player)
        return Event(
            self.name,
            player=target.name,
            change=lambda e: self.apply(target, ctx),
            check=lambda: self.can_affect(target, ctx),
            context=ctx,
            params={"actor": ctx.player.name},
            message=self.message(ctx, f"{target.name} {self.verb(target, ctx)}"),
            rules=self.rules,
        )

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return self.name.replace("_", " ")

    def apply(self, player: Player, ctx: Context) -> None:
        """Apply the change to one player."""
        raise NotImplementedError
