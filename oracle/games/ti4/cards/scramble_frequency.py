"""Scramble Frequency (Codex): once another player has rolled dice for
Bombardment, Space Cannon or Anti-Fighter Barrage, that player rolls all of
them again (74.1: the new results stand)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import rolls
from oracle.games.ti4.combat.rolls import BARRAGE, BOMBARDMENT, SPACE_CANNON, Die

RULES = cite.cite("74.1", "74.2")
KINDS = (BARRAGE, BOMBARDMENT, SPACE_CANNON)


def _their_roll(event: Event, ctx: Context) -> bool:
    return (
        event.player not in (None, ctx.player.name)
        and event.param("kind") in KINDS
        and isinstance(event.param("dice"), list)
    )


def _scramble(ctx: Context) -> bool:
    event = ctx.event
    found = event.param("dice") if event is not None else None
    dice = [d for d in found if isinstance(d, Die)] if isinstance(found, list) else []
    if event is None or not dice:
        return False
    game, them = ctx.game, str(event.player)
    shown = rolls.reroll(game, them, dice)
    hits = sum(d.hit for d in dice)
    game.say(
        ctx.player.name,
        f"{them} rerolls every die of their {event.param('kind')} roll: "
        f"{', '.join(shown)}; {changes.plural(hits, 'hit')}",
        event="reroll",
        rules=RULES,
    )
    return True


CARD = response_card(
    "scramble-frequency",
    "Scramble Frequency",
    AbilityKind.REACTION,
    {"unit_roll": _their_roll},
    "after another player rolls dice for Bombardment, Space Cannon or "
    "Anti-Fighter Barrage",
    handler=_scramble,
)
