"""Crafty (Yssaril faction ability): no hand limit (2.4)."""

from __future__ import annotations

from oracle.engine.core.cards import CardDef
from oracle.engine.core.effects import ModifyPlayer, Persistent
from oracle.games.ti4 import cite
from oracle.games.ti4 import state as st

CARD = CardDef(
    "crafty",
    "Crafty",
    st.FACTION_ABILITY,
    effects=(
        Persistent(
            ModifyPlayer(st.NO_HAND_LIMIT, 1),
            target_type="player",
            rules=cite.HAND_LIMIT,
        ),
    ),
    data={"faction": "yssaril"},
)
