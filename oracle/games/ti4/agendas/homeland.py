"""Homeland Defense Act: the limit of two PDS per planet (63.3) and the law
that lifts it.

For: the law stays in the common area, and while it is in play a planet may
hold any number of PDS (a board may start so). Against: each player, in
speaker order, destroys one of their PDS on the board
(``homeland-defense-act:pds``; default: the first in board order). When the
law leaves play, each player takes their PDS beyond two on a planet back to
reinforcements (its official note); the PDS are alike, so nobody chooses.
"""

from __future__ import annotations

from collections.abc import Iterator

from oracle.engine.core.cards import Card
from oracle.engine.core.errors import Problem
from oracle.engine.core.game import Game
from oracle.engine.core.schema import pointer
from oracle.games.ti4 import changes, cite, movement, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.board import BoardSpec

HOMELAND_DEFENSE_ACT = "homeland-defense-act"
#: The most PDS a planet may hold without the law (63.3).
PDS_PER_PLANET = 2


def _homeland_defense_act(game: Game, agenda: Card, outcome: str) -> bool:
    if outcome == voting.FOR:
        return True  # the law itself: see ``board_problems`` and ``law_lost``
    for name in st.speaker_order(game):
        pds = [u for u in st.units(game, owner=name) if u.slug == "pds"]
        if not pds:
            continue
        doomed = changes.choose_cards(
            game, name, "homeland-defense-act:pds", pds, 1, cite.HOMELAND_AGAINST
        )
        changes.destroy_units(game, name, doomed, cite.HOMELAND_AGAINST)
    return True


def law_lost(game: Game, agenda: Card) -> None:
    """The law has left play: PDS beyond two on a planet go back."""
    if agenda.slug != HOMELAND_DEFENSE_ACT:
        return
    for name in st.speaker_order(game):
        for planet in st.controlled_planets(game, name):
            mine = [u for u in st.on_planet(game, planet, "pds") if u.owner == name]
            extra = mine[PDS_PER_PLANET:]
            if extra:
                movement.to_reinforcements(
                    game,
                    name,
                    extra,
                    f"{name} takes {changes.units_text('pds', len(extra))} on "
                    f"{game.name_of(planet)} back to reinforcements: with Homeland "
                    f"Defense Act gone, a planet holds at most {PDS_PER_PLANET}",
                    cite.HOMELAND_LIMIT,
                )


def board_problems(board: BoardSpec, path: str) -> list[Problem]:
    """A planet that starts with more than two PDS while the law is not in
    play is not a legal board (63.3)."""
    if any(law == HOMELAND_DEFENSE_ACT for law, _owner in board.laws):
        return []
    return [
        Problem(
            at,
            f"{planet} holds {count} PDS; a planet holds at most {PDS_PER_PLANET} "
            "unless Homeland Defense Act is in play (rule 63.3)",
        )
        for at, planet, count in _pds_by_planet(board, path)
        if count > PDS_PER_PLANET
    ]


def _pds_by_planet(board: BoardSpec, path: str) -> Iterator[tuple[str, str, int]]:
    """Each planet's PDS count, with the pointer of its last PDS entry."""
    for i, system in enumerate(board.systems):
        counts: dict[str, int] = {}
        last: dict[str, str] = {}
        seen: dict[str, int] = {}
        for unit in system.units:
            index = seen.get(unit.owner, 0)
            seen[unit.owner] = index + 1
            if unit.unit == "pds" and unit.planet:
                counts[unit.planet] = counts.get(unit.planet, 0) + unit.count
                entry = pointer(f"{path}/{i}/units", unit.owner)
                last[unit.planet] = f"{entry}/{index}"
        for planet, count in counts.items():
            yield last[planet], planet, count


RESOLVERS = {HOMELAND_DEFENSE_ACT: _homeland_defense_act}
