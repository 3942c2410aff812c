"""Harness Energy (Codex): after you activate an anomaly, replenish your
commodities (even when they are already full, per the card's note)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite, paths
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card


def _anomaly(event: Event, ctx: Context) -> bool:
    system = event.card
    return (
        event.player == ctx.player.name
        and system is not None
        and bool(paths.anomalies(ctx.game, system))
    )


def _harness(ctx: Context) -> bool:
    game, player = ctx.game, ctx.player
    value = st.seat(game, player.name).commodity_value

    def change() -> None:
        player.resources[st.COMMODITIES] = value

    return changes.happen(
        game,
        "replenish_commodities",
        player=player.name,
        message=f"{player.name} replenishes commodities to {value}",
        change=change,
        rules=cite.REPLENISH,
    )


CARD = response_card(
    "harness-energy",
    "Harness Energy",
    AbilityKind.REACTION,
    {"activate_system": _anomaly},
    "after you activate a system that is an anomaly",
    handler=_harness,
)
