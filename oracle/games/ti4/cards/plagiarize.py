"""Plagiarize (Codex): spend 5 influence to gain a non-faction technology one
of your neighbours owns."""

from __future__ import annotations

from oracle.engine.core.abilities import Target
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.game import PLAY
from oracle.games.ti4 import changes, cite, data, research
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PAYING_PLANETS,
    Choice,
    Reason,
    action_card,
)


def _plagiarize(ctx: Context) -> bool:
    seen = ctx.card()
    # False only if the technology left the deck since it was chosen: nothing
    # takes it there.
    return changes.gain_technology(
        ctx.game,
        ctx.player.name,
        seen.slug,
        f", owned by {seen.controller}",
        cite.GAIN_TECH,
    )


def refuse(ctx: Context, tech: Card) -> Reason | None:
    """A non-faction technology a neighbour owns and you do not."""
    info = data.TECHNOLOGIES.get(tech.slug)
    game, me = ctx.game, ctx.player.name
    if info is None:
        return NOT_LEGAL
    if info.faction:
        return f"{game.name_of(tech)} is a faction technology", cite.GAIN_TECH
    if tech.controller == me or st.owns(game, me, tech.slug):
        return f"{me} already owns {game.name_of(tech)}", cite.GAIN_TECH
    if unit := research.replaced_upgrade(game, me, tech.slug):
        return (
            f"{me} cannot gain {game.name_of(tech)}: their faction has its own "
            f"{unit.replace('-', ' ')} upgrade in its place",
            cite.OWN_UPGRADE,
        )
    neighbours = [p.name for p in st.neighbors(game, me)]
    if (
        tech.zone != PLAY
        or tech.controller not in neighbours
        or not st.in_tech_deck(game, me, tech.slug)
    ):
        return f"{tech.controller} is not a neighbour of {me}", cite.NEIGHBORS
    return None


CARD = action_card(
    "plagiarize",
    "Plagiarize",
    _plagiarize,
    choices={
        "target": Choice(Target(zone=PLAY, card_type=st.TECHNOLOGY), refuse),
        "planets": PAYING_PLANETS,
    },
    cost=costs.influence(5),
)
