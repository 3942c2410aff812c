"""Reflective Shielding (Codex): when one of the player's ships uses Sustain
Damage during a combat, the player produces 2 hits against the opponent's
ships in the active system.

By the card notes: played in the Assign Hits step, the 2 hits join the hits
the player's combat roll produced just before (78.5d), so the opponent
assigns them with those, and may cancel them with Sustain Damage or Shields
Holding as any other hit; the opponent's units that already cancelled some of
those hits stay damaged, since nothing in the pack repairs a unit inside that
step. When the opponent has already assigned the roll's hits (the attacker's
are assigned first), they assign the 2 in the same step, right after
(``space.assign_late``). Played at another moment of the combat (a ship
cancelling a hit of an anti-fighter barrage under Waylay), the hits are
assigned at once. Space Cannon Offense comes before any combat (77.N2), so a
ship's Sustain Damage there cannot be answered.
"""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import core, hits, triggers
from oracle.games.ti4.combat.rolls import COMBAT

HITS = 2
JOINED = cite.cite("78.5d", "78.6")
AT_ONCE = cite.cite("78.6", "87.4")


def _my_ship_sustains(event: Event, ctx: Context) -> bool:
    ship = event.card
    return (
        triggers.fighting(ctx) is not None
        and event.player == ctx.player.name
        and ship is not None
        and ship.owner == ctx.player.name
        and st.is_ship(ctx.game, ship)
    )


def _reflect(ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    if combat is None:
        return False
    game, me = ctx.game, ctx.player.name
    them = combat.opponent(me)
    system = core.system_card(game, combat.system)
    produced = f"{me} produces {HITS} hits against {them}'s ships"
    pool = combat.unassigned
    if pool is None:
        done = changes.happen(
            game,
            "produce_hits",
            player=me,
            message=f"{produced} in {game.name_of(system)}: {them} assigns them "
            "at once",
            change=_nothing,
            rules=AT_ONCE,
        )
        if done:
            hits.assign(game, them, me, HITS, COMBAT, system)
        return done
    text = f"{produced}: they join the hits of {me}'s combat roll"
    into = pool
    if me not in pool:  # the opponent has assigned those already
        into = combat.late
        text += f", and {them} assigns them in this step too"

    def change() -> None:
        into[me] = into.get(me, 0) + HITS

    return changes.happen(
        game, "produce_hits", player=me, message=text, change=change, rules=JOINED
    )


def _nothing() -> None:
    return None


CARD = response_card(
    "reflective-shielding",
    "Reflective Shielding",
    AbilityKind.REACTION,
    {"sustain_damage": _my_ship_sustains},
    "when one of your ships uses Sustain Damage during a combat",
    handler=_reflect,
)
