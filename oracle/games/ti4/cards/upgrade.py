"""Upgrade: after you activate a system that contains one or more of your
ships, replace one of your cruisers there with a dreadnought from
reinforcements."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite, reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    UNITS,
    Choice,
    Reason,
    response_card,
    targets_exist,
)


def _activated(event: Event, ctx: Context) -> bool:
    system = event.card
    return (
        event.player == ctx.player.name
        and system is not None
        and bool(st.ships(ctx.game, system, ctx.player.name))
    )


def _activated_system(ctx: Context) -> Card | None:
    return ctx.event.card if ctx.event is not None else None


def _upgrade(ctx: Context) -> bool:
    game, cruiser, me = ctx.game, ctx.card(), ctx.player.name
    system = st.system_of(game, cruiser)
    if system is None:
        return False

    def change() -> None:
        cruiser.data.clear()
        game.move(cruiser, st.REINFORCEMENTS, me)

    changes.happen(
        game,
        "remove_units",
        player=me,
        message=f"{me} returns a cruiser in {game.name_of(system)} to reinforcements",
        change=change,
    )
    return changes.place_units(game, me, "dreadnought", 1, system) == 1


def refuse(ctx: Context, unit: Card) -> Reason | None:
    """One of your cruisers in the system you activated."""
    system = _activated_system(ctx)
    if (
        unit.slug == "cruiser"
        and unit.owner == ctx.player.name
        and system is not None
        and unit.data.get("system") == st.system_id(system)
    ):
        return None
    return NOT_LEGAL


def _no_cruiser(ctx: Context) -> Reason | None:
    system = _activated_system(ctx)
    if system is None:
        return None
    return (
        f"Upgrade cannot be played: {ctx.player.name} has no cruiser in "
        f"{ctx.game.name_of(system)}, the system they activated",
        cite.TARGETS_EXIST,
    )


def _dreadnought_left(ctx: Context) -> Reason | None:
    if reserve.placeable(ctx.game, ctx.player.name, "dreadnought", 1, None):
        return None
    return (
        f"Upgrade cannot be played: {ctx.player.name} has no dreadnought in "
        "reinforcements, and none of theirs is in a system free of their command "
        "tokens",
        cite.NEEDS_SETS["response-stock"],
    )


CARD = response_card(
    "upgrade",
    "Upgrade",
    AbilityKind.REACTION,
    {"activate_system": _activated},
    "after you activate a system that contains one or more of your ships",
    handler=_upgrade,
    choices={"target": Choice(UNITS, refuse, none=_no_cruiser)},
    needs=(targets_exist, _dreadnought_left),
)
