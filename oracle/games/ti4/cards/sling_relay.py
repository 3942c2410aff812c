"""Sling Relay (Prophecy of Kings technology): as a component action, exhaust
it to produce one ship in a system that holds one of your space docks; the ship
is paid for as usual, and the card cannot be used without producing one."""

from __future__ import annotations

from oracle.engine.core.abilities import action
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.flow.costs import exhaust_self
from oracle.games.ti4 import cite, production
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

NAME = "Sling Relay"


def _sling(ctx: Context) -> bool:
    return production.produce_ship(
        ctx.game, ctx.player.name, ctx.card(), NAME, cite.SLING_RELAY
    )


def refuse(ctx: Context, system: Card) -> Reason | None:
    """A system with one of your space docks where you can produce a ship."""
    game, me = ctx.game, ctx.player.name
    if st.kind(game, system) != st.SYSTEM:
        return NOT_LEGAL
    name = game.name_of(system)
    docks = st.units(game, system=system, owner=me)
    if not any(u.slug == "space-dock" for u in docks):
        return f"{me} has no space dock in {name}", cite.SLING_RELAY
    if any(u.owner != me for u in st.ships(game, system)):
        return (
            f"another player has ships in {name}, so no ship can be produced there",
            cite.NO_SHIPS_WITH_OTHERS,
        )
    if not production.ships_to_produce(game, me, system):
        return (
            f"{me} cannot pay for or place any ship in {name}",
            (*cite.RESOURCE_SPEND, *cite.RESERVE_LIMIT),
        )
    return None


def _nowhere(ctx: Context) -> Reason:
    """No legal system: say why for each system with one of the player's docks."""
    game, me = ctx.game, ctx.player.name
    why = [
        found
        for system in st.systems(game)
        if (found := refuse(ctx, system)) is not None and found[1] != cite.SLING_RELAY
    ]
    text = f"{me} has no system where {NAME} can produce a ship"
    if why:
        text += ": " + "; ".join(reason for reason, _ in why)
    rules = tuple(dict.fromkeys(r for _, ids in why for r in ids))
    return text, (*cite.SLING_RELAY, *rules)


SYSTEM = Choice(SYSTEMS, refuse, none=_nowhere)

CARD = Ti4Card(
    "sling-relay",
    NAME,
    st.TECHNOLOGY,
    abilities=(
        action(
            cost=exhaust_self(),
            target=target_of(SYSTEM, False),
            handler=_sling,
            message="{player} uses Sling Relay",
            rules=cite.SLING_RELAY,
        ),
    ),
    data={"color": "B"},
    timing="as a component action on your turn in the action phase",
    choices={"target": SYSTEM},
    needs=(targets_exist,),
)
