"""Technology Rider: after an agenda is revealed, predict an outcome; if it is
resolved, research 1 technology.

The prediction is modelled; the reward is stated but not carried out
(``riders.not_modelled``)."""

from __future__ import annotations

from oracle.games.ti4.riders import not_modelled, rider_card

CARD = rider_card(
    "technology-rider",
    "Technology Rider",
    not_modelled("researches 1 technology (Technology Rider)"),
)
