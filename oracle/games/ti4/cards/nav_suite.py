"""Nav Suite (Prophecy of Kings): after you activate a system, anomalies have
no effect on you during the movement step of this tactical action."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card

_nav = tactical.boosting(
    "nav_suite",
    lambda me: (
        f"anomalies do not affect {st.pronoun_possessive(me)} ships in the "
        "movement step of this tactical action: no gravity rift roll or bonus, no "
        "nebula or asteroid field or supernova restriction"
    ),
    cite.NAV_SUITE,
)


CARD = response_card(
    "nav-suite",
    "Nav Suite",
    AbilityKind.REACTION,
    {"activate_system": tactical.activated_by_me},
    "after you activate a system",
    handler=_nav,
)
