"""Sabotage: when another player plays an action card other than Sabotage,
cancel that card."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.flow.effect_actions import Cancel
from oracle.games.ti4 import cite
from oracle.games.ti4.cards.common import plays_action_card, response_card


def _other_card_played(event: Event, ctx: Context) -> bool:
    card = event.card
    return (
        plays_action_card(event, ctx) and card is not None and card.slug != "sabotage"
    )


CARD = response_card(
    "sabotage",
    "Sabotage",
    AbilityKind.CANCEL,
    {"play": _other_card_played},
    "when another player plays an action card other than Sabotage",
    effect=Cancel(rules=cite.CANCELLED),
    message="{player} plays Sabotage against {event_card}",
    cancels_plays=True,
)
