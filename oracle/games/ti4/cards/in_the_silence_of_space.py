"""In The Silence Of Space: after you activate a system, choose a system; your
ships there may move through systems that hold other players' ships during
this tactical action."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.games.ti4 import cite, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import SYSTEMS, Choice, response_card


def _silence(ctx: Context) -> bool:
    system = ctx.card()
    tactical.boosts(ctx.game).silence = st.system_id(system)
    me = ctx.player.name
    ctx.game.say(
        me,
        f"{st.pronoun_possessive(me)} ships in {ctx.game.name_of(system)} may move "
        "through systems that hold other players' ships during this tactical action",
        event="effect",
        rules=cite.MOVE_BLOCKED,
    )
    return True


CARD = response_card(
    "in-the-silence-of-space",
    "In The Silence Of Space",
    AbilityKind.REACTION,
    {"activate_system": tactical.activated_by_me},
    "after you activate a system",
    handler=_silence,
    choices={"target": Choice(SYSTEMS)},
)
