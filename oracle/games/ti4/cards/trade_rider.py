"""Trade Rider: after an agenda is revealed, predict an outcome; if it is
resolved, gain 5 trade goods."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes
from oracle.games.ti4.riders import rider_card


def _reward(game: Game, player: Player) -> None:
    changes.gain_trade_goods(game, player, 5, "(Trade Rider)")


CARD = rider_card("trade-rider", "Trade Rider", _reward)
