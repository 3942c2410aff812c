"""Industrial Initiative: gain 1 trade good for each industrial planet you
control."""

from __future__ import annotations

from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import action_card


def _industrial(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    count = sum(
        1
        for p in st.controlled_planets(game, me.name)
        if "industrial" in game.definition(p).traits
    )
    if not count:
        game.say(
            me.name,
            f"{me.name} gains no trade goods: they control no industrial planet",
            event="gain_trade_goods",
            rules=cite.ZERO_TARGETS,
        )
        return True
    return changes.gain_trade_goods(game, me, count, "for their industrial planets")


CARD = action_card("industrial-initiative", "Industrial Initiative", _industrial)
