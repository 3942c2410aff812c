"""Game locations: where a card in play stands, what is adjacent, moving.

Locations are cards in play (a town square, a deed, a player's home) whose
types a pack's ``Town`` names; a card's location is the id of one of them,
kept in its ``data["location"]`` (shown in results with the pack's data). A
card that has never moved stands at its controller's home. Adjacency is the
pack's function, or by default the hub rule: the hub (the town square) is
adjacent to every location, and no two others are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.game import Game
from oracle.engine.flow.actions import CardAction

LOCATION = "location"


@dataclass(frozen=True)
class Town:
    """The locations of a game: card ``types`` that are locations, the
    ``hub`` slug adjacent to all, the ``home`` type, or ``adjacent``."""

    types: frozenset[str] = frozenset({"home", "deed", "street"})
    hub: str | None = None
    home: str = "home"
    adjacent: Callable[[Game, Card, Card], bool] | None = None

    def is_location(self, game: Game, card: Card) -> bool:
        """Return whether ``card`` is a location in play."""
        in_play = card.zone in game.pack.in_play_zones
        return in_play and game.definition(card).type in self.types

    def home_of(self, game: Game, player: str) -> Card | None:
        """Return the home of ``player`` (the first in play), or None."""
        for card in game.cards_in("play", player):
            if game.definition(card).type == self.home and card.controller == player:
                return card
        return None

    def location_of(self, game: Game, card: Card) -> Card | None:
        """Return where a card in play stands (its controller's home if it has
        not moved), or None."""
        at = card.data.get(LOCATION)
        if isinstance(at, str) and at in game.cards:
            place = game.cards[at]
            if self.is_location(game, place):
                return place
        return self.home_of(game, card.controller)

    def adjacent_to(self, name: str = "target") -> Callable[[Card, Context], bool]:
        """Return a target predicate: a location adjacent to where the card
        chosen as ``name`` stands (declare that target first: before it is
        chosen, as when the ability's legality is checked, any location)."""

        def adjacent(place: Card, ctx: Context) -> bool:
            if not self.is_location(ctx.game, place):
                return False
            mover = ctx.choices.get(name)
            if not isinstance(mover, Card):
                return True
            here = self.location_of(ctx.game, mover)
            return here is not None and self.are_adjacent(ctx.game, here, place)

        return adjacent

    def are_adjacent(self, game: Game, a: Card, b: Card) -> bool:
        """Return whether two locations are adjacent (never a place to itself)."""
        if a is b:
            return False
        if self.adjacent is not None:
            return self.adjacent(game, a, b)
        return self.hub is not None and self.hub in (a.slug, b.slug)


@dataclass(frozen=True)
class MoveTo(CardAction):
    """Move a card in play to the location chosen as ``to`` (one adjacent to
    where it stands when ``adjacent_only``); ``exhausts`` the card too when set."""

    event_name = "move_location"

    town: Town = Town()
    to: str = "destination"
    adjacent_only: bool = False
    exhausts: bool = False

    def fits(self, card: Card, ctx: Context) -> bool:
        """A card in play, not a location, going to another location."""
        game, town = ctx.game, self.town
        there = ctx.choices.get(self.to)
        if not isinstance(there, Card) or not town.is_location(game, there):
            return False
        if card.zone not in game.pack.in_play_zones or town.is_location(game, card):
            return False
        here = town.location_of(game, card)
        if here is there:
            return False
        return not self.adjacent_only or (
            here is not None and town.are_adjacent(game, here, there)
        )

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        there = ctx.game.name_of(ctx.card(self.to))
        return f"moves {ctx.game.name_of(card)} to {there}"

    def apply(self, card: Card, ctx: Context) -> None:
        """Set the card's location."""
        card.data[LOCATION] = ctx.card(self.to).id
        if self.exhausts:
            card.exhausted = True


@dataclass(frozen=True)
class SendHome(CardAction):
    """Send a card in play to its controller's home, exhausted (``exhausts``)."""

    event_name = "send_home"

    town: Town = Town()
    exhausts: bool = True

    def fits(self, card: Card, ctx: Context) -> bool:
        """A card in play with a home, not already there and exhausted."""
        game, town = ctx.game, self.town
        if card.zone not in game.pack.in_play_zones or town.is_location(game, card):
            return False
        home = town.home_of(game, card.controller)
        if home is None:
            return False
        at_home = town.location_of(game, card) is home
        return not at_home or (self.exhausts and not card.exhausted)

    def verb(self, card: Card, ctx: Context) -> str:
        """Return the log text after the player's name."""
        return f"sends {ctx.game.name_of(card)} home"

    def apply(self, card: Card, ctx: Context) -> None:
        """Move the card home and exhaust it."""
        home = self.town.home_of(ctx.game, card.controller)
        assert home is not None
        card.data[LOCATION] = home.id
        if self.exhausts:
            card.exhausted = True


__all__ = ["LOCATION", "MoveTo", "SendHome", "Town"]
