"""Plague: roll a die for each infantry on another player's planet; each 6
destroys one (offensive)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    action_card,
    nothing,
)


def _plague(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    infantry = st.on_planet(game, planet, "infantry")
    rolls = [changes.roll(game, ctx.player.name) for _ in infantry]
    shown = ", ".join(str(r) for r in rolls) or "no dice"
    hits = sum(1 for r in rolls if r >= 6)
    game.say(
        ctx.player.name,
        f"{ctx.player.name} rolls {shown} for the infantry on {game.name_of(planet)}",
        event="roll",
        rules=cite.ZERO_TARGETS if not infantry else (),
    )
    if hits:
        changes.destroy_units(game, ctx.player.name, infantry[:hits])
    return True


def refuse(ctx: Context, planet: Card) -> Reason | None:
    """A planet some player controls (not yours: the card is offensive)."""
    game = ctx.game
    if st.kind(game, planet) != st.PLANET or st.controller(game, planet) is None:
        return NOT_LEGAL
    return None


CARD = action_card(
    "plague",
    "Plague",
    _plague,
    choices={
        "target": Choice(
            PLANETS,
            refuse,
            none=lambda ctx: nothing(
                "Plague cannot be played: no other player controls a planet"
            ),
        )
    },
    offensive=True,
)
