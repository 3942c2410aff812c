"""Synthetic cards for cards in play outside ``play`` (the pack's estate),
attachment restrictions, hand events, pack steps and game objects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


def _played(slug: str, name: str, target: Target, **ability: Any) -> CardDef:
    """An event played from hand with one target and what ``ability`` adds."""
    played = action(target=target, location="hand", played_to="discard", **ability)
    return CardDef(slug, name, "event", abilities=(played,))


def _on_card_in_play(slug: str, name: str, act: GameAction) -> CardDef:
    """An event played from hand that resolves ``act`` on a card in play."""
    return _played(slug, name, Target(zone=IN_PLAY, action=act))


def _attachment(
    slug: str, name: str, attach_to: Callable[[Card, Context], bool] | None = None
) -> CardDef:
    """An attachment whose ability attaches it to any card in play."""
    attach = action(target=Target(zone=IN_PLAY), effect=Attach(), location="hand")
    return CardDef(slug, name, "attachment", abilities=(attach,), attach_to=attach_to)


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
    _on_card_in_play("bow", "Bow", Exhaust()),
    _on_card_in_play("rouse", "Rouse", Ready()),
    _on_card_in_play("tithe", "Tithe", AddTokens(kind="gold")),
    _attachment("pennant", "Pennant"),
    # Its ability's target takes any card in play: the card itself restricts
    # what it may be attached to, whoever attaches it.
    _attachment("crest", "Crest", attach_to=a_unit),
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
    _played("sleight", "Sleight", Target(card_type="unit"), handler=pocket),
    # Answer a pack's own step: its period's start and end, and an event of
    # the pack's own (``sundown``) that only a pack raises.
    _reacts("lookout", "Lookout", "period_start", combat_round),
    _reacts("bugler", "Bugler", "period_end", combat_round),
    _reacts("lamplighter", "Lamplighter", "sundown", any_event),
    # A ring: a game object that is not a card, which a pack models as a
    # component card of a shared zone it counts in play (``rings``).
    CardDef("air-ring", "Air Ring", "ring", {"bonus": 1}),
    _played(
        "invocation",
        "Invocation",
        Target(card_type="ring", zone="rings"),
        effect=(
            AddTokens(kind="fate"),
            CardLasting(
                effect=Modify("bonus", 2), until=Until(period="round"), zones=("rings",)
            ),
        ),
    ),
)
