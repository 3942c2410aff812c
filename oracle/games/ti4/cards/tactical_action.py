"""The tactical action (a rule component, not a printed card): activate a
system with a token from your tactic pool (89.1), then the movement step
(``movement.movement_step``: 58, 89.2), the hand-off to the steps after it
(``movement.after_movement``) and the production step
(``production.production_step``: 89.5, 67, 68)."""

from __future__ import annotations

from oracle.engine.core.abilities import action
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite, movement, production, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    SYSTEMS,
    Choice,
    Reason,
    Ti4Card,
    target_of,
)


def _tactical(ctx: Context) -> bool:
    game, me, system = ctx.game, ctx.player, ctx.card()

    def change() -> None:
        me.resources[st.TACTIC] = me.resource(st.TACTIC) - 1
        system.tokens[st.token_key(me.name)] = 1

    game.flags[tactical.FLAG] = tactical.Boosts()  # this action's effects
    activated = changes.happen(
        game,
        "activate_system",
        player=me.name,
        message=f"{me.name} activates {game.name_of(system)} with a token from the "
        "tactic pool",
        change=change,
        card=system,
        rules=cite.TACTIC_TOKEN,
    )
    if activated and not tactical.boosts(game).ended:  # Minister of Peace
        movement.movement_step(game, me.name, system)
        movement.after_movement(game, me.name, system)
        production.production_step(game, me.name, system)
    game.flags.pop(tactical.FLAG, None)
    return activated


def refuse(ctx: Context, system: Card) -> Reason | None:
    """A system without one of your command tokens."""
    if st.kind(ctx.game, system) != st.SYSTEM:
        return NOT_LEGAL
    if system.token_count(st.token_key(ctx.player.name)):
        return (
            f"{ctx.player.name} already has a command token in "
            f"{ctx.game.name_of(system)}",
            cite.TACTIC_TOKEN,
        )
    return None


def _tactic_token(ctx: Context) -> Reason | None:
    if ctx.player.resource(st.TACTIC) > 0:
        return None
    return (
        f"{ctx.player.name} has no command token in the tactic pool",
        cite.TACTIC_TOKEN,
    )


SYSTEM = Choice(SYSTEMS, refuse)

CARD = Ti4Card(
    "tactical-action",
    "Tactical Action",
    st.RULE,
    abilities=(
        action(
            target=target_of(SYSTEM, False),
            handler=_tactical,
            message="{player} performs a tactical action",
            rules=cite.TACTIC_TOKEN,
        ),
    ),
    choices={"target": SYSTEM},
    needs=(_tactic_token,),
)
