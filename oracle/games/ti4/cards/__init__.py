"""Every card definition of the TI4 pack, and which of them are implemented.

Each implemented card is one module of this package, named after its slug
(``lucky_shot.py`` for ``lucky-shot``), that defines ``CARD``; the package
collects every such module, so adding a card adds no line here (see
docs/ADDING_A_CARD.md). ``common`` and ``costs`` are the shared helpers.

The action cards the pack knows but does not implement (of the base game, and
``data.EXPANSION_ACTION_CARDS``) are still defined (so a deck or a hand can
hold them) but carry no abilities; ``why_not`` says why, and a scenario that
plays one is refused with that reason.
"""

from __future__ import annotations

import importlib
import pkgutil

from oracle.engine.core.cards import CardDef
from oracle.games.ti4 import data
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas.table import AGENDAS
from oracle.games.ti4.cards.common import Ti4Card, inert_card

#: Modules of this package that are not cards.
SHARED = frozenset({"common", "costs"})


def _card_modules() -> list[str]:
    return sorted(
        m.name for m in pkgutil.iter_modules(__path__) if m.name not in SHARED
    )


def _collect() -> dict[str, CardDef]:
    found = {}
    for name in _card_modules():
        card = importlib.import_module(f"{__name__}.{name}").CARD
        if not isinstance(card, CardDef) or card.slug.replace("-", "_") != name:
            raise TypeError(f"{__name__}.{name}.CARD must define the card {name}")
        found[card.slug] = card
    return found


#: The implemented cards (and rule components), by slug, one module each.
DEFINED: dict[str, CardDef] = _collect()

#: The implemented action cards, by slug.
ACTION_CARDS: dict[str, CardDef] = {
    slug: card for slug, card in DEFINED.items() if card.type == st.ACTION
}

#: Rule components a scenario may use although they are not game cards.
RULE_COMPONENTS: frozenset[str] = frozenset(
    slug for slug, card in DEFINED.items() if card.type == st.RULE
)

#: Cards whose rules the pack implements (what ``implemented_cards`` reports).
IMPLEMENTED: frozenset[str] = frozenset(DEFINED) - RULE_COMPONENTS

#: Action cards the pack knows but does not implement, and why (the others
#: of ``data.EXPANSION_ACTION_CARDS`` get the general reason).
NOT_IMPLEMENTED: dict[str, str] = {
    "archaeological-expedition": "exploration is not modelled yet",
    "exploration-probe": "exploration is not modelled yet",
    "seize-artifact": "relic fragments are not modelled yet",
    "impersonation": "secret objectives are not modelled yet",
}

#: Why no promissory note can be played yet.
NOTE_REASON = (
    "the abilities of promissory notes are not modelled yet (a scenario may "
    "still give notes to players)"
)


def why_not(slug: str) -> str:
    """Return why a card is not implemented (for refusals)."""
    if slug in data.PROMISSORY_NOTES:
        return NOTE_REASON
    return NOT_IMPLEMENTED.get(slug, "the pack does not implement it yet")


# -- the cards the pack knows without implementing them ------------------------------


def _action_cards() -> list[CardDef]:
    """The base action deck in data order, then the other implemented ones."""
    out = []
    for slug, (name, _count) in data.BASE_ACTION_DECK.items():
        if slug in ACTION_CARDS:
            out.append(ACTION_CARDS[slug])
        else:
            out.append(inert_card(slug, name, st.ACTION, reason=why_not(slug)))
    out += [c for s, c in ACTION_CARDS.items() if s not in data.BASE_ACTION_DECK]
    out += [
        inert_card(slug, name, st.ACTION, reason=why_not(slug))
        for slug, name in data.EXPANSION_ACTION_CARDS.items()
        if slug not in ACTION_CARDS
    ]
    return out


def _technology_cards() -> list[CardDef]:
    out = []
    for slug, tech in data.TECHNOLOGIES.items():
        if slug in DEFINED:
            out.append(DEFINED[slug])
        else:
            out.append(inert_card(slug, tech.name, st.TECHNOLOGY, color=tech.color))
    return out


def _strategy_cards() -> list[CardDef]:
    out = []
    for slug, (name, number) in data.STRATEGY_CARDS.items():
        if slug in DEFINED:
            out.append(DEFINED[slug])
            continue
        strategy = Ti4Card(
            slug,
            name,
            st.STRATEGY_CARD,
            stats={"initiative": number},
            data={"implemented": False},
            strategic=True,
        )
        out.append(strategy)
    return out


def _unit_cards() -> list[CardDef]:
    out = []
    for slug in data.UNITS:
        kind = (
            "ship"
            if slug in data.SHIPS
            else ("ground" if slug in data.GROUND_FORCES else "structure")
        )
        name = slug.replace("-", " ").title().replace("Pds", "PDS")
        out.append(CardDef(slug, name, st.UNIT, data={"unit": kind}))
    return out


def _agenda_cards() -> list[CardDef]:
    """The agendas the laws above do not already define (laws and directives)."""
    return [
        inert_card(slug, agenda.name, st.LAW if agenda.law else st.DIRECTIVE)
        for slug, agenda in AGENDAS.items()
        if slug not in data.LAWS
    ]


def _of_type(kind: str) -> list[CardDef]:
    return [c for c in DEFINED.values() if c.type == kind]


ALL_CARDS: tuple[CardDef, ...] = (
    *_action_cards(),
    *_technology_cards(),
    *_of_type(st.FACTION_ABILITY),
    inert_card("arbiters", "Arbiters", st.FACTION_ABILITY, faction="hacan"),
    *_strategy_cards(),
    *_of_type(st.RULE),
    *(
        DEFINED.get(slug) or inert_card(slug, name, st.LAW)
        for slug, name in data.LAWS.items()
    ),
    *(
        DEFINED.get(slug)
        or inert_card(slug, name, st.PROMISSORY_NOTE, reason=NOTE_REASON)
        for slug, name in data.PROMISSORY_NOTES.items()
    ),
    *_unit_cards(),
    *_agenda_cards(),
)
