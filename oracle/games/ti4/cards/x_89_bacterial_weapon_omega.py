"""X-89 Bacterial Weapon Ω (Codex printing of the technology): after your
units use Bombardment against a planet, if that destroyed at least one of your
opponent's infantry there, you may destroy all of that opponent's infantry on
it. Applied by the invasion's bombardment step (``combat/bacterial.py``), once
every bombardment hit is assigned, for each planet that qualifies (its notes).
"""

from __future__ import annotations

from oracle.engine.core.cards import CardDef
from oracle.games.ti4 import state as st

CARD = CardDef(
    "x-89-bacterial-weapon-omega",
    "X-89 Bacterial Weapon \u03a9",
    st.TECHNOLOGY,
    data={"color": "G"},
)
