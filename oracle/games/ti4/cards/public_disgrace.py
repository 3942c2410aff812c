"""Public Disgrace: when another player chooses a strategy card, they must
choose a different one, if able."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import phases
from oracle.games.ti4.cards.common import response_card


def _other_chooses(event: Event, ctx: Context) -> bool:
    return event.player not in (None, ctx.player.name)


def _disgrace(ctx: Context) -> bool:
    event = ctx.event
    if event is None or event.player is None or event.card is None:
        return False
    event.cancel()
    ctx.game.say(
        ctx.player.name,
        f"{ctx.player.name} makes {event.player} choose a strategy card other than "
        f"{ctx.game.name_of(event.card)}, if able",
        event="public_disgrace",
    )
    phases.choose_strategy_card(ctx.game, event.player, exclude=event.card)
    return True


CARD = response_card(
    "public-disgrace",
    "Public Disgrace",
    AbilityKind.CANCEL,
    {"choose_strategy_card": _other_chooses},
    "when another player chooses a strategy card in the strategy phase",
    handler=_disgrace,
)
