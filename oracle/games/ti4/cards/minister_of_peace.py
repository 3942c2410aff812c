"""Minister of Peace (a law owned by the elected player): after any player
activates a system holding a unit of a player other than the active player,
its owner may discard it to end the active player's turn at once.

The owner needs no unit there (its note). Once it is used, no other
"after ... activates a system" ability may follow in that window (the
``minister-of-peace`` rule check, ``rules.py``), the movement and production
steps are skipped (``tactical.Boosts.ended``) and the turn ends as after any
action, so end-of-turn abilities still apply.
"""

from __future__ import annotations

from oracle.engine.core.abilities import reaction
from oracle.engine.core.cards import CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import minister_of_war, outcomes


def _others_there(event: Event, ctx: Context) -> bool:
    system, active = event.card, event.player
    if system is None or active is None or tactical.boosts(ctx.game).ended:
        return False
    return any(u.owner != active for u in st.units(ctx.game, system=system))


def _end_turn(ctx: Context) -> bool:
    game, event, law = ctx.game, ctx.event, ctx.source
    if event is None or event.player is None or law is None:
        return False
    outcomes.discard(game, ctx.player.name, law, "by its owner", cite.MINISTER_OF_PEACE)
    tactical.boosts(game).ended = True
    active = event.player
    game.flags[minister_of_war.CUT_SHORT] = active
    game.say(
        active,
        f"{active}'s turn ends at once (Minister of Peace): no movement, no production",
        event="effect",
        rules=cite.MINISTER_OF_PEACE,
    )
    return True


CARD = CardDef(
    "minister-of-peace",
    "Minister of Peace",
    st.LAW,
    abilities=(
        reaction(
            {"activate_system": _others_there},
            handler=_end_turn,
            message="{player} uses Minister of Peace",
            rules=cite.MINISTER_OF_PEACE,
        ),
    ),
)
