"""Trigger tests for the combat windows, shared by the combat cards."""

from __future__ import annotations

from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes
from oracle.games.ti4.combat import core
from oracle.games.ti4.combat.rolls import MODIFIED, Modifier


def fighting(ctx: Context, kind: str | None = core.SPACE) -> core.Combat | None:
    """The combat in progress if the card's player fights in it (and it is of
    ``kind``, unless None)."""
    combat = core.current(ctx.game)
    if combat is None or (kind is not None and combat.kind != kind):
        return None
    if ctx.player.name not in (combat.attacker, combat.defender):
        return None
    return combat


def round_starts(event: Event, ctx: Context) -> bool:
    """At the start of a round of a space combat the player fights in."""
    return fighting(ctx) is not None


def any_round_starts(event: Event, ctx: Context) -> bool:
    """At the start of a round of any combat (space or ground) the player
    fights in."""
    return fighting(ctx, None) is not None


def first_round_starts(event: Event, ctx: Context) -> bool:
    """At the start of the first round of a space combat (78.2a)."""
    return fighting(ctx) is not None and event.param("round") == 1


def add_modifier(
    game: Game, combat: core.Combat, modifier: Modifier, text: str
) -> bool:
    """Put a modifier in force for the combat, logged with rule 56.2."""

    def change() -> None:
        combat.modifiers.append(modifier)

    return changes.happen(
        game,
        "modifier",
        player=modifier.player,
        message=text,
        change=change,
        rules=MODIFIED,
    )
