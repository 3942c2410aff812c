"""The combat steps of a tactical action (a rule component, not a printed
card): a scenario that starts after the movement of ships uses it on the
active system, which must hold the active player's command token (89.1a).
It runs Space Cannon Offense and the space combat (``combat.after_movement``).
"""

from __future__ import annotations

from oracle.engine.core.abilities import action
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import cite
from oracle.games.ti4 import combat as fighting
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    SYSTEMS,
    Choice,
    Reason,
    Ti4Card,
    target_of,
    targets_exist,
)

ACTIVE_SYSTEM = cite.cite("89.1a", "5.1")


def _after_movement(ctx: Context) -> bool:
    fighting.after_movement(ctx.game, ctx.card())
    return True


def refuse(ctx: Context, system: Card) -> Reason | None:
    """The active system: one holding the player's command token."""
    if st.kind(ctx.game, system) != st.SYSTEM:
        return NOT_LEGAL
    if not system.token_count(st.token_key(ctx.player.name)):
        return (
            f"{ctx.game.name_of(system)} is not the active system: it holds no "
            f"command token of {ctx.player.name} (list them in its tokens)",
            ACTIVE_SYSTEM,
        )
    return None


def _no_active_system(ctx: Context) -> Reason | None:
    return (
        f"{ctx.player.name} has no command token on the board, so no system is "
        "active: list it in the tokens of the system the combat is in",
        ACTIVE_SYSTEM,
    )


SYSTEM = Choice(SYSTEMS, refuse, none=_no_active_system)

CARD = Ti4Card(
    "combat",
    "Combat",
    st.RULE,
    abilities=(
        action(
            target=target_of(SYSTEM, False),
            handler=_after_movement,
            message="{player} goes on with a tactical action after movement",
            rules=cite.cite("89.2c", "89.3"),
        ),
    ),
    choices={"target": SYSTEM},
    needs=(targets_exist,),
)
