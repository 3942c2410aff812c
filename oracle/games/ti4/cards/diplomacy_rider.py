"""Diplomacy Rider: after an agenda is revealed, predict an outcome; if it is
resolved, pick a system holding one of your planets, and every other player
puts one of their reinforcement command tokens there.

The reward asks which system (``diplomacy-rider:system``; Mecatol Rex's may be
chosen, the card notes). The others place their tokens from the speaker
clockwise (1.20); one with none in reinforcements takes one from a pool of
their choice (20.3b), and one whose token is already there places none
(``changes.place_command_token``)."""

from __future__ import annotations

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.riders import choose, nothing, rider_card


def _reward(game: Game, player: Player) -> None:
    me = player.name
    found: dict[str, Card] = {}
    for planet in st.controlled_planets(game, me):
        system = st.system_of(game, planet)
        if system is not None:
            found.setdefault(st.system_id(system), system)
    if not found:
        nothing(
            game,
            player,
            "chooses no system: they control no planet (Diplomacy Rider)",
            cite.RIDER_TOKENS,
        )
        return
    picked = choose(
        game,
        player,
        "diplomacy-rider:system",
        tuple(found),
        cite.RIDER_TOKENS,
        "Choose a system that contains a planet you control",
        "a system that contains a planet the player controls",
    )
    system = found[picked]
    game.say(
        me,
        f"{me} chooses {game.name_of(system)} (Diplomacy Rider)",
        event="rider",
        rules=cite.RIDER_TOKENS,
    )
    for other in st.clockwise_from(game, st.table(game).speaker or me):
        if other.name != me:
            changes.place_command_token(
                game, other, system, other.name, cite.PREDICTION_RESOLVES
            )


CARD = rider_card("diplomacy-rider", "Diplomacy Rider", _reward)
