"""Solar Flare (Codex): after you activate a system, no other player may use
Space Cannon against your ships during the movement step of this tactical
action (so not in its space cannon offense)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card

_flare = tactical.boosting(
    "solar_flare",
    lambda me: (
        f"no other player may fire space cannon at "
        f"{st.pronoun_possessive(me)} ships during the movement step of this tactical "
        "action"
    ),
    cite.SPACE_CANNON_OFFENSE,
)


CARD = response_card(
    "solar-flare",
    "Solar Flare",
    AbilityKind.REACTION,
    {"activate_system": tactical.activated_by_me},
    "after you activate a system",
    handler=_flare,
)
