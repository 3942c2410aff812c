"""Generic technologies acting in combat: Antimass Deflectors, Assault
Cannon, Duranium Armor and Graviton Laser System (text in own words in each
function). Their owners are read with ``state.owns``; an exhausted card
(Graviton Laser System) is not used."""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY, Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.core.refs import labels
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core, hits
from oracle.games.ti4.combat.rolls import (
    BOMBARDMENT,
    COMBAT_LONG,
    SPACE_CANNON,
    Modifier,
)

ANTIMASS = "antimass-deflectors"
ASSAULT = "assault-cannon"
DURANIUM = "duranium-armor"
GRAVITON = "graviton-laser-system"
USE = "use"
HOLD = "hold"
TECH = cite.cite("90.1")
ASSAULT_RULES = cite.cite("87.5", "31.1")
DURANIUM_RULES = cite.cite("87.3")
PLASMA_RULES = cite.cite("90.1", "77.N3", "15.N6")


def deflectors(game: Game, target: str) -> list[Modifier]:
    """Antimass Deflectors: space cannon rolls aimed at the owner's units get
    -1 on each die."""
    if not st.owns(game, target, ANTIMASS):
        return []
    return [
        Modifier(
            "Antimass Deflectors",
            "",
            frozenset({SPACE_CANNON}),
            -1,
            COMBAT_LONG,
            against=target,
        )
    ]


def assault_cannon(game: Game, combat: core.Combat, system: Card) -> None:
    """Assault Cannon: at the start of a space combat, a player with 3 or more
    non-fighter ships in the system makes their opponent destroy one of
    their own non-fighter ships (mandatory; attacker first, 13.N2)."""
    for player in (combat.attacker, combat.defender):
        if not st.owns(game, player, ASSAULT):
            continue
        mine = [u for u in core.ships_in(game, system, player) if u.slug != "fighter"]
        if len(mine) < 3:
            continue
        them = combat.opponent(player)
        theirs = [u for u in core.ships_in(game, system, them) if u.slug != "fighter"]
        game.say(
            player,
            f"{player}'s Assault Cannon: {player} has {len(mine)} non-fighter ships "
            f"in {game.name_of(system)}, so {them} destroys one of theirs",
            event="assault-cannon",
            rules=TECH,
        )
        if not theirs:
            continue
        window = "combat:destroy-own-ship"
        (ship,) = hits.pick_own(game, them, theirs, 1, window, ASSAULT_RULES)
        hits.destroy(game, them, ship, ASSAULT_RULES)


def duranium_armor(
    game: Game, combat: core.Combat, system: Card, planet: Card | None = None
) -> None:
    """Duranium Armor: after hits are assigned in a combat round, its owner
    repairs one damaged unit of theirs in the combat that did not use Sustain
    Damage this round (mandatory): a ship, or in a ground combat on
    ``planet`` a ground force there (a mech)."""
    for player in (combat.attacker, combat.defender):
        if not st.owns(game, player, DURANIUM):
            continue
        fighting = (
            core.ships_in(game, system, player)
            if planet is None
            else core.ground_forces(game, planet, player)
        )
        able = [u for u in fighting if core.damaged(u) and u.id not in combat.sustained]
        if not able:
            continue
        unit = able[0]
        if len(able) > 1:
            names = labels(game, able)
            prompt = Prompt(
                PromptKind.OPTION,
                player,
                "duranium-armor:repair",
                tuple(names),
                rules=DURANIUM_RULES,
                why=f"{player} picks the damaged unit Duranium Armor repairs",
            )
            unit = able[names.index(str(ask(game, prompt)))]

        def change(found: Card = unit) -> None:
            found.data.pop("damaged", None)

        word = changes.units_text(unit.slug, 1).split(" ", 1)[1]
        changes.happen(
            game,
            "repair",
            player=player,
            message=f"{player} repairs their {word} with Duranium Armor",
            change=change,
            rules=DURANIUM_RULES,
        )


def graviton(game: Game, player: str) -> bool:
    """Graviton Laser System: its owner may exhaust it before a Space Cannon
    roll, so that the roll's hits must go to non-fighter ships if able."""
    card = next(
        (
            c
            for c in st.technologies(game, player)
            if c.slug == GRAVITON and c.zone == PLAY and not c.exhausted
        ),
        None,
    )
    if card is None:
        return False
    prompt = Prompt(
        PromptKind.OPTION,
        player,
        "graviton-laser-system:exhaust",
        (USE, HOLD),
        rules=TECH,
        why=f"{player} may exhaust Graviton Laser System before rolling",
    )
    if str(ask(game, prompt)) != USE:
        return False

    def change() -> None:
        card.exhausted = True

    return changes.happen(
        game,
        "exhaust_technology",
        player=player,
        message=f"{player} exhausts Graviton Laser System: the hits of this roll go "
        "to non-fighter ships if they can",
        change=change,
        card=card,
        rules=TECH,
    )


PLASMA = "plasma-scoring"
NONE = "none"


def plasma_scoring(
    game: Game, player: str, found: list[Card], kind: str
) -> Card | None:
    """Plasma Scoring: when units of its owner use Bombardment or Space Cannon,
    one of them may roll one more die (a choice, 77.N3; default: the unit
    that hits most easily). Return that unit, or None."""
    if not found or not st.owns(game, player, PLASMA):
        return None
    ordered = sorted(found, key=lambda u: _value(game, u, kind))
    names = labels(game, ordered)
    prompt = Prompt(
        PromptKind.OPTION,
        player,
        "plasma-scoring:unit",
        (*names, NONE),
        rules=PLASMA_RULES,
        why=f"{player} may give one of those units an extra die",
    )
    answer = str(ask(game, prompt))
    if answer == NONE:
        return None
    unit = ordered[names.index(answer)]
    game.say(
        player,
        f"{player}'s Plasma Scoring: their {_word(unit)} rolls one more die",
        event="plasma-scoring",
        rules=PLASMA_RULES,
    )
    return unit


def _word(unit: Card) -> str:
    return changes.units_text(unit.slug, 1).split(" ", 1)[1]


def _value(game: Game, unit: Card, kind: str) -> int:
    line = core.line(game, unit)
    found = line.bombardment if kind == BOMBARDMENT else line.space_cannon
    return found.value if found is not None else 11
