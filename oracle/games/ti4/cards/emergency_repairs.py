"""Emergency Repairs: at the start or the end of a combat round, every
damaged unit of the player in the active system that has Sustain Damage is
repaired (87.3)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import core, triggers

RULES = cite.cite("87.3")


def _in_combat(event: Event, ctx: Context) -> bool:
    return triggers.fighting(ctx, None) is not None


def _repair(ctx: Context) -> bool:
    combat = triggers.fighting(ctx, None)
    if combat is None:
        return False
    game, me = ctx.game, ctx.player.name
    system = core.system_card(game, combat.system)
    hurt = [u for u in st.units(game, system=system, owner=me) if core.damaged(u)]
    if not hurt:
        game.say(
            me,
            f"{me} has no damaged unit in {game.name_of(system)}: nothing is repaired",
            event="repair",
            rules=cite.ZERO_TARGETS,
        )
        return True

    def change() -> None:
        for unit in hurt:
            unit.data.pop("damaged", None)

    return changes.happen(
        game,
        "repair",
        player=me,
        message=f"{me} repairs {len(hurt)} damaged "
        f"{'unit' if len(hurt) == 1 else 'units'} in {game.name_of(system)}",
        change=change,
        rules=RULES,
    )


CARD = response_card(
    "emergency-repairs",
    "Emergency Repairs",
    AbilityKind.REACTION,
    {"combat_round_start": _in_combat, "combat_round_end": _in_combat},
    "at the start or at the end of a combat round",
    handler=_repair,
)
