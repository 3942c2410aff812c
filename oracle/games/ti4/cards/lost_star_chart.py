"""Lost Star Chart: after you activate a system, alpha and beta wormhole
systems are adjacent to each other until the end of this tactical action."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4.cards.common import response_card

_chart = tactical.boosting(
    "star_chart",
    lambda me: (
        "systems with an alpha wormhole and systems with a beta wormhole "
        "are adjacent until the end of this tactical action"
    ),
    cite.WORMHOLE_ADJACENT,
)


CARD = response_card(
    "lost-star-chart",
    "Lost Star Chart",
    AbilityKind.REACTION,
    {"activate_system": tactical.activated_by_me},
    "after you activate a system",
    handler=_chart,
)
