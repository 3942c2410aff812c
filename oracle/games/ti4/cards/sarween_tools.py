"""Sarween Tools (technology): when your units use Production, the combined
cost of the units produced is 1 lower. Applied by the production step
(``production.production_step``); units produced without Production (Sling
Relay) get no reduction, as the card's note says."""

from __future__ import annotations

from oracle.engine.core.cards import CardDef
from oracle.games.ti4 import state as st

CARD = CardDef("sarween-tools", "Sarween Tools", st.TECHNOLOGY, data={"color": "Y"})
