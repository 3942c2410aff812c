"""Synthetic cards for game actions that move things, and several as one."""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine.core.abilities import Target, action, cancel_interrupt
from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.effects import Modify, Until
from oracle.engine.core.events import Event
from oracle.engine.flow.actions import GameAction
from oracle.engine.flow.basic import (
    Cancel,
    GainResource,
    MoveCard,
    discard,
    put_into_play,
)
from oracle.engine.flow.costs import pay_cost
from oracle.engine.flow.effect_actions import LastingMatch
from oracle.engine.flow.moves import (
    DiscardTop,
    MoveTokens,
    ShuffleDeck,
    ShuffleIntoDeck,
    Simultaneously,
    TakeControl,
    TransferResource,
    remove_from_game,
)
from oracle.engine.play.targeting import within_top

THEIR_UNIT = Target(card_type="unit", controller="opponent")


def _event(
    slug: str,
    name: str,
    effect: GameAction,
    targets: Mapping[str, Target] | None = None,
) -> CardDef:
    """An event card played from hand whose effect is one game action."""
    ability = action(
        effect=effect, targets=targets or {}, location="hand", played_to="discard"
    )
    return CardDef(slug, name, "event", abilities=(ability,))


def theirs(event: Event, ctx: Context) -> bool:
    """Another player's event."""
    return event.player != ctx.player.name


def mine_taken(event: Event, ctx: Context) -> bool:
    """Another player's event takes one of this player's cards."""
    card = event.card
    return theirs(event, ctx) and card is not None and card.owner == ctx.player.name


def unit_used(event: Event) -> bool:
    """An ability of a unit card is used (say, to put it into play)."""
    card = event.card
    context = event.context
    return card is not None and context is not None and is_unit(card, context)


def is_unit(card: Card, ctx: Context) -> bool:
    """The card is a unit."""
    return ctx.game.definition(card).type == "unit"


#: The next unit used this phase costs 1 less.
NEXT_UNIT = LastingMatch(
    effect=Modify("cost", -1),
    match=is_unit,
    target_zone="hand",
    until=Until.first_of(
        Until(event="ability", matching=unit_used, words="the next unit is used"),
        Until(period="phase"),
    ),
)

CARDS = (
    _event("mill", "Mill", DiscardTop(player="opponent", amount=2)),
    _event("riffle", "Riffle", ShuffleDeck(player="opponent")),
    _event("banish", "Banish", ShuffleIntoDeck(), {"target": THEIR_UNIT}),
    _event("seduce", "Seduce", TakeControl(), {"target": THEIR_UNIT}),
    _event("tax", "Tax", TransferResource(resource="gold", amount=2)),
    _event(
        "siphon",
        "Siphon",
        MoveTokens(kind="bounty", amount=1, on="target"),
        {
            "target": THEIR_UNIT,
            "destination": Target(card_type="unit", controller="self"),
        },
    ),
    _event(
        "volley",
        "Volley",
        Simultaneously((discard(), GainResource(resource="gold", amount=2)), "volley"),
        {"target": THEIR_UNIT},
    ),
    CardDef(
        "parry",
        "Parry",
        "event",
        abilities=(
            cancel_interrupt(
                {"volley": theirs},
                effect=Cancel(),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    _event("execute", "Execute", discard(saveable=False), {"target": THEIR_UNIT}),
    _event("exile", "Exile", remove_from_game(), {"target": THEIR_UNIT}),
    CardDef(
        "shield",
        "Shield",
        "event",
        abilities=(
            cancel_interrupt(
                {"discard": mine_taken, "remove_from_game": mine_taken},
                effect=Cancel(save=True),
                location="hand",
                played_to="discard",
                message="{player} plays {source} to save {event_card}",
            ),
        ),
    ),
    # Put into play from hand paying its own cost, as effects leave it.
    CardDef(
        "mercenary",
        "Mercenary",
        "unit",
        {"strength": 2, "cost": 2},
        abilities=(
            action(
                location="hand",
                cost=pay_cost("gold"),
                effect=put_into_play("source"),
            ),
        ),
    ),
    _event("haggle", "Haggle", NEXT_UNIT),
    # Search the top 2 cards of one's deck for a unit, then shuffle.
    _event(
        "prospect",
        "Prospect",
        Simultaneously(
            (
                MoveCard(to="hand", from_zones=("deck",), words="takes {card}"),
                ShuffleDeck(),
            ),
            "search",
        ),
        {
            "target": Target(
                card_type="unit",
                zone="deck",
                controller="self",
                predicate=within_top(2),
            )
        },
    ),
)
