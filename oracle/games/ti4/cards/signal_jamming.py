"""Signal Jamming: place a command token of another player's (from their
reinforcements) in a non-home system that contains or is adjacent to one of
your ships (offensive)."""

from __future__ import annotations

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    OTHER_PLAYERS,
    SYSTEMS,
    Choice,
    Reason,
    action_card,
    nothing,
)


def _jamming(ctx: Context) -> bool:
    victim = ctx.chosen_player("player")
    system = ctx.card("system")
    return changes.place_command_token(ctx.game, victim, system, ctx.player.name, ())


def refuse_system(ctx: Context, system: Card) -> Reason | None:
    """A non-home system that contains or is next to one of your ships."""
    game, me = ctx.game, ctx.player.name
    if st.kind(game, system) != st.SYSTEM:
        return NOT_LEGAL
    if st.is_home(game, system):
        return (
            f"{game.name_of(system)} is a home system, and Signal Jamming chooses a "
            "non-home system",
            cite.PLAY,
        )
    if not any(
        st.ships(game, s, me)
        for s in st.systems(game)
        if s is system or st.adjacent(game, s, system)
    ):
        return (
            f"{game.name_of(system)} neither contains nor is adjacent to a ship of "
            f"{me}",
            cite.PLAY,
        )
    return None


def refuse_player(ctx: Context, player: Player) -> Reason | None:
    """A player with a command token to place (reinforcements or a pool, 20.3b)."""
    if any(player.resource(k) > 0 for k in (st.TOKENS_LEFT, *st.POOLS)):
        return None
    return (
        f"{player.name} has no command token in reinforcements or in a pool, so "
        "none can be placed",
        (*cite.TOKEN_FROM_POOL, *cite.TARGETS_EXIST),
    )


CARD = action_card(
    "signal-jamming",
    "Signal Jamming",
    _jamming,
    choices={
        "system": Choice(
            SYSTEMS,
            refuse_system,
            none=lambda ctx: nothing(
                "Signal Jamming cannot be played: no non-home system contains or is "
                f"adjacent to a ship of {ctx.player.name}"
            ),
        ),
        "player": Choice(OTHER_PLAYERS, refuse_player),
    },
    offensive=True,
)
