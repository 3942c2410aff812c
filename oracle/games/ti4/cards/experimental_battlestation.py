"""Experimental Battlestation: once another player's ships have arrived in the
active system in the Move Ships step of their tactical action, pick one of
your space docks in or next to that system; in that action's Space Cannon
Offense it rolls Space Cannon 5 (x3), and its hits go to the active player's
ships only (``combat.cannon``).

Card notes: no ship arrived (none moved, or the gravity rift took them all),
ships moved outside the Move Ships step (a retreat) and a Solar Flare played
by the active player all keep it unplayable; Maneuvering Jets cancels its
hits like any other player's space cannon hit. The window opens once, after
the Move Ships step (``combat.SHIPS_MOVED``), so a scenario that starts at the
``combat`` step, without the movement, never opens it.
"""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    UNITS,
    Choice,
    Reason,
    response_card,
)
from oracle.games.ti4.combat import SHIPS_MOVED

RULES = cite.cite("77.2", "77.3b", "77.5a")
DOCK = "space-dock"


def _active(ctx: Context) -> Card | None:
    event = ctx.event
    if event is None:
        return None
    return st.system_named(ctx.game, str(event.param("system") or ""))


def _near(ctx: Context, dock: Card, system: Card) -> bool:
    here = st.system_of(ctx.game, dock)
    return here is not None and (
        here is system or tactical.adjacent(ctx.game, here, system)
    )


def _docks(ctx: Context, system: Card) -> list[Card]:
    mine = st.units(ctx.game, owner=ctx.player.name)
    return [u for u in mine if u.slug == DOCK and _near(ctx, u, system)]


def _after_others_move(event: Event, ctx: Context) -> bool:
    system = _active(ctx)
    return (
        event.player not in (None, ctx.player.name)
        and system is not None
        and not tactical.boosts(ctx.game).solar_flare
        and bool(_docks(ctx, system))
    )


def refuse_dock(ctx: Context, unit: Card) -> Reason | None:
    """One of your space docks in or adjacent to the active system."""
    system = _active(ctx)
    if unit.owner != ctx.player.name or unit.slug != DOCK or system is None:
        return NOT_LEGAL
    if not _near(ctx, unit, system):
        return (
            f"that space dock is neither in {ctx.game.name_of(system)} nor in a "
            "system adjacent to it",
            cite.PLAY,
        )
    return None


def _battlestation(ctx: Context) -> bool:
    game, me, dock = ctx.game, ctx.player.name, ctx.card()
    system = _active(ctx)
    if system is None:
        return False
    tactical.boosts(game).battlestation[me] = dock.id
    where = st.system_of(game, dock)
    place = game.name_of(where) if where is not None else "the board"
    game.say(
        me,
        f"{me}'s space dock in {place} will fire Space Cannon 5 (x3) at "
        f"{game.clock.active_player}'s ships in {game.name_of(system)} during "
        "space cannon offense",
        event="effect",
        rules=RULES,
    )
    return True


CARD = response_card(
    "experimental-battlestation",
    "Experimental Battlestation",
    AbilityKind.REACTION,
    {SHIPS_MOVED: _after_others_move},
    "once another player's ships have arrived in the active system in the Move "
    "Ships step, with one of your space docks in or adjacent to that system",
    handler=_battlestation,
    choices={"target": Choice(UNITS, refuse_dock)},
)
