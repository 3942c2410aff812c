"""X-89 Bacterial Weapon, the base game's printing: as a component action,
exhaust it and choose a planet in a system holding at least one of your ships
with Bombardment; every infantry on that planet is destroyed, whoever owns it,
Planetary Shield or not (65.1). The Codex printing is its own card
(``x_89_bacterial_weapon_omega.py``)."""

from __future__ import annotations

from oracle.engine.core.abilities import action
from oracle.engine.core.cards import Card
from oracle.engine.core.context import Context
from oracle.engine.core.game import Game
from oracle.engine.flow.costs import exhaust_self
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    NOT_LEGAL,
    PLANETS,
    Choice,
    Reason,
    Ti4Card,
    target_of,
    targets_exist,
)
from oracle.games.ti4.combat import core
from oracle.games.ti4.units import UnitStats

NAME = "X-89 Bacterial Weapon"


def _line(game: Game, unit: Card) -> UnitStats | None:
    """A unit's line (None for a flagship or mech of no known faction)."""
    try:
        return core.line(game, unit)
    except KeyError:
        return None


def has_bombardment(game: Game, unit: Card) -> bool:
    """Whether a unit's line has Bombardment."""
    found = _line(game, unit)
    return found is not None and found.bombardment is not None


def _spread(ctx: Context) -> bool:
    game, planet, me = ctx.game, ctx.card(), ctx.player.name
    where = game.name_of(planet)
    infantry = st.on_planet(game, planet, "infantry")
    if not infantry:
        game.say(
            me,
            f"No infantry stands on {where}: whether {NAME} may be aimed at a "
            "planet without infantry is not modelled",
            event="destroy_units",
            rules=cite.NOT_RESOLVABLE,
            modelled=False,
        )
        return True
    lines = [_line(game, u) for u in st.on_planet(game, planet)]
    shielded = any(found is not None and found.planetary_shield for found in lines)
    rules = (*cite.X89_ACTION, *(cite.X89_SHIELD if shielded else ()))
    # The player's own infantry first, then the others' by name.
    for owner in sorted({str(u.owner) for u in infantry}, key=lambda o: (o != me, o)):
        mine = [u for u in infantry if u.owner == owner]
        changes.destroy_units(game, me, mine, rules)
    return True


def refuse(ctx: Context, planet: Card) -> Reason | None:
    """A planet in a system with one of your ships that has Bombardment."""
    game, me = ctx.game, ctx.player.name
    if st.kind(game, planet) != st.PLANET:
        return NOT_LEGAL
    system = st.system_of(game, planet)
    if system is None:
        return NOT_LEGAL
    if any(has_bombardment(game, u) for u in st.ships(game, system, me)):
        return None
    return (
        f"{me} has no ship with Bombardment in {game.name_of(system)}",
        cite.X89_ACTION,
    )


def _nowhere(ctx: Context) -> Reason:
    return (
        f"{ctx.player.name} has no ship with Bombardment in a system with a planet",
        (*cite.X89_ACTION, *cite.NOT_RESOLVABLE),
    )


PLANET = Choice(PLANETS, refuse, none=_nowhere)

CARD = Ti4Card(
    "x-89-bacterial-weapon",
    NAME,
    st.TECHNOLOGY,
    abilities=(
        action(
            cost=exhaust_self(),
            target=target_of(PLANET, False),
            handler=_spread,
            message="{player} uses X-89 Bacterial Weapon",
            rules=cite.X89_ACTION,
        ),
    ),
    data={"color": "G"},
    timing="as a component action on your turn in the action phase",
    choices={"target": PLANET},
    needs=(targets_exist,),
)
