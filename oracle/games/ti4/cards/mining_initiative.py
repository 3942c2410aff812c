"""Mining Initiative: gain trade goods equal to the resources of a planet you
control."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, laws
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    action_card,
    nothing,
    own_planet,
)


def _mining(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    value = laws.resources(game, planet)
    return changes.gain_trade_goods(
        game, ctx.player, value, f"for the resources of {game.name_of(planet)}"
    )


def refuse(ctx: Context, planet: Card) -> Reason | None:
    """A planet you control."""
    return None if own_planet(planet, ctx) else NOT_LEGAL


CARD = action_card(
    "mining-initiative",
    "Mining Initiative",
    _mining,
    choices={
        "target": Choice(
            PLANETS,
            refuse,
            none=lambda ctx: nothing(
                f"{ctx.player.name} controls no planet for Mining Initiative"
            ),
        )
    },
)
