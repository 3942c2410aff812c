"""Focused Research: spend 4 trade goods to research a technology."""

from __future__ import annotations

from oracle.engine.core.context import Context
from oracle.games.ti4 import cite, data, research
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards import costs
from oracle.games.ti4.cards.common import Choice, Reason, action_card, options


def _research(ctx: Context) -> bool:
    game, me, slug = ctx.game, ctx.player.name, ctx.option()
    if refuse(ctx, slug) is not None:  # legal when chosen; nothing changed it
        return False
    if research.propagates(game, me):
        research.propagate(game, me, "Focused Research")
        return True
    return research.research(game, me, slug)


def refuse(ctx: Context, slug: str) -> Reason | None:
    """A technology of your technology deck whose prerequisites you meet
    (90.12), some maybe ignored with technology specialties (90.14). The
    Nekro Virus may name any: Propagation replaces the research (its note)."""
    info = data.TECHNOLOGIES.get(slug)
    game, me = ctx.game, ctx.player.name
    if info is None:
        return f"{slug} is not a technology", cite.RESEARCH
    if research.propagates(game, me):
        return None
    if unit := research.replaced_upgrade(game, me, slug):
        return (
            f"{me} cannot research {info.name}: their faction has its own "
            f"{unit.replace('-', ' ')} upgrade in its place",
            cite.OWN_UPGRADE,
        )
    if st.in_tech_deck(game, me, slug) and research.can_meet(game, me, slug):
        return None
    if info.faction and info.faction != st.seat(game, me).faction:
        return (
            f"{me} cannot research {info.name}, a faction technology of another "
            "faction",
            cite.RESEARCH_FACTION,
        )
    if st.owns(game, me, slug):
        return f"{me} already owns {info.name}", cite.RESEARCH
    if not st.in_tech_deck(game, me, slug):
        return f"{info.name} is not in the technology deck of {me}", cite.RESEARCH
    return research.unmet(game, me, slug), (*cite.RESEARCH, *cite.PREREQUISITES)


# The technology deck is counted stock, not cards, so the target names a
# technology as an option (every known one, in data order); the card is taken
# from the deck when the research resolves.
CARD = action_card(
    "focused-research",
    "Focused Research",
    _research,
    choices={"target": Choice(options(list(data.TECHNOLOGIES)), refuse)},
    cost=costs.trade_goods(4),
)
