"""Deadly Plot (Prophecy of Kings): as an outcome is about to be resolved, a
player who backed some other outcome (by votes or a prediction) discards the
agenda instead: it
has no effect and is not replaced; then exhaust each of your planets. Its
official notes: every prediction is then wrong and does not resolve."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite, voting
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes
from oracle.games.ti4.cards.common import response_card


def _backed_another(event: Event, ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    outcome = event.param("outcome")
    state = voting.agenda_state(game)
    vote = state.votes.get(me)
    if vote is not None and vote[0] != outcome:
        return True
    return any(p.player == me and p.outcome != outcome for p in state.predictions)


def _plot(ctx: Context) -> bool:
    game, me, event = ctx.game, ctx.player.name, ctx.event
    plotted = event.card if event is not None else None
    if event is None or plotted is None:
        return False
    event.cancel()
    outcomes.discard(
        game, me, plotted, "with no effect (Deadly Plot)", cite.DIRECTIVE_DONE
    )
    for planet in st.controlled_planets(game, me):
        if not planet.exhausted:
            changes.exhaust_planet(game, me, planet, "(Deadly Plot)")
    return True


CARD = response_card(
    "deadly-plot",
    "Deadly Plot",
    AbilityKind.CANCEL,
    {"resolve_outcome": _backed_another},
    "as an agenda's outcome is about to be resolved, by a player whose vote or "
    "prediction backed another outcome",
    handler=_plot,
)
