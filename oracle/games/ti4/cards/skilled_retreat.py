"""Skilled Retreat: as a combat round starts, the player moves all of their
ships in the active system into one adjacent system free of other players'
ships; the space combat ends in a draw, and they place a command token from
reinforcements there. It is no retreat: Intercept cannot stop it. Fighters
move on their own; ground forces go as capacity allows (card notes)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    SYSTEMS,
    Choice,
    Reason,
    response_card,
    targets_exist,
)
from oracle.games.ti4.combat import core, space, triggers

DRAW = cite.cite("78.10")
ADJACENT = cite.cite("6.1", "6.2a")
BARRED = cite.cite("59.1", "59.N1", "86.1", "11.1")


def refuse(ctx: Context, system: Card) -> Reason | None:
    """An adjacent system without another player's ships, into which the
    player's ships may move (not a nebula: card notes, 59.N1)."""
    combat = triggers.fighting(ctx)
    if combat is None or st.kind(ctx.game, system) != st.SYSTEM:
        return NOT_LEGAL
    here = core.system_card(ctx.game, combat.system)
    if not tactical.adjacent(ctx.game, here, system):
        return (
            f"{ctx.game.name_of(system)} is not adjacent to the active system",
            ADJACENT,
        )
    if space.barred(ctx.game, ctx.player.name, system):
        return (
            f"{ctx.player.name}'s ships may not move into "
            f"{ctx.game.name_of(system)}, an anomaly",
            BARRED,
        )
    others = [p for p in core.fleets(ctx.game, system) if p != ctx.player.name]
    if others:
        return (
            f"{ctx.game.name_of(system)} holds ships of {others[0]}",
            cite.PLAY,
        )
    return None


def _nowhere(ctx: Context) -> Reason | None:
    return (
        f"Skilled Retreat cannot be played: no adjacent system is free of "
        f"{ctx.player.name}'s opponents' ships",
        cite.TARGETS_EXIST,
    )


def _retreat(ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    if combat is None:
        return False
    game, me = ctx.game, ctx.player
    here = core.system_card(game, combat.system)
    target = ctx.card()
    space.move_out(game, me.name, here, target, cite.PLAY, every_ship=True)
    combat.over = combat.draw = True
    game.say(
        me.name,
        "The space combat ends in a draw",
        event="combat",
        rules=DRAW,
    )
    changes.place_command_token(game, me, target, me.name, cite.PLAY)
    return True


CARD = response_card(
    "skilled-retreat",
    "Skilled Retreat",
    AbilityKind.REACTION,
    {"combat_round_start": triggers.round_starts},
    "at the start of a combat round",
    handler=_retreat,
    choices={"target": Choice(SYSTEMS, refuse, none=_nowhere)},
    needs=(targets_exist,),
)
