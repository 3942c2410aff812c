"""Nexus Sovereignty (Prophecy of Kings).

Against: a gamma wormhole token goes into the Mecatol Rex system, which is
from then on adjacent to every system with a gamma wormhole (6.1, 101.2).
For, the law, bars the alpha and beta wormholes of the wormhole nexus during
movement; the pack does not model the nexus (which tile it is, its two
sides), so that outcome is logged as not modelled.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, voting
from oracle.games.ti4 import state as st

NEXUS_SOVEREIGNTY = "nexus-sovereignty"
MECATOL_REX = "mecatol-rex"


def _nexus_sovereignty(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome == voting.FOR:
        return False  # the nexus is not modelled: logged by the caller
    planet = st.planet_named(game, MECATOL_REX)
    system = st.system_of(game, planet) if planet is not None else None
    if system is None:
        game.say(
            None,
            "The board has no Mecatol Rex system: no gamma wormhole token is placed",
            event="agenda_outcome",
            rules=cite.NEXUS_GAMMA,
        )
        return True
    key = st.wormhole_key("gamma")

    def change() -> None:
        system.tokens[key] = system.token_count(key) + 1

    changes.happen(
        game,
        "place_wormhole_token",
        player=None,
        message=f"A gamma wormhole token is placed in {game.name_of(system)}",
        change=change,
        rules=cite.NEXUS_GAMMA,
    )
    return True


RESOLVERS = {NEXUS_SOVEREIGNTY: _nexus_sovereignty}
