"""Neural Motivator (technology): draw 1 more action card in the status
phase (2.N6)."""

from __future__ import annotations

from oracle.engine.core.cards import CardDef
from oracle.engine.core.effects import ModifyPlayer, Persistent
from oracle.games.ti4 import cite
from oracle.games.ti4 import state as st

CARD = CardDef(
    "neural-motivator",
    "Neural Motivator",
    st.TECHNOLOGY,
    effects=(
        Persistent(
            ModifyPlayer(st.STATUS_DRAWS, 1),
            target_type="player",
            rules=cite.NEURAL_MOTIVATOR,
        ),
    ),
    data={"color": "G"},
)
