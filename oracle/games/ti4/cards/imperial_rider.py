"""Imperial Rider: after an agenda is revealed, predict an outcome; if it is
resolved, gain 1 victory point (``victory.gain``)."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import cite, victory
from oracle.games.ti4.riders import rider_card


def _reward(game: Game, player: Player) -> None:
    victory.gain(game, player.name, "Imperial Rider", cite.VICTORY_POINT)


CARD = rider_card("imperial-rider", "Imperial Rider", _reward)
