"""Combat odds of a scenario, for the API and the answer page: run the
scenario, find the space combat in its active system (else the ground combat
on one of its planets), compute its odds and say what they assume.

Only the TI4 pack has combat. Options come as text (query parameters, a
form): ``policy`` (``sustain-first`` or ``no-sustain``), and for a combat
too large to compute exactly, ``samples`` and ``seed`` of the simulation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from oracle.adapters import play_prepared, prepare, with_listed_cards
from oracle.engine import ENGINE_VERSION, ScenarioError
from oracle.games.ti4.data import TECHNOLOGIES
from oracle.games.ti4.odds import MAX_SAMPLES, SAMPLES, SEED, Odds, Policy, ground, odds
from oracle.games.ti4.odds import read as reading
from oracle.games.ti4.odds.read import Combat, combat_of
from oracle.slots import oracle_slot

GAMES = ("ti4",)
POLICIES = {policy.value: policy for policy in Policy}
MAX_SEED = 2**31 - 1
MIN_SAMPLES = 100
#: More ships than a side can have (its plastic and 100 fighter tokens).
MAX_SHIPS = 999


class BadOption(ValueError):
    """An option with a value it cannot take; ``details`` maps it to messages."""

    def __init__(self, details: dict[str, list[str]]) -> None:
        self.details = details
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in details.items()))


@dataclass(frozen=True)
class Options:
    policy: Policy = Policy.SUSTAIN_FIRST
    samples: int = SAMPLES
    seed: int = SEED
    retreat_at: int | None = None


def has_odds(game: str) -> bool:
    return game in GAMES


def odds_url(game: str, hash: str, scenario: object) -> str | None:
    """The odds page of a stored answer whose scenario may hold a combat: a
    system with units of two players or more (the page says when there is
    none after all)."""
    if not has_odds(game) or not isinstance(scenario, dict):
        return None
    board = scenario.get("board")
    systems = board.get("systems") if isinstance(board, dict) else None
    for system in systems if isinstance(systems, list) else ():
        units = system.get("units") if isinstance(system, dict) else None
        if isinstance(units, dict) and len(units) > 1:
            return reverse("oracle:odds", args=[game, hash])
    return None


def options(raw: Mapping[str, str]) -> Options:
    """Read the options; raise ``BadOption`` naming each bad one."""
    problems: dict[str, list[str]] = {}
    policy = raw.get("policy", Policy.SUSTAIN_FIRST.value)
    if policy not in POLICIES:
        problems["policy"] = [f"Must be one of: {', '.join(POLICIES)}."]
    samples = _integer(raw, "samples", SAMPLES, MIN_SAMPLES, MAX_SAMPLES, problems)
    seed = _integer(raw, "seed", SEED, 0, MAX_SEED, problems)
    retreat_at = None
    if raw.get("retreat_at"):  # a form's empty field: nobody retreats
        retreat_at = _integer(raw, "retreat_at", 0, 1, MAX_SHIPS, problems)
    if problems:
        raise BadOption(problems)
    return Options(POLICIES[policy], samples, seed, retreat_at)


def _integer(
    raw: Mapping[str, str],
    key: str,
    default: int,
    low: int,
    high: int,
    problems: dict[str, list[str]],
) -> int:
    text = raw.get(key)
    if text is None:
        return default
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        problems[key] = [f"Must be a whole number from {low} to {high}."]
        return default
    return int(text)


def combat_odds(data: object, game: str, chosen: Options) -> dict[str, Any]:
    """The odds of the space combat that scenario ``data`` ends in.

    Raises ``ScenarioError`` (``NotImplementedCards`` for cards or things the
    oracle does not model; ``read.NoCombatHere`` when there is no combat) and
    ``OracleBusy`` when the node runs enough already.
    """
    try:
        prepared = prepare(data, game)
    except ScenarioError as error:
        raise with_listed_cards(error, game) from None
    with oracle_slot():
        played, result = play_prepared(prepared)
        if result.error is not None:
            raise reading.NoCombatHere.at("", f"the run stopped: {result.error}")
        combat = combat_of(played, chosen.policy, retreat_at=chosen.retreat_at)
        answer = odds(combat.battle, samples=chosen.samples, seed=chosen.seed)
    return answer_of(combat, answer, chosen)


def answer_of(combat: Combat, answer: Odds, chosen: Options) -> dict[str, Any]:
    """The JSON answer."""
    simulated = answer.method == "simulation"
    chances = {key: float(p) for key, p in answer.chances.items()}
    return {
        "game": "ti4",
        "engine_version": ENGINE_VERSION,
        "combat": {
            "kind": combat.kind,
            "system": combat.system,
            "planet": combat.planet,
            "attacker": _side(combat, combat.attacker),
            "defender": _side(combat, combat.defender),
        },
        "method": answer.method,
        "policy": chosen.policy.value,
        "samples": answer.samples if simulated else None,
        "seed": chosen.seed if simulated else None,
        "retreat_at": chosen.retreat_at,
        "chances": chances,
        "survivors": {
            role: {
                unit: float(answer.survivors[role][unit])
                for unit in combat.forces[name]
            }
            for role, name in (
                ("attacker", combat.attacker),
                ("defender", combat.defender),
            )
        },
        "expected_rounds": float(answer.rounds),
        "standard_error": answer.standard_error if simulated else None,
        "assumptions": assumptions(combat, chosen, answer),
    }


def _side(combat: Combat, name: str) -> dict[str, Any]:
    return {
        "player": name,
        "ships": combat.forces[name],
        "damaged": (combat.damaged or {}).get(name, {}),
        "upgrades": [TECHNOLOGIES[slug].name for slug in combat.upgrades[name]],
        "not_used": list(combat.unused[name]),
    }


POLICY_TEXT = {
    Policy.SUSTAIN_FIRST: "Each player cancels hits with Sustain Damage on every "
    "undamaged unit that has it, then loses ships from the worst combat value "
    "up (the cheapest of equal ones first, fighters before other ships).",
    Policy.NO_SUSTAIN: "No player uses Sustain Damage; each loses ships from the "
    "worst combat value up (the cheapest of equal ones first, fighters before "
    "other ships).",
}


def assumptions(combat: Combat, chosen: Options, answer: Odds) -> list[dict[str, Any]]:
    """What the figures take for granted, each with the rules it rests on."""
    if combat.kind == "ground":
        out = ground_assumptions(combat, chosen)
    else:
        out = space_assumptions(combat, chosen)
    for name in (combat.attacker, combat.defender):
        side = _side(combat, name)
        if side["upgrades"]:
            out.append(_said(f"{name} has {_listed(side['upgrades'])}.", ("97.4",)))
        if side["not_used"]:
            out.append(_said(f"{name} does not use {_listed(side['not_used'])}.", ()))
    if answer.method == "simulation":
        out.append(
            _said(
                f"Too many states to compute exactly: {answer.samples} combats "
                f"were simulated with seed {chosen.seed}; each figure has its "
                "standard error.",
                (),
            )
        )
    return out


def space_assumptions(combat: Combat, chosen: Options) -> list[dict[str, Any]]:
    """What the odds of a space combat take for granted."""
    out = [
        _said(
            f"{combat.attacker}, the active player, attacks; {combat.defender} "
            "defends.",
            reading.ROLES,
        ),
        _said(POLICY_TEXT[chosen.policy], reading.HITS),
        _said(
            "The combat starts at its first round: anti-fighter barrage is rolled "
            "then only, its hits destroy fighters alone and any extra hits are "
            "lost; a side left without ships after it ends the combat.",
            reading.BARRAGE,
        ),
        _said(
            "Both players roll for every ship in every round until at most one "
            "of them has ships left.",
            reading.ROUNDS,
        ),
        _said(_retreat_text(combat, chosen.retreat_at), reading.RETREATS),
        _said(
            "No action card, promissory note, leader or faction ability is used, "
            "and space cannon fire before the combat is taken as already "
            "resolved.",
            (),
        ),
        _said(
            "Survivors are counted before the winner removes fighters its ships "
            "cannot carry.",
            ("78.10a",),
        ),
    ]
    if combat.invasion:
        out.append(
            _said(
                "Only the space combat is counted: the invasion that can follow "
                f"it in {combat.system} is not. For the odds of its ground "
                "combat, ask again with the space combat over and the ground "
                "forces on the planet.",
                ground.SPACE_FIRST,
            )
        )
    return out


GROUND_POLICY_TEXT = {
    Policy.SUSTAIN_FIRST: "Each player cancels hits with Sustain Damage on every "
    "undamaged mech, then loses ground forces from the worst combat value up "
    "(the cheapest of equal ones first).",
    Policy.NO_SUSTAIN: "No player uses Sustain Damage; each loses ground forces "
    "from the worst combat value up (the cheapest of equal ones first).",
}


def ground_assumptions(combat: Combat, chosen: Options) -> list[dict[str, Any]]:
    """What the odds of a ground combat take for granted."""
    where = f"{combat.planet} ({combat.system})"
    if combat.fought:
        start = (
            f"The odds start from the ground forces on {where} as the run's "
            "ground combat there began, once its bombardment and Space Cannon "
            "Defense had been resolved as the run resolved them."
        )
    else:
        start = (
            f"The ground forces on {where} now are those that fight: the "
            "invasion's bombardment, commitments and Space Cannon Defense are "
            "taken as already resolved, so Planetary Shield and space cannon "
            "play no part."
        )
    return [
        _said(
            f"{combat.attacker}, the active player, attacks; {combat.defender} "
            "defends.",
            reading.ROLES,
        ),
        _said(start, ground.EARLIER),
        _said(GROUND_POLICY_TEXT[chosen.policy], ground.HITS),
        _said(
            "Both players roll for every ground force on the planet in every "
            "round until at most one of them has ground forces left; there is no "
            "anti-fighter barrage and nobody retreats.",
            ground.ROUNDS,
        ),
        _said(
            f"The attacker takes control of {combat.planet} when it wins; if "
            "both sides lose every ground force, the defender keeps it.",
            ground.RESULT,
        ),
        _said(
            "No action card, promissory note, leader or faction ability is used, "
            "and no unit joins the combat once it has begun.",
            (),
        ),
        _said(
            "Survivors are counted when the combat ends, before Establish Control.",
            ("49.5",),
        ),
    ]


def _retreat_text(combat: Combat, retreat_at: int | None) -> str:
    if retreat_at is None:
        return "Nobody retreats."
    return (
        f"{combat.attacker} announces a retreat in the first round that has "
        f"{retreat_at} of their ships or fewer in the system when retreats are "
        "announced (after the barrage in round 1), fights that round, and "
        f"retreats if {combat.defender} still has ships then; "
        f"{combat.defender} never retreats. Ships that retreat count as survivors."
    )


def _said(text: str, rules: tuple[str, ...]) -> dict[str, Any]:
    return {"text": text, "rules": list(rules)}


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if names[1:] else names[0]
