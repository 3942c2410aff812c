"""Instinct Training (Xxcha technology): exhaust it and spend a strategy token
to cancel an action card another player plays."""

from __future__ import annotations

from oracle.engine.core.abilities import cancel_interrupt
from oracle.engine.core.cards import CardDef
from oracle.engine.flow.costs import exhaust_self
from oracle.engine.flow.effect_actions import Cancel
from oracle.games.ti4 import cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs
from oracle.games.ti4.cards.common import plays_action_card

CARD = CardDef(
    "instinct-training",
    "Instinct Training",
    st.TECHNOLOGY,
    abilities=(
        cancel_interrupt(
            {"play": plays_action_card},
            cost=(exhaust_self(), costs.strategy_token()),
            effect=Cancel(rules=cite.CANCELLED),
            message="{player} uses Instinct Training against {event_card}",
            rules=cite.CANCELLED,
        ),
    ),
    data={"color": "G", "faction": "xxcha"},
)
