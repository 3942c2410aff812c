"""Imperial Rider: after an agenda is revealed, predict an outcome; if it is
resolved, gain 1 victory point.

The prediction is modelled; the reward is stated but not carried out
(``riders.not_modelled``)."""

from __future__ import annotations

from oracle.games.ti4.riders import not_modelled, rider_card

CARD = rider_card(
    "imperial-rider",
    "Imperial Rider",
    not_modelled("gains 1 victory point (Imperial Rider)"),
)
