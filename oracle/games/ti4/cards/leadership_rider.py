"""Leadership Rider: after an agenda is revealed, predict an outcome; if it
is resolved, gain 3 command tokens (each in a pool the player picks)."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes
from oracle.games.ti4.riders import rider_card


def _reward(game: Game, player: Player) -> None:
    for _ in range(3):
        pool = changes.pick_pool(game, player.name, "leadership-rider:command-token")
        changes.gain_command_token(game, player, pool, "(Leadership Rider)")


CARD = rider_card("leadership-rider", "Leadership Rider", _reward)
