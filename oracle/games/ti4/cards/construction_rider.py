"""Construction Rider: after an agenda is revealed, predict an outcome; if it is
resolved, place 1 space dock from reinforcements on a planet you control.

The prediction is modelled; the reward is stated but not carried out
(``riders.not_modelled``)."""

from __future__ import annotations

from oracle.games.ti4.riders import not_modelled, rider_card

CARD = rider_card(
    "construction-rider",
    "Construction Rider",
    not_modelled("places 1 space dock on a planet they control (Construction Rider)"),
)
