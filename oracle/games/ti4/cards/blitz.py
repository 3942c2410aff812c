"""Blitz (Codex): as an invasion begins, each of the player's non-fighter
ships in the active system that lacks Bombardment has Bombardment 6 until
the invasion ends. Only the active player bombards (15.N3)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import invasion

RULES = cite.cite("15.1", "15.N3")


def _my_invasion(event: Event, ctx: Context) -> bool:
    found = invasion.current(ctx.game)
    return found is not None and found.attacker == ctx.player.name


def _blitz(ctx: Context) -> bool:
    found = invasion.current(ctx.game)
    if found is None:
        return False

    def change() -> None:
        found.blitz = True

    return changes.happen(
        ctx.game,
        "blitz",
        player=ctx.player.name,
        message=f"{ctx.player.name}'s non-fighter ships without Bombardment have "
        "Bombardment 6 for this invasion",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "blitz",
    "Blitz",
    AbilityKind.REACTION,
    {"invasion_start": _my_invasion},
    "at the start of an invasion",
    handler=_blitz,
)
