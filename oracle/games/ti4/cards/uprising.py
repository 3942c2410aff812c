"""Uprising: exhaust a non-home planet another player controls, then gain
trade goods equal to its resources (offensive)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite, laws
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    action_card,
    already_exhausted,
)


def _uprising(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    if not changes.exhaust_planet(game, ctx.player.name, planet):
        return False
    value = laws.resources(game, planet)
    return changes.gain_trade_goods(
        game,
        ctx.player,
        value,
        f"for the resources of {game.name_of(planet)}",
        cite.THEN,
    )


def refuse(ctx: Context, planet: Card) -> Reason | None:
    """A readied planet of another player's outside a home system."""
    game = ctx.game
    if st.kind(game, planet) != st.PLANET:
        return NOT_LEGAL
    if st.is_home(game, st.system_of(game, planet)):
        return f"{game.name_of(planet)} is in a home system", cite.PLAY
    if planet.exhausted:
        return already_exhausted(ctx, planet)
    if st.controller(game, planet) is None:
        return NOT_LEGAL
    return None


CARD = action_card(
    "uprising",
    "Uprising",
    _uprising,
    choices={"target": Choice(PLANETS, refuse)},
    offensive=True,
)
