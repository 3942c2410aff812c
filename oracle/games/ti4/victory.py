"""Victory points (98): gaining and losing them, and saying when the game
would end. A player's points are ``Seat.victory_points`` (``victory_points``
in the scenario and the result). A player who reaches 10 wins at once (98.7):
the oracle says so but does not stop the run (the end of the game is not
modelled)."""

from __future__ import annotations

from collections.abc import Sequence

from oracle.engine.core.game import Game
from oracle.games.ti4 import cite
from oracle.games.ti4 import state as st

#: The victory points that end the game (98.7; the 14-point variant, 98.2a,
#: is not modelled).
WINNING = 10


def gain(game: Game, name: str, why: str, rules: Sequence[str]) -> None:
    """``name`` gains 1 victory point (``why``: the source, in brackets)."""
    seat = st.seat(game, name)
    seat.victory_points += 1
    game.say(
        name,
        f"{name} gains 1 victory point and has {seat.victory_points} ({why})",
        event="victory_point",
        rules=(*rules, *cite.cite("98.4")),
    )
    if seat.victory_points >= WINNING:
        game.say(
            name,
            f"{name} has {WINNING} victory points: the game ends at once and {name} "
            "wins (the end of the game is not modelled: the run goes on)",
            event="game_end",
            rules=cite.GAME_ENDS,
            modelled=False,
        )


def lose(game: Game, name: str, why: str, rules: Sequence[str]) -> None:
    """``name`` loses 1 victory point, if they have one (98.4a: the track
    starts at 0)."""
    seat = st.seat(game, name)
    if seat.victory_points == 0:
        game.say(
            name,
            f"{name} has no victory point to lose ({why})",
            event="victory_point",
            rules=(*rules, *cite.cite("98.4a")),
        )
        return
    seat.victory_points -= 1
    game.say(
        name,
        f"{name} loses 1 victory point and has {seat.victory_points} ({why})",
        event="victory_point",
        rules=(*rules, *cite.cite("98.4a")),
    )


def leaders(game: Game, names: Sequence[str], *, most: bool) -> list[str]:
    """Of ``names`` (in the order given), those with the most or the fewest
    victory points; every tied player (98.5)."""
    if not names:
        return []
    points = {n: st.seat(game, n).victory_points for n in names}
    best = max(points.values()) if most else min(points.values())
    return [n for n in names if points[n] == best]
