"""Twilight Imperium 4th edition (slug ``ti4``): the action-card subsystem.

Importing this package registers the pack with the engine. See
``docs/ti4-oracle.md`` for what is modelled and which cards are implemented.
"""

from __future__ import annotations

from oracle.engine.core.pack import register_pack
from oracle.games.ti4 import cards, cite, rules
from oracle.games.ti4 import state as st
from oracle.games.ti4.pack import Ti4Pack


def build_pack() -> Ti4Pack:
    """Return a fresh, unregistered TI4 pack."""
    return Ti4Pack(
        "ti4",
        name="Twilight Imperium (Fourth Edition)",
        cards=cards.ALL_CARDS,
        phases=st.PHASES,
        player_zones=st.PLAYER_ZONES,
        shared_zones=st.SHARED_ZONES,
        stock_zones=st.STOCK_ZONES,
        rule_checks=rules.RULE_CHECKS,
        rule_abilities=rules.RULE_ABILITIES,
        rule_effects=rules.RULE_EFFECTS,
        citations=rules.CITATIONS,
        extra_rule_ids=sorted(cite.CITED),
    )


PACK = register_pack(build_pack())


def implemented_cards() -> frozenset[str]:
    """Return the slugs of the cards the TI4 pack implements."""
    return PACK.implemented_cards()


__all__ = ["PACK", "Ti4Pack", "build_pack", "implemented_cards"]
