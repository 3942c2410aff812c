"""Politics Rider: after an agenda is revealed, predict an outcome; if it is
resolved, draw 3 action cards and gain the speaker token."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.riders import rider_card


def _reward(game: Game, player: Player) -> None:
    changes.draw_action_cards(game, player.name, 3)
    if st.table(game).speaker == player.name:
        return

    changes.give_speaker_token(
        game,
        player.name,
        player.name,
        f"{player.name} gains the speaker token (Politics Rider)",
        cite.PREDICTION_RESOLVES,
    )


CARD = rider_card("politics-rider", "Politics Rider", _reward)
