"""The basic game actions every pack can compose (cards, players, effects)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Amount, Context, amount_of
from oracle.engine.core.events import Event
from oracle.engine.core.game import DECK, DISCARD, HAND, PLAY
from oracle.engine.flow.actions import (
    Affectable,
    CardAction,
    CardRef,
    PlayerAction,
    plural,
)
from oracle.engine.flow.effect_actions import (
    AtEndOf,
    Cancel,
    CardLasting,
    LastingMatch,
    PlayerLasting,
    ResetAbilities,
    describe_event,
)


def in_play(card: Card, ctx: Context) -> bool:
    """Return whether the card is in play: in ``play`` or a zone the pack
    counts as in play (``Pack(in_play_zones=...)``: provinces, holdings)."""
    return card.zone in ctx.game.pack.in_play_zones


@dataclass(frozen=True)
class Exhaust(CardAction):
    """Exhaust (bow, boot) a ready card in play."""

    event_name = "exhaust"

    def fits(self, card: Card, ctx: Context) -> bool:
        """A card must be in play and ready."""
        return in_play(card, ctx) and not card.exhausted

    def apply(self, card: Card, ctx: Context) -> None:
        """Exhaust the card."""
        card.exhausted = True


@dataclass(frozen=True)
class Ready(CardAction):
    """Ready an exhausted card in play."""

    event_name = "ready"

    def fits(self, card: Card, ctx: Context) -> bool:
        """A card must be in play and exhausted."""
        return in_play(card, ctx) and card.exhausted

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"readies {ctx.game.name_of(card)}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Ready the card."""
        card.exhausted = False


@dataclass(frozen=True)
class MoveCard(CardAction):
    """Move a card from one of ``from_zones`` to ``to`` (its owner's, or shared).

    ``event`` names the event; ``words`` is the log text after the player's
    name, with ``{card}`` for the card's name.
    """

    to: str = DISCARD
    from_zones: tuple[str, ...] = (HAND, PLAY)
    event: str = "move"
    words: str = "moves {card}"
    top: bool = False
    saveable: bool = True

    @property
    def name(self) -> str:
        """Return the event name this action raises."""
        return self.event

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the event; one that cannot be saved says so in its params
        (``saveable``: False), which a save (``Cancel(save=True)``) reads."""
        event = super().make_event(target, ctx)
        if not self.saveable:
            event.params["saveable"] = False
        return event

    def fits(self, card: Card, ctx: Context) -> bool:
        """The card must be in one of the origin zones."""
        return card.zone in self.from_zones

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return self.words.format(card=ctx.game.name_of(card))

    def apply(self, card: Card, ctx: Context) -> None:
        """Move the card."""
        player = ctx.player.name if self.to == PLAY else card.owner
        ctx.game.move(card, self.to, player, top=self.top)
        if self.to == PLAY:
            card.controller = ctx.player.name


def discard(
    on: CardRef = None,
    *,
    rules: tuple[str, ...] = (),
    to: str = DISCARD,
    saveable: bool = True,
) -> MoveCard:
    """Discard a card from hand or play (``saveable=False``: no save stops it)."""
    return MoveCard(
        on=on,
        rules=rules,
        to=to,
        event="discard",
        words="discards {card}",
        saveable=saveable,
    )


def return_to_hand(on: CardRef = None, *, rules: tuple[str, ...] = ()) -> MoveCard:
    """Return a card in play or in discard to its owner's hand."""
    return MoveCard(
        on=on,
        rules=rules,
        to=HAND,
        from_zones=(PLAY, DISCARD),
        event="return_to_hand",
        words="returns {card} to hand",
    )


def put_into_play(on: CardRef = None, *, rules: tuple[str, ...] = ()) -> MoveCard:
    """Put a card from hand, discard or deck into play under the acting player."""
    return MoveCard(
        on=on,
        rules=rules,
        to=PLAY,
        from_zones=(HAND, DISCARD, DECK),
        event="put_into_play",
        words="puts {card} into play",
    )


@dataclass(frozen=True)
class _Tokens(CardAction):
    """Shared fields of the token actions: ``amount`` tokens of ``kind``."""

    kind: str = "power"
    amount: Amount = 1

    def count(self, ctx: Context) -> int:
        """Return how many tokens move."""
        return amount_of(self.amount, ctx)

    def tokens(self, ctx: Context) -> str:
        """Return the tokens in words."""
        return plural(self.count(ctx), self.kind + " token")

    def put(self, card: Card, total: int) -> None:
        """Set the card's count of ``kind`` tokens (dropping zero)."""
        if total:
            card.tokens[self.kind] = total
        else:
            card.tokens.pop(self.kind, None)


@dataclass(frozen=True)
class AddTokens(_Tokens):
    """Place ``amount`` tokens of ``kind`` on a card in play."""

    event_name = "add_tokens"

    def fits(self, card: Card, ctx: Context) -> bool:
        """Tokens go on cards in play."""
        return in_play(card, ctx) and self.count(ctx) > 0

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"places {self.tokens(ctx)} on {ctx.game.name_of(card)}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Add the tokens."""
        self.put(card, card.token_count(self.kind) + self.count(ctx))


@dataclass(frozen=True)
class RemoveTokens(_Tokens):
    """Remove ``amount`` tokens of ``kind`` from a card (all must be there)."""

    event_name = "remove_tokens"

    def fits(self, card: Card, ctx: Context) -> bool:
        """The card must carry enough tokens."""
        return 0 < self.count(ctx) <= card.token_count(self.kind)

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"removes {self.tokens(ctx)} from {ctx.game.name_of(card)}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Remove the tokens."""
        self.put(card, card.token_count(self.kind) - self.count(ctx))


@dataclass(frozen=True)
class Attach(CardAction):
    """Attach a card (default: the source) to the card chosen as ``to``."""

    event_name = "attach"

    to: str = "target"

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """By default the source card is the one attached."""
        return (
            [ctx.source]
            if self.on is None and ctx.source
            else super().default_targets(ctx)
        )

    def fits(self, card: Card, ctx: Context) -> bool:
        """The new parent must be another card in play that the card's own
        restriction (``CardDef.attach_to``) accepts."""
        parent = ctx.choices.get(self.to)
        return (
            isinstance(parent, Card)
            and in_play(parent, ctx)
            and parent is not card
            and may_attach(card, parent, ctx)
        )

    def resolve(
        self, ctx: Context, targets: Sequence[Affectable] | None = None
    ) -> bool:
        """Resolve the action, saying so when the card's own restriction
        refuses the chosen parent (rather than doing nothing silently)."""
        chosen = self.default_targets(ctx) if targets is None else targets
        parent = ctx.choices.get(self.to)
        if isinstance(parent, Card):
            game = ctx.game
            for card in chosen:
                if isinstance(card, Card) and not may_attach(card, parent, ctx):
                    game.say(
                        ctx.player.name,
                        f"{ctx.player.name} cannot attach {game.name_of(card)} "
                        f"to {game.name_of(parent)}: {game.name_of(card)} does "
                        "not allow it",
                        event="attach",
                        cards=(card.id, parent.id),
                        rules=self.rules,
                    )
        return super().resolve(ctx, targets)

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        parent = ctx.card(self.to)
        return f"attaches {ctx.game.name_of(card)} to {ctx.game.name_of(parent)}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Move the card into play and hang it under its parent."""
        parent = ctx.card(self.to)
        ctx.game.move(card, PLAY, parent.controller)
        card.controller = ctx.player.name
        card.parent = parent.id
        parent.attachments.append(card.id)


def may_attach(card: Card, parent: Card, ctx: Context) -> bool:
    """Return whether ``card``'s definition lets it be attached to ``parent``
    by ``ctx.player``: every way of attaching a card asks this."""
    rule = ctx.game.definition(card).attach_to
    if rule is None:
        return True
    return rule(parent, ctx if ctx.source is card else replace(ctx, source=card))


@dataclass(frozen=True)
class Draw(PlayerAction):
    """Draw ``amount`` cards from a deck (the player's, or a shared ``deck``)."""

    event_name = "draw"

    amount: Amount = 1
    deck: str = DECK

    def _deck(self, player: Player, ctx: Context) -> list[str]:
        game = ctx.game
        return game.zone(self.deck, None if self.deck in game.shared else player.name)

    def fits(self, player: Player, ctx: Context) -> bool:
        """There must be a card to draw."""
        return bool(self._deck(player, ctx))

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        n = min(amount_of(self.amount, ctx), len(self._deck(player, ctx)))
        return f"draws {plural(n, 'card')}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Move cards from the top of the deck to the hand, as many as there are."""
        game = ctx.game
        for _ in range(amount_of(self.amount, ctx)):
            deck = self._deck(player, ctx)
            if not deck:
                break
            game.move(game.cards[deck[0]], HAND, player.name)


@dataclass(frozen=True)
class GainResource(PlayerAction):
    """Give a player ``amount`` of a resource."""

    event_name = "gain"

    resource: str = "credit"
    amount: Amount = 1

    def fits(self, player: Player, ctx: Context) -> bool:
        """Gaining nothing is not a change."""
        return amount_of(self.amount, ctx) > 0

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"gains {quantity(amount_of(self.amount, ctx), self.resource)}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Add the resource."""
        gained = player.resource(self.resource) + amount_of(self.amount, ctx)
        player.resources[self.resource] = gained


@dataclass(frozen=True)
class LoseResource(PlayerAction):
    """Take ``amount`` of a resource from a player who has it all (paying)."""

    event_name = "spend"

    resource: str = "credit"
    amount: Amount = 1
    words: str = "pays"

    def fits(self, player: Player, ctx: Context) -> bool:
        """The player must hold the whole amount."""
        n = amount_of(self.amount, ctx)
        return n >= 0 and player.resource(self.resource) >= n

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"{self.words} {quantity(amount_of(self.amount, ctx), self.resource)}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Remove the resource."""
        left = player.resource(self.resource) - amount_of(self.amount, ctx)
        player.resources[self.resource] = left


def quantity(amount: int, resource: str) -> str:
    """Word an amount of a resource as named by the pack (``3 trade goods``)."""
    return f"{amount} {resource.replace('_', ' ')}"


__all__ = [
    "AddTokens",
    "AtEndOf",
    "Attach",
    "Cancel",
    "CardLasting",
    "Draw",
    "Exhaust",
    "GainResource",
    "LastingMatch",
    "LoseResource",
    "MoveCard",
    "PlayerLasting",
    "Ready",
    "RemoveTokens",
    "ResetAbilities",
    "describe_event",
    "discard",
    "in_play",
    "may_attach",
    "put_into_play",
    "quantity",
    "return_to_hand",
]
