"""Imperial Rider: after an agenda is revealed, predict an outcome; if it is
resolved, gain 1 victory point.

The point is counted on the player (``victory_points`` in the scenario and the
result). A player who reaches 10 wins at once (98.7): the oracle says so but
does not stop the run (the end of the game is not modelled)."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.riders import rider_card

#: The victory points that end the game (98.7; the 14-point variant, 98.2a,
#: is not modelled).
WINNING = 10


def _reward(game: Game, player: Player) -> None:
    me = player.name
    seat = st.seat(game, me)
    seat.victory_points += 1
    game.say(
        me,
        f"{me} gains 1 victory point and has {seat.victory_points} (Imperial Rider)",
        event="victory_point",
        rules=cite.VICTORY_POINT,
    )
    if seat.victory_points >= WINNING:
        game.say(
            me,
            f"{me} has {WINNING} victory points: the game ends at once and {me} "
            "wins (the end of the game is not modelled: the run goes on)",
            event="game_end",
            rules=cite.GAME_ENDS,
            modelled=False,
        )


CARD = rider_card("imperial-rider", "Imperial Rider", _reward)
