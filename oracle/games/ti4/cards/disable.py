"""Disable: as an invasion begins in a system holding PDS of the player's
opponents, those PDS lose Planetary Shield and Space Cannon until the
invasion ends. It does not reach back to Space Cannon Offense (card notes)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import core, invasion

RULES = cite.cite("65.3", "77.6")


def _their_pds(ctx: Context) -> set[str]:
    found = invasion.current(ctx.game)
    if found is None:
        return set()
    system = core.system_card(ctx.game, found.system)
    return {
        u.owner
        for u in st.units(ctx.game, system=system)
        if u.slug == "pds" and u.owner != ctx.player.name
    }


def _begins_near_pds(event: Event, ctx: Context) -> bool:
    found = invasion.current(ctx.game)
    return (
        found is not None
        and found.attacker == ctx.player.name
        and bool(_their_pds(ctx))
    )


def _disable(ctx: Context) -> bool:
    found = invasion.current(ctx.game)
    if found is None:
        return False
    owners = _their_pds(ctx)

    def change() -> None:
        found.disabled |= owners

    return changes.happen(
        ctx.game,
        "disable",
        player=ctx.player.name,
        message=f"The PDS of {', '.join(sorted(owners))} have neither Planetary "
        "Shield nor Space Cannon during this invasion",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "disable",
    "Disable",
    AbilityKind.REACTION,
    {"invasion_start": _begins_near_pds},
    "at the start of an invasion in a system with 1 or more PDS of your opponents",
    handler=_disable,
)
