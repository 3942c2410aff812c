"""Repeal Law: discard a law in play."""

from __future__ import annotations

from oracle.engine.core.abilities import Target
from oracle.engine.core.context import Context
from oracle.engine.core.game import PLAY
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes
from oracle.games.ti4.cards.common import Choice, action_card, nothing


def _repeal(ctx: Context) -> bool:
    game, law = ctx.game, ctx.card()
    owner = law.owner if law.zone == PLAY else ""

    def change() -> None:
        game.move(law, st.AGENDA_DISCARD, top=True)

    done = changes.happen(
        game,
        "discard_law",
        player=ctx.player.name,
        message=f"{ctx.player.name} discards the law {game.name_of(law)}",
        change=change,
        card=law,
        rules=cite.LAW_DISCARDED,
    )
    if done:  # e.g. Political Censure takes its point back
        outcomes.left_play(game, law, owner)
    return done


CARD = action_card(
    "repeal-law",
    "Repeal Law",
    _repeal,
    choices={
        "target": Choice(
            Target(card_type=st.LAW, zone=(st.LAWS, PLAY)),
            none=lambda ctx: nothing(
                "Repeal Law cannot be played: there is no law in play"
            ),
        )
    },
)
