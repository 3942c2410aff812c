"""Bunker: as an invasion begins, every Bombardment roll against a planet the
player controls gets -4 for the rest of that invasion (on each of their
planets in the active system)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import invasion
from oracle.games.ti4.combat.rolls import BOMBARDMENT, INVASION, Modifier

RULES = cite.cite("15.1", "56.2")


def _begins(event: Event, ctx: Context) -> bool:
    return invasion.current(ctx.game) is not None


def _bunker(ctx: Context) -> bool:
    found = invasion.current(ctx.game)
    if found is None:
        return False
    me = ctx.player.name
    shelter = Modifier("Bunker", "", frozenset({BOMBARDMENT}), -4, INVASION, against=me)

    def change() -> None:
        found.modifiers.append(shelter)

    return changes.happen(
        ctx.game,
        "modifier",
        player=me,
        message=f"Bombardment rolls against {me}'s planets get -4 for this invasion",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "bunker",
    "Bunker",
    AbilityKind.REACTION,
    {"invasion_start": _begins},
    "at the start of an invasion",
    handler=_bunker,
)
