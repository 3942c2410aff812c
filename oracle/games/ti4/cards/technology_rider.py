"""Technology Rider: after an agenda is revealed, predict an outcome; if it is
resolved, research 1 technology.

The reward asks which technology (``technology-rider:research``): one of the
player's deck whose prerequisites they meet, a readied planet with a
technology specialty exhausted for a missing one as in any research (the card
notes; it readies with the others at the end of the phase, 8.4). A Nekro Virus
player gains 3 command tokens instead (Propagation)."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import cite, research
from oracle.games.ti4.riders import choose, nothing, rider_card


def _reward(game: Game, player: Player) -> None:
    if research.propagates(game, player.name):
        research.propagate(game, player.name, "Technology Rider")
        return
    found = research.researchable(game, player.name)
    if not found:
        nothing(
            game,
            player,
            "can research no technology: none left in their deck has prerequisites "
            "they meet (Technology Rider)",
            cite.RIDER_RESEARCH,
        )
        return
    slug = choose(
        game,
        player,
        "technology-rider:research",
        found,
        cite.RIDER_RESEARCH,
        "Choose the technology to research",
        "a technology of the player's deck whose prerequisites they meet",
    )
    research.research(game, player.name, slug, cite.PREDICTION_RESOLVES)


CARD = rider_card("technology-rider", "Technology Rider", _reward)
