"""Space Cannon Offense (77.2 to 77.5): after movement, each player in turn,
the active player first and then clockwise, may fire the Space Cannon of
their units in the active system, and of their PDS in adjacent systems if
they own the PDS upgrade (77.3c)."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import cite, tactical, units
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core, hits, techs
from oracle.games.ti4.combat.rolls import SPACE_CANNON, roll

ORDER = cite.cite("77.2", "77.1")
RANGE = cite.cite("77.3c")
TARGET_ACTIVE = cite.cite("77.5a")
TARGET_CHOSEN = cite.cite("77.5b")
HOLD = "hold"
FIRE = "fire"


def rollers(game: Game, player: str, system: Card) -> list[Card]:
    """The units of ``player`` that may fire at ``system``: those in it with
    Space Cannon, and PDS with range 1 in adjacent systems (77.3c; adjacent as
    this tactical action has it, Lost Star Chart included)."""
    out = []
    for unit in st.units(game, owner=player):
        try:
            line = core.line(game, unit)
        except KeyError:  # a flagship or mech of no known faction fires nothing
            continue
        if line.space_cannon is None:
            continue
        here = st.system_of(game, unit)
        if here is system or (
            here is not None
            and line.space_cannon_range >= 1
            and tactical.adjacent(game, here, system)
        ):
            out.append(unit)
    return out


def offense(game: Game, system: Card) -> None:
    """Resolve Space Cannon Offense against the ships in ``system``."""
    active = game.clock.active_player
    docks = tactical.boosts(game).battlestation
    for seat in st.clockwise_from(game, active):
        player = seat.name
        found = rollers(game, player, system)
        dock = battlestation_dock(game, docks.get(player, ""))
        if dock is not None and player != active:
            _battlestation(game, player, active, system, found, dock)
            continue
        if not found:
            continue
        if player == active:
            aims = [p for p in core.fleets(game, system) if p != active]
            rules = TARGET_CHOSEN
        elif tactical.boosts(game).solar_flare:
            continue  # Solar Flare: no other player's space cannon at these ships
        else:
            aims = [active] if active in core.fleets(game, system) else []
            rules = TARGET_ACTIVE
        if not aims:
            continue
        options = (*aims, HOLD) if player == active else (FIRE, HOLD)
        prompt = Prompt(
            PromptKind.OPTION,
            player,
            "space-cannon:offense",
            options,
            rules=(*ORDER, *rules),
            why=f"{player} may fire Space Cannon at the ships in "
            f"{game.name_of(system)}",
        )
        answer = str(ask(game, prompt))
        if answer == HOLD:
            continue
        victim = aims[0] if answer == FIRE else answer
        far = any(st.system_of(game, u) is not system for u in found)
        why = f" at {victim}'s ships in {game.name_of(system)}"
        gravity = techs.graviton(game, player)
        minus = techs.deflectors(game, victim)
        plus = techs.plasma_scoring(game, player, found, SPACE_CANNON)
        dice = roll(game, player, SPACE_CANNON, found, minus, why, victim, extra=plus)
        if far:
            game.say(
                player,
                f"{player}'s PDS in adjacent systems fire too: they own the PDS "
                "upgrade",
                event="roll:space cannon",
                rules=RANGE,
            )
        scored = core.rolled(game, player, SPACE_CANNON, dice)
        hits.assign(
            game, victim, player, scored, SPACE_CANNON, system, big_ships=gravity
        )


BATTLESTATION = units.Roll(5, 3)
BATTLESTATION_RULES = cite.cite("77.2", "77.3", "77.3b", "77.5a")


def battlestation_dock(game: Game, dock_id: str) -> Card | None:
    """The space dock named for Experimental Battlestation, if still on the
    board."""
    if not dock_id:
        return None
    return next((u for u in st.units(game) if u.id == dock_id), None)


def _battlestation(
    game: Game,
    player: str,
    active: str,
    system: Card,
    found: list[Card],
    dock: Card,
) -> None:
    """A player who played Experimental Battlestation fires in their turn of
    Space Cannon Offense: the chosen space dock rolls Space Cannon 5 (x3), with
    their other units if they choose to fire them too; every hit goes to the
    active player's ships (card notes)."""
    if active not in core.fleets(game, system):
        return  # nothing left to fire at
    found = [u for u in found if u is not dock]
    if found:
        prompt = Prompt(
            PromptKind.OPTION,
            player,
            "space-cannon:offense",
            (FIRE, HOLD),
            rules=(*ORDER, *TARGET_ACTIVE),
            why=f"{player}'s space dock fires for Experimental Battlestation; "
            f"{player} may fire their other Space Cannon units with it",
        )
        if str(ask(game, prompt)) == HOLD:
            found = []
    why = f" at {active}'s ships in {game.name_of(system)}"
    gravity = techs.graviton(game, player)
    minus = techs.deflectors(game, active)
    plus = techs.plasma_scoring(game, player, [*found, dock], SPACE_CANNON)
    dice = roll(game, player, SPACE_CANNON, found, minus, why, active, extra=plus)
    dice += roll(
        game,
        player,
        SPACE_CANNON,
        [dock],
        minus,
        f"{why} by Experimental Battlestation",
        active,
        rules=BATTLESTATION_RULES,
        grant=BATTLESTATION,
        extra=plus,
    )
    scored = core.rolled(game, player, SPACE_CANNON, dice)
    hits.assign(game, active, player, scored, SPACE_CANNON, system, big_ships=gravity)
