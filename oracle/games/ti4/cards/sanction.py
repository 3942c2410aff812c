"""Sanction (Codex): after an agenda is revealed, predict an outcome and give
up one's vote, as with a rider, settled after the outcome (the card notes); if
that outcome is resolved, each player who cast votes for it returns 1 command
token from their fleet pool to their reinforcements, in speaker order. A
player whose fleet pool is empty returns none."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import cite, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes
from oracle.games.ti4.riders import nothing, rider_card


def _reward(game: Game, player: Player) -> None:
    voters = outcomes.voters_for(game, voting.agenda_state(game).elected)
    if not voters:
        nothing(
            game,
            player,
            "makes nobody return a token: no player cast votes for that outcome "
            "(Sanction)",
            cite.SANCTION,
        )
    for name in voters:
        voter = game.player(name)
        if voter.resource(st.FLEET) <= 0:
            game.say(
                name,
                f"{name} returns no command token: their fleet pool is empty "
                "(Sanction)",
                event="return_command_token",
                rules=cite.SANCTION,
            )
            continue
        outcomes.return_token(game, voter, st.FLEET, cite.SANCTION)


CARD = rider_card("sanction", "Sanction", _reward)
