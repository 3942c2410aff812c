"""Synthetic cards for cards in play outside ``play`` (the pack's estate),
attachment restrictions, hand events, pack steps and game objects."""

from __future__ import annotations

from oracle.engine.core.abilities import Target, action
from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.effects import Modify, Until
from oracle.engine.core.events import Event
from oracle.engine.core.game import HAND
from oracle.engine.flow.actions import GameAction
from oracle.engine.flow.basic import AddTokens, Attach, CardLasting, Exhaust, Ready

from .event_cards import _reacts
from .event_cards import a_unit as unit_moved

#: Cards in play: the core zone and the zone the synthetic pack adds.
IN_PLAY = ("play", "estate")


def _event(slug: str, name: str, act: GameAction) -> CardDef:
    """An event played from hand that resolves ``act`` on a card in play."""
    ability = action(
        target=Target(zone=IN_PLAY, action=act),
        location="hand",
        played_to="discard",
    )
    return CardDef(slug, name, "event", abilities=(ability,))


def a_unit(card: Card, ctx: Context) -> bool:
    """The card is a unit."""
    return ctx.game.definition(card).type == "unit"


def pocket(ctx: Context) -> None:
    """Move the chosen card to its owner's hand with the handler's own
    ``Game.move``, no game action: the move still raises its events."""
    card = ctx.card()
    ctx.game.move(card, HAND, card.owner)


def combat_round(event: Event, ctx: Context) -> bool:
    """The pack's combat round (a pack period) begins or ends."""
    return event.param("period") == "combat_round"


def any_event(event: Event, ctx: Context) -> bool:
    """Any occurrence of the event."""
    return True


CARDS = (
    _event("bow", "Bow", Exhaust()),
    _event("rouse", "Rouse", Ready()),
    _event("tithe", "Tithe", AddTokens(kind="gold")),
    CardDef(
        "pennant",
        "Pennant",
        "attachment",
        abilities=(
            action(target=Target(zone=IN_PLAY), effect=Attach(), location="hand"),
        ),
    ),
    # Its ability's target takes any card in play: the card itself restricts
    # what it may be attached to, whoever attaches it.
    CardDef(
        "crest",
        "Crest",
        "attachment",
        abilities=(
            action(target=Target(zone=IN_PLAY), effect=Attach(), location="hand"),
        ),
        attach_to=a_unit,
    ),
    # Attaches an attachment from its player's hand to a card in play.
    CardDef(
        "armourer",
        "Armourer",
        "unit",
        abilities=(
            action(
                targets={
                    "gear": Target(card_type="attachment", zone="hand"),
                    "target": Target(zone=IN_PLAY),
                },
                effect=Attach(on="gear"),
            ),
        ),
    ),
    _reacts("porter", "Porter", "enters_hand", unit_moved),
    _reacts("gleaner", "Gleaner", "leaves_hand", unit_moved),
    CardDef(
        "sleight",
        "Sleight",
        "event",
        abilities=(
            action(
                target=Target(card_type="unit"),
                handler=pocket,
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    # Answer a pack's own step: its period's start and end, and an event of
    # the pack's own (``sundown``) that only a pack raises.
    _reacts("lookout", "Lookout", "period_start", combat_round),
    _reacts("bugler", "Bugler", "period_end", combat_round),
    _reacts("lamplighter", "Lamplighter", "sundown", any_event),
    # A ring: a game object that is not a card, which a pack models as a
    # component card of a shared zone it counts in play (``rings``).
    CardDef("air-ring", "Air Ring", "ring", {"bonus": 1}),
    CardDef(
        "invocation",
        "Invocation",
        "event",
        abilities=(
            action(
                target=Target(card_type="ring", zone="rings"),
                effect=(
                    AddTokens(kind="fate"),
                    CardLasting(
                        effect=Modify("bonus", 2),
                        until=Until(period="round"),
                        zones=("rings",),
                    ),
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
)
