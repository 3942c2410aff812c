"""Space combat (78), round by round.

Windows (pack events, see docs/ti4-oracle.md):

- ``combat_round_start`` (params ``round``, ``combat``): "at the start of a
  combat round"; in round 1 also "at the start of combat" (78.2a);
- ``announce_retreat`` (player: who announces): "after ... announces a retreat";
- ``combat_roll`` (player: who rolled; params ``kind``, ``round``): "after ...
  makes combat rolls";
- ``assign_hits``, ``sustain_damage``, ``destroy_units``: see ``hits``;
- ``combat_round_end`` (params ``round``, ``last``): "at the end of a combat
  round", and in the last round "at the end of combat" (78.2b, 78.9a);
- ``combat_over`` (params ``winner``, ``loser``): "after you win a combat".
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, data, laws, paths, tactical
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core, crown, hits, techs
from oracle.games.ti4.combat.rolls import (
    BARRAGE,
    COMBAT,
    COMBAT_LONG,
    ROUND,
    Modifier,
    roll,
)

START = cite.cite("89.3", "13.N1")
SKIPPED = cite.cite("78.1", "89.3a")
ROUND_START = cite.cite("78.2a")
BARRAGE_STEP = cite.cite("78.3", "10.1")
BARRAGE_ENDS = cite.cite("78.3a")
ANNOUNCE = cite.cite("78.4", "78.4c")
ANNOUNCE_AFTER_DEFENDER = cite.cite("78.4b")
ROLL_ORDER = cite.cite("78.5", "78.5f")
RETREAT = cite.cite("78.7", "78.7b", "78.7c")
RETREAT_TOKEN = cite.cite("78.7d")
NO_RETREAT_NEEDED = cite.cite("78.7a")
NEXT_ROUND = cite.cite("78.8")
OVER = cite.cite("78.9", "78.10")
REMOVED = cite.cite("31.2")
NEBULA = cite.cite("59.3", "59.N2")
STAY = "stay"
GO = "retreat"


def fight(game: Game, system: Card) -> core.Combat | None:
    """Fight the space combat in ``system`` if two players have ships there;
    return the finished combat (None when there was none)."""
    active = game.clock.active_player
    present = core.fleets(game, system)
    where = game.name_of(system)
    if active not in present or len(present) < 2:
        if present == [active]:
            game.say(
                active,
                f"Only {active} has ships in {where}: there is no space combat",
                event="combat",
                rules=SKIPPED,
            )
        return None
    defender = next(p for p in present if p != active)
    combat = core.begin(
        game, core.Combat(core.SPACE, st.system_id(system), active, defender)
    )
    game.say(
        active,
        f"A space combat begins in {where}: {active} attacks, {defender} defends",
        event="combat",
        rules=START,
    )
    if "nebula" in paths.anomalies(game, system):
        combat.modifiers.append(
            Modifier("nebula", defender, frozenset({COMBAT}), 1, COMBAT_LONG)
        )
        game.say(
            defender,
            f"{where} is a nebula: {defender}, the defender, adds 1 to each combat "
            "roll of this space combat",
            event="modifier",
            rules=NEBULA,
        )
    _laws_in_combat(game, combat, system)
    core.fight_rounds(
        game,
        combat,
        lambda: _round(game, combat, system),
        lambda: _result(game, combat, system),
    )
    return combat


def _round(game: Game, combat: core.Combat, system: Card) -> None:
    combat.round += 1
    combat.announced = {}
    combat.intercepted = set()
    combat.forced = set()
    combat.sustained = set()
    number = combat.round
    _window(
        game, combat, "combat_round_start", f"Combat round {number} begins", ROUND_START
    )
    if _settled(game, combat, system):
        return _end_round(game, combat, system)
    if number == 1:
        techs.assault_cannon(game, combat, system)
        if _settled(game, combat, system):
            return _end_round(game, combat, system)
        _barrage(game, combat, system)
        if _settled(game, combat, system):
            game.say(
                None,
                "After the anti-fighter barrage a player has no ships left: the "
                "combat ends",
                event="combat",
                rules=BARRAGE_ENDS,
            )
            return _end_round(game, combat, system)
    _announce(game, combat, system)
    produced = {}
    for player in (combat.attacker, combat.defender):
        produced[player] = _combat_roll(game, combat, system, player)
    combat.unassigned = produced  # hits joining them arrive here (78.5d)
    for player in (combat.attacker, combat.defender):
        hits.assign(
            game,
            combat.opponent(player),
            player,
            combat.unassigned.pop(player),
            COMBAT,
            system,
        )
    assign_late(game, combat, system)
    combat.unassigned = None
    techs.duranium_armor(game, combat, system)
    _retreat(game, combat, system)
    return _end_round(game, combat, system)


def assign_late(game: Game, combat: core.Combat, system: Card) -> None:
    """Assign, still in the Assign Hits step, the hits a player produced
    after their opponent had assigned those of their roll (Reflective
    Shielding), attacker's first, until none arrive."""
    while combat.late:
        for player in (combat.attacker, combat.defender):
            extra = combat.late.pop(player, 0)
            hits.assign(game, combat.opponent(player), player, extra, COMBAT, system)


def _window(
    game: Game,
    combat: core.Combat,
    name: str,
    text: str,
    rules: tuple[str, ...],
    **extra: object,
) -> None:
    core.notice(
        game,
        name,
        player=combat.attacker,
        message=text,
        rules=rules,
        params={"round": combat.round, "combat": combat.kind, **extra},
    )


def _settled(game: Game, combat: core.Combat, system: Card) -> bool:
    """Whether at most one player still has ships in the system (78.9)."""
    left = core.fleets(game, system)
    if combat.attacker not in left or combat.defender not in left:
        combat.over = True
    return combat.over


def _barrage(game: Game, combat: core.Combat, system: Card) -> None:
    """Both players roll anti-fighter barrage at the same time (78.3, 10.1),
    then assign the hits to fighters (10.2); round 1 only (78.3b)."""
    produced = {}
    for player in (combat.attacker, combat.defender):
        rollers = [
            u
            for u in core.ships_in(game, system, player)
            if core.line(game, u).anti_fighter_barrage is not None
        ]
        if not rollers:
            produced[player] = 0
            continue
        core.notice(
            game,
            "barrage_roll",
            player=player,
            message=None,
            params={"round": combat.round, "combat": combat.kind},
        )
        dice = roll(
            game,
            player,
            BARRAGE,
            rollers,
            combat.modifiers,
            owned=core.owned(game, player),
        )
        produced[player] = core.rolled(game, player, BARRAGE, dice)
    for player in (combat.attacker, combat.defender):
        hits.assign(
            game, combat.opponent(player), player, produced[player], BARRAGE, system
        )


def destinations(game: Game, player: str, system: Card) -> list[Card]:
    """Where ``player``'s ships could retreat from ``system`` (78.7c): an
    adjacent system (as this tactical action has it: Lost Star Chart) with a
    unit of theirs or a planet they control, no other player's ships, and no
    anomaly their ships may not move into (59.N1, 86.1, 11.1)."""
    out = []
    for other in st.systems(game):
        if not tactical.adjacent(game, system, other, player):
            continue
        if barred(game, player, other):
            continue
        if any(p != player for p in core.fleets(game, other)):
            continue
        theirs = st.units(game, system=other, owner=player)
        planets = [
            p for p in st.planets_in(game, other) if st.controller(game, p) == player
        ]
        if theirs or planets:
            out.append(other)
    return out


def barred(game: Game, player: str, system: Card) -> bool:
    """Whether ``player``'s ships may not move into ``system`` outside the
    active system: a nebula (59.1, 59.N1), a supernova (86.1), an asteroid
    field without Antimass Deflectors (11.1)."""
    found = paths.anomalies(game, system)
    return bool(found & {"nebula", "supernova"}) or (
        "asteroid-field" in found and not st.owns(game, player, "antimass-deflectors")
    )


def _announce(game: Game, combat: core.Combat, system: Card) -> None:
    """The defender, then the attacker, may announce a retreat (78.4); not
    the attacker once the defender has (78.4b)."""
    core.notice(
        game,
        "announce_retreats",
        player=combat.defender,
        message=None,
        params={"round": combat.round, "combat": combat.kind},
    )
    for player in (combat.defender, combat.attacker):
        if not destinations(game, player, system):
            continue
        if any(combat.announced.values()):
            if player == combat.attacker:
                game.say(
                    player,
                    f"{player} cannot announce a retreat: {combat.defender} already "
                    "has this round",
                    event="announce_retreat",
                    rules=ANNOUNCE_AFTER_DEFENDER,
                )
            continue
        if player not in combat.forced:  # Rout: no choice left
            prompt = Prompt(
                PromptKind.OPTION,
                player,
                "combat:announce-retreat",
                (STAY, GO),
                rules=ANNOUNCE,
                why=f"{player} may announce a retreat or stay",
            )
            if str(ask(game, prompt)) != GO:
                continue

        def change(who: str = player) -> None:
            combat.announced[who] = True

        changes.happen(
            game,
            "announce_retreat",
            player=player,
            message=f"{player} announces a retreat",
            change=change,
            rules=ANNOUNCE,
            params={"round": combat.round, "combat": combat.kind},
        )


def _combat_roll(game: Game, combat: core.Combat, system: Card, player: str) -> int:
    """A player's combat roll for every ship (78.5), the window after it, then
    The Crown of Thalnos' reroll."""
    rollers = core.ships_in(game, system, player)
    dice = roll(
        game, player, COMBAT, rollers, combat.modifiers, owned=core.owned(game, player)
    )
    params: dict[str, object] = {
        "round": combat.round,
        "combat": combat.kind,
        "kind": COMBAT,
        "hits": sum(d.hit for d in dice),
    }
    core.notice(game, "combat_roll", player=player, message=None, params=params)
    return crown.reroll(game, player, dice, int(str(params["hits"])), space=True)


def _retreat(game: Game, combat: core.Combat, system: Card) -> None:
    """A player who announced a retreat (and was not stopped) retreats (78.7)."""
    for player, announced in combat.announced.items():
        if not announced:
            continue
        if player in combat.intercepted:
            continue
        if combat.opponent(player) not in core.fleets(game, system):
            game.say(
                player,
                f"{player} does not retreat: {combat.opponent(player)} has no ships "
                "left in the system",
                event="retreat",
                rules=NO_RETREAT_NEEDED,
            )
            continue
        found = destinations(game, player, system)
        if not found:
            game.say(
                player,
                f"{player} cannot retreat: no adjacent system can take their ships",
                event="retreat",
                rules=RETREAT,
            )
            continue
        target = _pick_destination(game, player, found)
        move_out(game, player, system, target, RETREAT)
        changes.place_command_token(
            game, game.player(player), target, player, RETREAT_TOKEN
        )
        _settled(game, combat, system)


def _pick_destination(game: Game, player: str, found: list[Card]) -> Card:
    if len(found) == 1:
        return found[0]
    names = tuple(st.system_id(s) for s in found)
    prompt = Prompt(
        PromptKind.OPTION,
        player,
        "combat:retreat-to",
        names,
        rules=RETREAT,
        why=f"{player} picks the system their ships retreat to",
    )
    return found[names.index(str(ask(game, prompt)))]


def move_out(
    game: Game,
    player: str,
    system: Card,
    target: Card,
    rules: tuple[str, ...],
    *,
    every_ship: bool = False,
) -> None:
    """Move every ship of ``player`` with a move value (``every_ship``: every
    ship, fighters included) from ``system`` to ``target``, carrying the
    others in space up to the capacity of those ships (board order); the rest
    is removed (78.7b, 31.2). Capacity and the fleet pool then hold in
    ``target``."""
    movers, riders = [], []
    for unit in core.in_space(game, system, player):
        ship = every_ship and unit.slug in data.SHIPS
        if ship or core.line(game, unit).move is not None:
            movers.append(unit)
        else:
            riders.append(unit)
    room = sum(core.line(game, u).capacity for u in movers)
    carried, left = riders[:room], riders[room:]
    going = movers + carried
    there = st.system_id(target)

    def change() -> None:
        for unit in going:
            unit.data["system"] = there

    changes.happen(
        game,
        "move_units",
        player=player,
        message=f"{player} moves {core.count_words(going)} from "
        f"{game.name_of(system)} to {game.name_of(target)}",
        change=change,
        rules=rules,
    )
    if left:
        core.remove_units(
            game,
            player,
            left,
            f"{player} removes {core.count_words(left)} left in "
            f"{game.name_of(system)} with no capacity to carry them",
            (*rules, *REMOVED),
        )
    core.settle_arrival(game, target, player, rules)


def _end_round(game: Game, combat: core.Combat, system: Card) -> None:
    _settled(game, combat, system)
    _window(
        game,
        combat,
        "combat_round_end",
        f"Combat round {combat.round} ends",
        NEXT_ROUND if not combat.over else OVER,
        last=combat.over,
    )
    combat.modifiers = [m for m in combat.modifiers if m.until != ROUND]
    if not combat.over:
        _settled(game, combat, system)


def _result(game: Game, combat: core.Combat, system: Card) -> None:
    """Who won (78.10), then the window after it (Salvage)."""
    left = core.fleets(game, system)
    winner = None if combat.draw else next((p for p in left if p in combat.sides), None)
    core.announce_result(
        game, combat, winner, f"The space combat in {game.name_of(system)}", OVER
    )


def _laws_in_combat(game: Game, combat: core.Combat, system: Card) -> None:
    """Laws in play that change this space combat: Prophecy of Ixth (+1 to
    its owner's fighters' combat rolls) and Publicize Weapon Schematics (no
    war sun has Sustain Damage: ``core.can_sustain``)."""
    owner = laws.prophecy_owner(game)
    fighters = [u for u in st.ships(game, system, owner) if u.slug == "fighter"]
    if owner in (combat.attacker, combat.defender) and fighters:
        combat.modifiers.append(
            Modifier(
                "Prophecy of Ixth",
                owner,
                frozenset({COMBAT}),
                1,
                COMBAT_LONG,
                frozenset({"fighter"}),
            )
        )
        game.say(
            owner,
            f"Prophecy of Ixth: {owner} adds 1 to each combat roll of their fighters",
            event="modifier",
            rules=cite.LAW_PROPHECY,
        )
    if laws.war_suns_exposed(game) and any(
        u.slug == "war-sun" for u in st.ships(game, system)
    ):
        game.say(
            None,
            "Publicize Weapon Schematics: no war sun has Sustain Damage",
            event="modifier",
            rules=cite.LAW_WAR_SUN,
        )
