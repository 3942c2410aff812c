"""Warfare Rider: after an agenda is revealed, predict an outcome; if it is
resolved, the player puts a dreadnought from reinforcements in a system
with one of their ships.

The prediction is modelled; the reward is stated but not carried out
(``riders.not_modelled``)."""

from __future__ import annotations

from oracle.games.ti4.riders import not_modelled, rider_card

CARD = rider_card(
    "warfare-rider",
    "Warfare Rider",
    not_modelled(
        "places 1 dreadnought in a system with one of their ships (Warfare Rider)"
    ),
)
