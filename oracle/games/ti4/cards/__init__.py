"""Every card definition of the TI4 pack, and which of them are implemented.

The base-game action cards the pack does not implement are still defined (so
a deck or a hand can hold them) but carry no abilities; ``NOT_IMPLEMENTED``
says why, and a scenario that plays one is refused with that reason.
"""

from __future__ import annotations

from oracle.engine.core.cards import CardDef
from oracle.games.ti4 import data
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import components, economy, military, responses
from oracle.games.ti4.cards.common import inert_card

ACTION_CARDS: dict[str, CardDef] = {
    c.slug: c for c in (*economy.CARDS, *military.CARDS, *responses.CARDS)
}

_COMBAT = "its timing window needs combat, which the pack does not model yet"
_VOTING = "its timing window needs agenda voting, which the pack does not model yet"
_MOVEMENT = "it needs ship movement, which the pack does not model yet"
_INVASION = "its timing window needs an invasion, which the pack does not model yet"

#: Base-game action cards the pack does not implement, and why.
NOT_IMPLEMENTED: dict[str, str] = {
    "assassinate-representative": _VOTING,
    "bribery": _VOTING,
    "bunker": _INVASION,
    "confusing-legal-text": _VOTING,
    "construction-rider": _VOTING,
    "courageous-to-the-end": _COMBAT,
    "diplomacy-rider": _VOTING,
    "direct-hit": _COMBAT,
    "disable": _INVASION,
    "distinguished-councilor": _VOTING,
    "emergency-repairs": _COMBAT,
    "experimental-battlestation": _COMBAT,
    "fighter-prototype": _COMBAT,
    "fire-team": _COMBAT,
    "flank-speed": _MOVEMENT,
    "imperial-rider": _VOTING,
    "in-the-silence-of-space": _MOVEMENT,
    "infiltrate": _INVASION,
    "intercept": _COMBAT,
    "leadership-rider": _VOTING,
    "lost-star-chart": _MOVEMENT,
    "maneuvering-jets": _COMBAT,
    "morale-boost": _COMBAT,
    "parley": _INVASION,
    "politics-rider": _VOTING,
    "reparations": _INVASION,
    "salvage": _COMBAT,
    "shields-holding": _COMBAT,
    "skilled-retreat": _COMBAT,
    "technology-rider": _VOTING,
    "trade-rider": _VOTING,
    "veto": _VOTING,
    "warfare-rider": _VOTING,
}


def _action_deck_cards() -> list[CardDef]:
    out = []
    for slug, (name, _count) in data.BASE_ACTION_DECK.items():
        if slug in ACTION_CARDS:
            out.append(ACTION_CARDS[slug])
        else:
            out.append(inert_card(slug, name, st.ACTION, reason=NOT_IMPLEMENTED[slug]))
    for slug in data.OTHER_ACTION_CARDS:
        out.append(ACTION_CARDS[slug])
    return out


ALL_CARDS: tuple[CardDef, ...] = (*_action_deck_cards(), *components.CARDS)

#: Cards whose rules the pack implements (what ``implemented_cards`` reports).
IMPLEMENTED: frozenset[str] = frozenset(
    (
        *ACTION_CARDS,
        "instinct-training",
        "neural-motivator",
        "scheming",
        "crafty",
        "politics",
    )
)

#: Rule components a scenario may use although they are not game cards.
RULE_COMPONENTS: frozenset[str] = frozenset({"tactical-action"})


def why_not(slug: str) -> str:
    """Return why a card is not implemented (for refusals)."""
    return NOT_IMPLEMENTED.get(slug, "the pack does not implement it yet")
