"""Flank Speed: after you activate a system, each of your ships has +1 move
for the rest of this tactical action."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card

_flank = tactical.boosting(
    "flank_speed",
    lambda me: (
        f"{st.pronoun_possessive(me)} ships have 1 more move until the end of "
        "this tactical action"
    ),
    cite.FLANK_SPEED,
)


CARD = response_card(
    "flank-speed",
    "Flank Speed",
    AbilityKind.REACTION,
    {"activate_system": tactical.activated_by_me},
    "after you activate a system",
    handler=_flank,
)
