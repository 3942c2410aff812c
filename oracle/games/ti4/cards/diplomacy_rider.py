"""Diplomacy Rider: after an agenda is revealed, predict an outcome; if it is
resolved, the player picks a system holding one of their planets and every
other player puts a command token from reinforcements there.

The prediction is modelled; the reward is stated but not carried out
(``riders.not_modelled``)."""

from __future__ import annotations

from oracle.games.ti4.riders import not_modelled, rider_card

CARD = rider_card(
    "diplomacy-rider",
    "Diplomacy Rider",
    not_modelled(
        "picks a system with one of their planets for every other player's "
        "command token (Diplomacy Rider)"
    ),
)
