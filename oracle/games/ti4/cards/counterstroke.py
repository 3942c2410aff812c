"""Counterstroke (Codex): after a player activates a system that holds one of
your command tokens, return that token to your tactic pool."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card


def _my_token_there(event: Event, ctx: Context) -> bool:
    system, me = event.card, ctx.player.name
    return (
        event.player not in (None, me)
        and system is not None
        and bool(system.token_count(st.token_key(me)))
    )


def _counter(ctx: Context) -> bool:
    game, player = ctx.game, ctx.player
    event = ctx.event
    system = event.card if event is not None else None
    key = st.token_key(player.name)
    if system is None or not system.token_count(key):
        return False

    def change() -> None:
        system.tokens.pop(key, None)
        player.resources[st.TACTIC] = player.resource(st.TACTIC) + 1

    return changes.happen(
        game,
        "remove_command_token",
        player=player.name,
        message=f"{player.name} takes their command token in "
        f"{game.name_of(system)} back into the tactic pool",
        change=change,
        rules=cite.TOKEN_POOLS,
    )


CARD = response_card(
    "counterstroke",
    "Counterstroke",
    AbilityKind.REACTION,
    {"activate_system": _my_token_there},
    "after a player activates a system that contains one of your command tokens",
    handler=_counter,
)
