"""Summit: at the start of the strategy phase, gain 2 command tokens."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes
from oracle.games.ti4.cards.common import phase_starts, response_card


def _summit(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player
    for _ in range(2):
        pool = changes.pick_pool(game, me.name, "summit:pool")
        changes.gain_command_token(game, me, pool, "(Summit)")
    return True


CARD = response_card(
    "summit",
    "Summit",
    AbilityKind.REACTION,
    {"period_start": phase_starts("strategy")},
    "at the start of the strategy phase",
    handler=_summit,
)
