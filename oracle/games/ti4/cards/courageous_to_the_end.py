"""Courageous to the End: after one of the player's ships is destroyed in a
space combat, they roll 2 dice; for each result at or above that ship's
combat value, the opponent picks one of their own ships and destroys it.
No combat-roll modifier applies to these dice, and nothing that cancels hits
can save those ships (card notes, 87.5)."""

from __future__ import annotations

from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.context import Context
from oracle.engine.core.events import Event
from oracle.games.ti4 import changes, cite
from oracle.games.ti4.cards.common import response_card
from oracle.games.ti4.combat import core, hits, triggers

RULES = cite.cite("18.1", "87.5")
CHOOSE = cite.cite("31.1")


def _my_ship_destroyed(event: Event, ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    return (
        combat is not None
        and combat.destroyed_ship
        and combat.destroyed_owner == ctx.player.name
        and combat.destroyed_value > 0
    )


def _courage(ctx: Context) -> bool:
    combat = triggers.fighting(ctx)
    if combat is None:
        return False
    game, me = ctx.game, ctx.player.name
    value = combat.destroyed_value
    faces = [changes.roll(game, me), changes.roll(game, me)]
    count = sum(face >= value for face in faces)
    them = combat.opponent(me)
    game.say(
        me,
        f"{me} rolls 2 dice against the destroyed ship's combat value of {value}: "
        f"{faces[0]} and {faces[1]}; {them} must destroy "
        f"{changes.plural(count, 'ship')} of their own",
        event="roll:courageous",
        rules=RULES,
    )
    system = core.system_card(game, combat.system)
    for _ in range(count):
        ships = core.ships_in(game, system, them)
        if not ships:
            break
        (ship,) = hits.pick_own(game, them, ships, 1, "combat:destroy-own-ship", CHOOSE)
        hits.destroy(game, them, ship, RULES)
    return True


CARD = response_card(
    "courageous-to-the-end",
    "Courageous to the End",
    AbilityKind.REACTION,
    {"destroy_units": _my_ship_destroyed},
    "after one of your ships is destroyed during a space combat",
    handler=_courage,
)
