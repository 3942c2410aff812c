"""Direct Hit: a ship of another player that has just cancelled, with
Sustain Damage, a hit the player's units or abilities produced is destroyed.
One copy may follow each use of Sustain Damage, in combat or not (card
notes); a mech is no ship, and a Dreadnought II is out of its reach."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.engine.core.game import PLAY
from oracle.games.ti4 import cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import hits

RULES = cite.cite("87.5", "87.4")


def _sustained_against_me(event: Event, ctx: Context) -> bool:
    ship = event.card
    return (
        event.param("by") == ctx.player.name
        and ship is not None
        and ship.zone == PLAY
        and ship.owner != ctx.player.name
        and st.is_ship(ctx.game, ship)
        # Dreadnought II: "cannot be destroyed by Direct Hit" (its card).
        and not (
            ship.slug == "dreadnought"
            and st.owns(ctx.game, str(ship.owner), "dreadnought-ii")
        )
    )


def _destroy(ctx: Context) -> bool:
    event = ctx.event
    ship = event.card if event is not None else None
    if ship is None or ship.zone != PLAY:
        return False
    return hits.destroy(ctx.game, ctx.player.name, ship, RULES)


CARD = response_card(
    "direct-hit",
    "Direct Hit",
    AbilityKind.REACTION,
    {"sustain_damage": _sustained_against_me},
    "after another player's ship cancels a hit from your units or abilities "
    "with Sustain Damage",
    handler=_destroy,
)
