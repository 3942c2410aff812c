"""Scheming (Yssaril faction ability): draw 1 more action card each time you
draw, then discard 1 (2.N7)."""

from __future__ import annotations

from oracle.engine.core.abilities import forced_interrupt, forced_reaction
from oracle.engine.core.cards import CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st


def _own_draw(event: Event, ctx: Context) -> bool:
    return event.player == ctx.player.name


def _own_draw_done(event: Event, ctx: Context) -> bool:
    drawn = event.param("drawn")
    return event.player == ctx.player.name and isinstance(drawn, int) and drawn > 0


def _extra(ctx: Context) -> bool:
    event = ctx.event
    if event is None:
        return False
    extra = event.param("extra")
    event.params["extra"] = (extra if isinstance(extra, int) else 0) + 1
    return True


def _discard(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    held = st.hand(game, me)
    if not held:
        return False
    chosen = changes.choose_cards(game, me, "scheming:discard", held, 1, cite.SCHEMING)
    return changes.discard_from_hand(game, me, chosen, "for Scheming", cite.SCHEMING)


CARD = CardDef(
    "scheming",
    "Scheming",
    st.FACTION_ABILITY,
    abilities=(
        forced_interrupt(
            {"draw_action_cards": _own_draw},
            handler=_extra,
            message="{player}'s Scheming adds 1 card to the draw",
            rules=cite.SCHEMING,
        ),
        forced_reaction(
            {"draw_action_cards": _own_draw_done},
            handler=_discard,
            message="{player}'s Scheming makes them discard 1 action card",
            rules=cite.SCHEMING,
        ),
    ),
    data={"faction": "yssaril"},
)
