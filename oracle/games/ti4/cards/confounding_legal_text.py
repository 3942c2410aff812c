"""Confounding Legal Text (Prophecy of Kings): played as another player wins
an agenda's election, it makes the one who played it the elected player
(predictions are then settled on that player: its official note)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import cite, voting
from oracle.games.ti4.cards.common import response_card


def _other_elected(event: Event, ctx: Context) -> bool:
    elected = voting.agenda_state(ctx.game).elected
    return elected not in ("", ctx.player.name)


def _confound(ctx: Context) -> bool:
    me = ctx.player.name
    voting.agenda_state(ctx.game).elected = me
    ctx.game.say(
        me,
        f"{me} is the elected player instead",
        event="elect_player",
        rules=cite.ELECT_PLAYER,
    )
    return True


CARD = response_card(
    "confounding-legal-text",
    "Confounding Legal Text",
    AbilityKind.REACTION,
    {"elect_player": _other_elected},
    "when another player is elected as the outcome of an agenda",
    handler=_confound,
)
