"""Hits produced against a player: the window before they are assigned,
Sustain Damage, then the units destroyed (78.6, 87, 10.2, 77.5, 31.1).

Events raised (for response cards):

- ``assign_hits`` (player: who assigns; params ``hits``, ``kind`` of roll,
  ``by`` who produced them, ``combat``): its interrupt window is "before you
  assign hits"; an ability there may lower ``params["hits"]``.
- ``sustain_damage`` (card: the unit; params ``by``): "after ... uses Sustain
  Damage" (Direct Hit).
- ``destroy_units`` (the pack's existing event): the combat records the value
  and owner of the unit destroyed first (``Combat.destroyed_value``).
"""

from __future__ import annotations

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.core.refs import labels
from oracle.games.ti4 import changes, cite
from oracle.games.ti4 import state as st
from oracle.games.ti4.combat import core
from oracle.games.ti4.combat.rolls import BARRAGE, BOMBARDMENT, COMBAT, SPACE_CANNON

SUSTAIN = cite.cite("87.1", "78.6a")
SUSTAIN_CANNON = cite.cite("87.1", "87.4", "77.N4")
SUSTAIN_GROUND = cite.cite("87.1", "87.4", "55.1")
CANNON_HITS = cite.cite("77.5", "31.1")
DEFENSE_HITS = cite.cite("77.8", "77.8a")
BOMBARD_HITS = cite.cite("15.2")
GROUND_HITS = cite.cite("42.2", "42.2a")
SUSTAIN_TARGET = cite.cite("87.4", "87.4a")
ASSIGN = cite.cite("78.6", "31.1")
BARRAGE_HITS = cite.cite("10.2")
BARRAGE_LOST = cite.cite("10.2a")
DESTROYED = cite.cite("78.6b")
NONE = "none"


def targets(
    game: Game, victim: str, system: Card, kind: str, planet: Card | None = None
) -> list[Card]:
    """The units of ``victim`` that hits of ``kind`` may be assigned to: on a
    ``planet``, their ground forces there (42.2, 77.8a, 15.2); fighters for an
    anti-fighter barrage (10.2); ships otherwise (78.6, 77.5)."""
    if planet is not None:
        return core.ground_forces(game, planet, victim)
    ships = core.ships_in(game, system, victim)
    if kind == BARRAGE:
        return [u for u in ships if u.slug == "fighter"]
    return ships


def assign(
    game: Game,
    victim: str,
    by: str,
    hits: int,
    kind: str,
    system: Card,
    planet: Card | None = None,
    *,
    big_ships: bool = False,
) -> None:
    """Resolve ``hits`` produced by ``by``'s ``kind`` roll against ``victim``
    (against their ground forces on ``planet`` when given; ``big_ships``: to
    non-fighter ships while there are some, Graviton Laser System)."""
    if hits <= 0:
        return
    combat = core.current(game)
    params: dict[str, object] = {
        "hits": hits,
        "kind": kind,
        "by": by,
        "combat": combat.kind if combat is not None else "",
    }
    core.notice(game, "assign_hits", player=victim, message=None, params=params)
    left = int(str(params["hits"]))
    if planet is None:
        waylaid = kind == BARRAGE and combat is not None and by in combat.waylay
        left = _sustain(game, victim, by, left, COMBAT if waylaid else kind, system)
    else:  # on a planet, mechs (55.1, 87.4)
        left = _sustain(game, victim, by, left, kind, system, planet)
    if left <= 0:
        return
    aim = kind
    if kind == BARRAGE and combat is not None and by in combat.waylay:
        aim = COMBAT  # Waylay: the barrage's hits go to ships of every kind
    found = targets(game, victim, system, aim, planet)
    if big_ships and any(u.slug != "fighter" for u in found):
        found = [u for u in found if u.slug != "fighter"]
    rules = _rules(kind, planet)
    if not found:
        _lost(game, victim, left, kind, rules)
        return
    destroy_all(game, victim, _choose(game, victim, found, left, rules), rules)
    if left > len(found):
        _lost(game, victim, left - len(found), kind, rules)


def _rules(kind: str, planet: Card | None = None) -> tuple[str, ...]:
    if planet is not None:
        return {
            SPACE_CANNON: DEFENSE_HITS,
            BOMBARDMENT: BOMBARD_HITS,
        }.get(kind, GROUND_HITS)
    if kind == BARRAGE:
        return BARRAGE_HITS
    if kind == SPACE_CANNON:
        return CANNON_HITS
    return (*ASSIGN, *DESTROYED)


def _sustain(
    game: Game,
    victim: str,
    by: str,
    hits: int,
    kind: str,
    system: Card,
    planet: Card | None = None,
) -> int:
    """Let the victim's undamaged units with Sustain Damage cancel hits, one
    unit at a time, each followed by its own window (Direct Hit); on a
    ``planet``, their ground forces there that have it (mechs)."""
    while hits > 0:
        able = [
            u
            for u in targets(game, victim, system, kind, planet)
            if core.can_sustain(game, u)
        ]
        if not able:
            return hits
        names = labels(game, able)
        prompt = Prompt(
            PromptKind.OPTION,
            victim,
            "combat:sustain-damage",
            (*names, NONE),
            rules=_sustain_rules(kind, planet),
            why=f"{victim} may cancel one of {changes.plural(hits, 'hit')} with an "
            "undamaged unit that has Sustain Damage",
        )
        answer = str(ask(game, prompt))
        if answer == NONE:
            return hits
        unit = able[names.index(answer)]
        if _use_sustain(game, victim, by, unit, kind, planet):
            hits -= 1
    return hits


def _sustain_rules(kind: str, planet: Card | None) -> tuple[str, ...]:
    if planet is not None:
        return SUSTAIN_GROUND
    return SUSTAIN_CANNON if kind == SPACE_CANNON else SUSTAIN


def _use_sustain(
    game: Game,
    victim: str,
    by: str,
    unit: Card,
    kind: str,
    planet: Card | None = None,
) -> bool:
    def change() -> None:
        unit.data["damaged"] = True
        combat = core.current(game)
        if combat is not None:
            combat.sustained.add(unit.id)

    word = changes.units_text(unit.slug, 1).split(" ", 1)[1]
    return changes.happen(
        game,
        "sustain_damage",
        player=victim,
        message=f"{victim}'s {word} {'on' if planet else 'in'} "
        f"{st.location(game, unit)} uses Sustain Damage: "
        "it cancels 1 hit and is now damaged",
        change=change,
        card=unit,
        rules=_sustain_rules(kind, planet),
        params={"by": by, "kind": kind},
    )


def _choose(
    game: Game, victim: str, found: list[Card], hits: int, rules: tuple[str, ...]
) -> list[Card]:
    """The units the victim destroys: all when the hits cover them, else the
    victim's choice (default: cheapest first)."""
    if hits >= len(found):
        return list(found)
    return pick_own(game, victim, found, hits, "combat:assign-hits", rules)


def pick_own(
    game: Game,
    owner: str,
    found: list[Card],
    count: int,
    window: str,
    rules: tuple[str, ...],
) -> list[Card]:
    """``count`` of ``owner``'s units ``found``, picked by the owner (31.1);
    the default takes the cheapest first (``core.by_policy``)."""
    ordered = core.by_policy(found)
    names = labels(game, ordered)
    prompt = Prompt(
        PromptKind.CARD,
        owner,
        window,
        tuple(names),
        minimum=count,
        maximum=count,
        rules=rules,
        why=f"{owner} picks {count} of their units to destroy",
    )
    answer = ask(game, prompt)
    picked = answer if isinstance(answer, tuple) else (str(answer),)
    return [ordered[names.index(p)] for p in picked]


def destroy(game: Game, by: str, unit: Card, rules: tuple[str, ...] = ()) -> bool:
    """Destroy one unit in a combat step (back to reinforcements, 78.6b),
    remembering its combat value for "after ... is destroyed" windows."""
    _remember(game, unit)
    return changes.destroy_units(game, by, [unit], rules or (*ASSIGN, *DESTROYED))


def destroy_all(game: Game, by: str, found: list[Card], rules: tuple[str, ...]) -> None:
    """Destroy units one after the other as ``destroy`` does; as one event
    when nothing can answer a destruction (``changes.destroy_each``)."""
    changes.destroy_each(
        game, by, found, rules, before=lambda unit: _remember(game, unit)
    )


def _remember(game: Game, unit: Card) -> None:
    combat = core.current(game)
    if combat is not None:
        found = core.line(game, unit).combat
        combat.destroyed_value = found.value if found is not None else 0
        combat.destroyed_owner = unit.owner
        combat.destroyed_ship = st.is_ship(game, unit)


def _lost(
    game: Game, victim: str, hits: int, kind: str, rules: tuple[str, ...]
) -> None:
    what = "fighters" if kind == BARRAGE else "ships"
    if rules in (DEFENSE_HITS, BOMBARD_HITS, GROUND_HITS):
        what = "ground forces"
    game.say(
        victim,
        f"{changes.plural(hits, 'hit')} against {victim} {'is' if hits == 1 else 'are'}"
        f" lost: no {what} of theirs are left to take {'it' if hits == 1 else 'them'}",
        event="assign_hits",
        rules=BARRAGE_LOST if kind == BARRAGE else rules[:2],
    )


__all__ = ["COMBAT", "assign", "destroy", "targets"]
