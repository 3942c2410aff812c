"""What the cards played after a system's activation change for the rest of
that tactical action (flags reset at each activation), and adjacency as it
stands during the action: movement, Space Cannon Offense and retreats all read
it, so a card such as Lost Star Chart or Solar Flare holds for every step."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.games.ti4 import laws
from oracle.games.ti4 import state as st

#: Where the current tactical action's effects are kept (``game.flags``).
FLAG = "ti4.movement"
#: The wormholes Lost Star Chart joins (6.1).
CHARTED = frozenset({"alpha", "beta"})


@dataclass
class Boosts:
    """What cards played after this activation change (reset at activation)."""

    flank_speed: bool = False
    star_chart: bool = False
    silence: str | None = None  # the system whose ships may pass other ships
    nav_suite: bool = False  # anomalies do not affect this player's movement
    solar_flare: bool = False  # no other player's space cannon at these ships
    war_machine: bool = False  # +4 production value, 1 less to pay
    arrived: bool = False  # a ship reached the active system in the Move Ships step
    battlestation: dict[str, str] = field(default_factory=dict)  # player: dock id
    ended: bool = False  # Minister of Peace ended the turn after the activation


def activated_by_me(event: Event, ctx: Context) -> bool:
    """The trigger of "after you activate a system": the player using the
    ability has just activated one."""
    return event.player == ctx.player.name and event.card is not None


def boosting(
    name: str, words: Callable[[str], str], rules: Sequence[str]
) -> Callable[[Context], bool]:
    """The handler of a card that turns on the effect ``name`` of ``Boosts``
    for this tactical action and says so (``words`` of the player's name)."""

    def handler(ctx: Context) -> bool:
        setattr(boosts(ctx.game), name, True)
        me = ctx.player.name
        ctx.game.say(me, words(me), event="effect", rules=rules)
        return True

    return handler


def boosts(game: Game) -> Boosts:
    """Return the movement effects of the current tactical action."""
    found = game.flags.get(FLAG)
    if not isinstance(found, Boosts):
        found = Boosts()
        game.flags[FLAG] = found
    return found


def adjacent(game: Game, one: Card, other: Card, mover: str = "") -> bool:
    """Whether two systems are adjacent during this tactical action: as the
    board says, or through an alpha and a beta wormhole under Lost Star Chart
    or Wormhole Reconstruction (6.1). ``mover``: the player whose units move
    between them (retreats), for whom Enforced Travel Ban may take the alpha
    and beta wormholes away."""
    charted = bool(CHARTED & set(st.wormholes(game, one))) and bool(
        CHARTED & set(st.wormholes(game, other))
    )
    if charted and one is not other:
        if boosts(game).star_chart or laws.wormholes_joined(game):
            return True
        if mover and laws.travel_banned(game, mover):
            return _without_basic(game, one, other)
    return st.adjacent(game, one, other)


def _without_basic(game: Game, one: Card, other: Card) -> bool:
    """Adjacency with alpha and beta wormholes doing nothing."""
    near = game.definition(one).data.get("adjacent", ())
    if isinstance(near, tuple) and other.slug in near:
        return True
    kinds = set(st.wormholes(game, one)) & set(st.wormholes(game, other))
    return bool(kinds - CHARTED)
