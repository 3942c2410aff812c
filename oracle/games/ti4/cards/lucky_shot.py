"""Lucky Shot: destroy another player's dreadnought, cruiser or destroyer in a
system that contains a planet you control (offensive)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import UNITS, Choice, Reason, action_card, nothing

SHIPS = ("dreadnought", "cruiser", "destroyer")


def _near_own_planet(card: Card, ctx: Context) -> bool:
    game = ctx.game
    system = st.system_of(game, card)
    return system is not None and any(
        st.controller(game, p) == ctx.player.name for p in st.planets_in(game, system)
    )


def refuse(ctx: Context, ship: Card) -> Reason | None:
    """A dreadnought, cruiser or destroyer in a system with a planet of yours."""
    if ship.slug not in SHIPS:
        return "Lucky Shot destroys a dreadnought, cruiser or destroyer", cite.PLAY
    if not _near_own_planet(ship, ctx):
        return (
            f"{ctx.player.name} controls no planet in the system of that ship",
            cite.PLAY,
        )
    return None


CARD = action_card(
    "lucky-shot",
    "Lucky Shot",
    lambda ctx: changes.destroy_units(ctx.game, ctx.player.name, [ctx.card()]),
    choices={
        "target": Choice(
            UNITS,
            refuse,
            none=lambda ctx: nothing(
                "Lucky Shot cannot be played: no dreadnought, cruiser or destroyer "
                f"is in a system containing a planet {ctx.player.name} controls"
            ),
            only_own=lambda ctx: nothing(
                "Lucky Shot cannot be played: the only ships it could destroy are "
                f"{ctx.player.name}'s own, and it is an offensive card",
                cite.OFFENSIVE,
            ),
        )
    },
    offensive=True,
)
