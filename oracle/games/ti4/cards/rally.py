"""Rally (Codex): once its player has activated a system holding ships of
another player, 2 command tokens go from their reinforcements to their fleet
pool."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card


def _others_there(event: Event, ctx: Context) -> bool:
    system, me = event.card, ctx.player.name
    return (
        event.player == me
        and system is not None
        and any(u.owner != me for u in st.ships(ctx.game, system))
    )


def _rally(ctx: Context) -> bool:
    gained = [
        changes.gain_command_token(
            ctx.game, ctx.player, st.FLEET, "with Rally", cite.TOKEN_POOLS
        )
        for _ in range(2)
    ]
    return any(gained)


CARD = response_card(
    "rally",
    "Rally",
    AbilityKind.REACTION,
    {"activate_system": _others_there},
    "after you activate a system that contains another player's ships",
    handler=_rally,
)
