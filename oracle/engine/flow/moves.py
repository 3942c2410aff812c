"""Game actions that move things between holders, and several actions as one.

Discard the top cards of a deck, shuffle a deck, shuffle a card into its
owner's deck, take
control of a card, move tokens from one card to another, give a resource from
one player to another: each one action, one event. ``Simultaneously`` resolves
several game actions as a single event, so one cancel window and one reaction
window answer them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Amount, Context, amount_of
from oracle.engine.core.events import Event
from oracle.engine.core.game import DECK, DISCARD, HAND, PLAY
from oracle.engine.flow.actions import (
    Affectable,
    CardAction,
    CardRef,
    GameAction,
    PlayerAction,
    PlayerRef,
    player_refs,
    plural,
)
from oracle.engine.flow.basic import MoveCard, _Tokens, quantity
from oracle.engine.flow.events import announce_moves, take_moves


@dataclass(frozen=True)
class DiscardTop(PlayerAction):
    """Discard the top ``amount`` cards of a player's deck (as many as there are)."""

    event_name = "discard_top"

    amount: Amount = 1

    def fits(self, player: Player, ctx: Context) -> bool:
        """There must be a card to discard."""
        return bool(player.zones[DECK]) and amount_of(self.amount, ctx) > 0

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        n = min(amount_of(self.amount, ctx), len(player.zones[DECK]))
        return f"discards the top {plural(n, 'card')} of their deck"

    def apply(self, player: Player, ctx: Context) -> None:
        """Move the top cards, one by one, to the owner's discard pile."""
        game = ctx.game
        for card_id in player.zones[DECK][: amount_of(self.amount, ctx)]:
            game.move(game.cards[card_id], DISCARD, player.name)


@dataclass(frozen=True)
class ShuffleDeck(PlayerAction):
    """Shuffle a player's deck with the game's seeded RNG."""

    event_name = "shuffle"

    def fits(self, player: Player, ctx: Context) -> bool:
        """There must be a deck to shuffle."""
        return bool(player.zones[DECK])

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return "shuffles their deck"

    def apply(self, player: Player, ctx: Context) -> None:
        """Shuffle."""
        ctx.game.shuffle(DECK, player.name)


@dataclass(frozen=True)
class ShuffleIntoDeck(CardAction):
    """Put a card into its owner's deck and shuffle that deck (one action)."""

    event_name = "shuffle_into_deck"

    from_zones: tuple[str, ...] = (HAND, PLAY, DISCARD)

    def fits(self, card: Card, ctx: Context) -> bool:
        """The card must be in one of the origin zones."""
        return card.zone in self.from_zones

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"shuffles {ctx.game.name_of(card)} into {card.owner}'s deck"

    def apply(self, card: Card, ctx: Context) -> None:
        """Move the card, then shuffle with the game's seeded RNG."""
        ctx.game.move(card, DECK, card.owner)
        ctx.game.shuffle(DECK, card.owner)


def remove_from_game(
    on: CardRef = None,
    *,
    to: str = "removed",
    rules: tuple[str, ...] = (),
    saveable: bool = True,
) -> MoveCard:
    """Remove a card in hand, play or a discard pile from the game: to ``to``,
    a zone of the pack's that nothing takes cards from (ace, boot hill)."""
    return MoveCard(
        on=on,
        rules=rules,
        to=to,
        from_zones=(HAND, PLAY, DISCARD),
        event="remove_from_game",
        words="removes {card} from the game",
        saveable=saveable,
    )


@dataclass(frozen=True)
class TakeControl(CardAction):
    """The acting player takes control of a card another player controls in play.

    The card moves to the new controller's side of its zone and keeps its
    state (exhausted, tokens, attachments).
    """

    event_name = "take_control"

    def fits(self, card: Card, ctx: Context) -> bool:
        """A card in play that the acting player does not control yet."""
        in_play = card.zone in ctx.game.pack.in_play_zones
        return in_play and card.controller != ctx.player.name

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"takes control of {ctx.game.name_of(card)}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Change the controller, moving the card between sides of the zone."""
        game, name = ctx.game, ctx.player.name
        if card.zone_player is not None and card.zone_player != name:
            game.zone(card.zone, card.zone_player).remove(card.id)
            game.zone(card.zone, name).append(card.id)
            card.zone_player = name
        card.controller = name


@dataclass(frozen=True)
class MoveTokens(_Tokens):
    """Move ``amount`` tokens of ``kind`` from a card to the card chosen as ``to``."""

    event_name = "move_tokens"

    to: str = "destination"

    def fits(self, card: Card, ctx: Context) -> bool:
        """The card holds them all; the destination is another card in play."""
        there = ctx.choices.get(self.to)
        return (
            0 < self.count(ctx) <= card.token_count(self.kind)
            and isinstance(there, Card)
            and there.zone in ctx.game.pack.in_play_zones
            and there is not card
        )

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        there = ctx.game.name_of(ctx.card(self.to))
        return f"moves {self.tokens(ctx)} from {ctx.game.name_of(card)} to {there}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Take the tokens off one card and put them on the other."""
        n, there = self.count(ctx), ctx.card(self.to)
        self.put(card, card.token_count(self.kind) - n)
        self.put(there, there.token_count(self.kind) + n)


@dataclass(frozen=True)
class TransferResource(PlayerAction):
    """``player`` (default: the opponent) gives ``amount`` of a resource to
    ``to`` (default: the acting player), who gains exactly what is given."""

    event_name = "transfer"

    player: PlayerRef = "opponent"
    to: PlayerRef = "self"
    resource: str = "credit"
    amount: Amount = 1

    def _receivers(self, ctx: Context) -> tuple[Player, ...]:
        return player_refs(self.to, ctx)

    def fits(self, player: Player, ctx: Context) -> bool:
        """The giver holds the whole amount, and one other player receives it."""
        n = amount_of(self.amount, ctx)
        receivers = self._receivers(ctx)
        return (
            0 < n <= player.resource(self.resource)
            and len(receivers) == 1
            and receivers[0] is not player
        )

    def verb(self, player: Player, ctx: Context) -> str:
        """Return the log text after the giver's name."""
        amount = quantity(amount_of(self.amount, ctx), self.resource)
        return f"gives {amount} to {self._receivers(ctx)[0].name}"

    def apply(self, player: Player, ctx: Context) -> None:
        """Take the amount from the giver and give it to the receiver."""
        n, receiver = amount_of(self.amount, ctx), self._receivers(ctx)[0]
        player.resources[self.resource] = player.resource(self.resource) - n
        receiver.resources[self.resource] = receiver.resource(self.resource) + n


@dataclass(frozen=True)
class Simultaneously(GameAction):
    """Resolve several game actions as one event named ``event``.

    Its cancel window cancels them all; its reactions see them all done. The
    parts change the game one after another inside that one change, each on
    its own default targets it can affect (the rest are left out), and each
    logs its own line; the event's ``params["parts"]`` counts the parts
    that changed something; a part that moves its card into or out of play
    raises ``enters_play``/``leaves_play`` once all are done. Fully
    resolvable when every part is.
    """

    actions: tuple[GameAction, ...] = ()
    event: str = "simultaneous"
    rules: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """Return the event name this action raises."""
        return self.event

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """The acting player: the one event is theirs."""
        return [ctx.player]

    def needs_choice(self, ctx: Context) -> bool:
        """Whether a part's targets depend on choices not made yet."""
        return any(action.needs_choice(ctx) for action in self.actions)

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """At least one part can change something."""
        return any(self._parts(ctx))

    def has_legal_target(self, ctx: Context) -> bool:
        """Every part could fully resolve."""
        return all(action.has_legal_target(ctx) for action in self.actions)

    def _parts(self, ctx: Context) -> list[Event]:
        return [
            action.make_event(target, ctx)
            for action in self.actions
            if isinstance(action, GameAction)
            for target in action.default_targets(ctx)
            if action.can_affect(target, ctx)
        ]

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the one event whose change applies every part."""
        return Event(
            self.name,
            player=ctx.player.name,
            change=lambda e: self._apply(e, ctx),
            check=lambda: self.can_affect(target, ctx),
            context=ctx,
            rules=self.rules,
        )

    def _apply(self, event: Event, ctx: Context) -> None:
        game = ctx.game
        parts = self._parts(ctx)  # every part checked before any changes
        # The moves of each part: a part that takes a card into or out of
        # play or a hand raises the usual notice once all parts are done.
        moved = []
        for part in parts:
            if part.change is not None:
                mark = len(game.moved)
                part.change(part)
                moved.append((part, take_moves(game, mark)))
            if part.message:
                cards = (part.card.id,) if part.card else ()
                ctx.game.say(
                    part.player,
                    part.message,
                    event=part.name,
                    cards=cards,
                    rules=part.rules,
                )
        event.params["parts"] = len(parts)
        for part, moves in moved:
            announce_moves(game, part, moves)

    def resolve(
        self, ctx: Context, targets: Sequence[Affectable] | None = None
    ) -> bool:
        """Resolve the one event."""
        return super().resolve(ctx, [ctx.player])
