"""Demilitarized Zone (the base game's agenda, not Prophecy of Kings'
exploration card of that name): a law electing a cultural planet.

When it is resolved every unit on the elected planet, every player's, is
destroyed, and the card is attached to the planet (``outcomes._place``).
While it is in play no unit lands on that planet, is produced on it or is
placed on it (``laws.demilitarized``: the invasion's commit step,
``changes.place_units`` and the prompts that pick a planet leave it out).
Destroying the units changes no control (25.4). A board may start with the
law attached to a cultural planet, with no unit on that planet.
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import Problem
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, laws
from oracle.games.ti4 import state as st
from oracle.games.ti4.board import BoardSpec


def _demilitarized_zone(game: Game, agenda: Card, outcome: str) -> bool:
    """Every unit on the elected planet is destroyed, owner by owner in
    speaker order; the card is attached after."""
    planet = st.planet_named(game, outcome)
    if planet is None:
        return False
    present = st.on_planet(game, planet)
    speaker = st.table(game).speaker
    for name in st.speaker_order(game):
        doomed = [u for u in present if u.owner == name]
        if doomed:
            changes.destroy_units(game, speaker, doomed, cite.AGENDA_RESOLVE)
    return True


def problems(board: BoardSpec) -> list[Problem]:
    """A board that starts with the law attached to a planet holding units:
    the law destroyed them and nothing may come there since."""
    where = {p for law, p in board.law_planets if law == laws.DEMILITARIZED_ZONE}
    return [
        Problem(
            f"/board/systems/{i}/units",
            f"{unit.owner}'s {unit.unit} cannot be on {unit.planet}: Demilitarized "
            "Zone is attached to it, and no unit may come there",
        )
        for i, system in enumerate(board.systems)
        for unit in system.units
        if unit.planet in where
    ]


#: The outcome of this module, by agenda slug (joined into ``RESOLVERS``).
RESOLVERS = {laws.DEMILITARIZED_ZONE: _demilitarized_zone}

#: The laws whose lasting effect this module (with ``laws.demilitarized``) models.
LAWS = frozenset(RESOLVERS)
