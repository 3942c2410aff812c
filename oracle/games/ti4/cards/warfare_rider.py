"""Warfare Rider: after an agenda is revealed, predict an outcome; if it is
resolved, place 1 dreadnought from reinforcements in a system that contains
one of your ships.

The reward asks which system (``warfare-rider:system``). With no dreadnought
left in reinforcements, one is taken off the board from a system without the
player's command token and placed undamaged (23.4a, the card notes;
``changes.place_units``)."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.riders import choose, nothing, rider_card


def _reward(game: Game, player: Player) -> None:
    me = player.name
    found = {
        st.system_id(system): system
        for system in st.systems(game)
        if st.ships(game, system, me)
        and reserve.placeable(
            game, me, "dreadnought", 1, reserve.destination(system, None)
        )
    }
    if not found:
        nothing(
            game,
            player,
            "places no dreadnought: no system holds a ship of theirs where one can "
            "be placed, from reinforcements or taken off the board (Warfare Rider)",
            (*cite.RIDER_DREADNOUGHT, *cite.REINFORCEMENTS),
        )
        return
    picked = choose(
        game,
        player,
        "warfare-rider:system",
        tuple(found),
        cite.RIDER_DREADNOUGHT,
        "Choose a system that contains one of your ships",
        "a system that contains a ship of the player's where a dreadnought can "
        "be placed",
    )
    changes.place_units(
        game, me, "dreadnought", 1, found[picked], rules=cite.PREDICTION_RESOLVES
    )


CARD = rider_card("warfare-rider", "Warfare Rider", _reward)
