"""Construction Rider: after an agenda is revealed, predict an outcome; if it
is resolved, place 1 space dock from reinforcements on a planet you control.

The reward asks which planet (``construction-rider:planet``): one the player
controls that holds no space dock (79.3, 85.4). With none left in
reinforcements, one is taken off the board from a system without the player's
command token (23.4a, the card notes; ``changes.place_units``). Its owner's
Minister of Industry then offers Production there (``agendas/industry.py``).
Not modelled: the Clan of Saar (whose space dock goes into the space of a
system with one of their planets)."""

from __future__ import annotations

from oracle.engine.core.cards import Player
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, laws, reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import industry
from oracle.games.ti4.riders import choose, not_modelled, nothing, rider_card

_SAAR = not_modelled(
    "places 1 space dock in a system with a planet they control (Construction "
    "Rider; the Clan of Saar's space docks are not modelled)"
)


def _reward(game: Game, player: Player) -> None:
    me = player.name
    if st.seat(game, me).faction == "saar":
        _SAAR(game, player)
        return
    found = {
        planet.slug: planet
        for planet in st.controlled_planets(game, me)
        if not st.on_planet(game, planet, "space-dock")
        and not laws.demilitarized(game, planet)
    }
    found = {
        slug: planet
        for slug, planet in found.items()
        if (system := st.system_of(game, planet)) is not None
        and reserve.placeable(
            game, me, "space-dock", 1, reserve.destination(system, planet)
        )
    }
    if not found:
        nothing(
            game,
            player,
            "places no space dock: no planet they control can take one, from "
            "reinforcements or taken off the board (Construction Rider)",
            (*cite.RIDER_SPACE_DOCK, *cite.REINFORCEMENTS),
        )
        return
    picked = choose(
        game,
        player,
        "construction-rider:planet",
        tuple(found),
        cite.RIDER_SPACE_DOCK,
        "Choose a planet you control for the space dock",
        "a planet the player controls that holds no space dock yet",
    )
    planet = found[picked]
    system = st.system_of(game, planet)
    assert system is not None  # kept above
    placed = changes.place_units(
        game, me, "space-dock", 1, system, planet, rules=cite.PREDICTION_RESOLVES
    )
    if placed:
        industry.dock_placed(game, me, system)


CARD = rider_card("construction-rider", "Construction Rider", _reward)
