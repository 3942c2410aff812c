"""What a combat's end states add up to: the chance of each result, the
expected survivors by unit type, and, for a simulation, standard errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt

from oracle.games.ti4.odds.battle import Battle, Pair
from oracle.games.ti4.odds.dice import Number

ATTACKER_WINS = "attacker_wins"
DEFENDER_WINS = "defender_wins"
NO_ONE_SURVIVES = "no_one_survives"
RETREAT = "retreat"
RESULTS = (ATTACKER_WINS, DEFENDER_WINS, NO_ONE_SURVIVES, RETREAT)


@dataclass(frozen=True)
class Endings:
    """The end states of a combat with their chances (or, for a simulation,
    their shares of the samples), and the expected number of rounds.
    ``rounds_square``: the mean square of the rounds (simulation only)."""

    battle: Battle
    ends: dict[Pair, Number]
    rounds: Number
    samples: int = 0
    rounds_square: float = 0.0


@dataclass(frozen=True)
class Odds:
    """The answer: chances of each result (78.10, and the attacker's retreat),
    expected survivors by unit type (ships that retreat count), expected
    rounds; ``standard_error`` for a simulation, by the same keys
    (``attacker.<unit>``, ``defender.<unit>``, ``rounds``)."""

    method: str
    chances: dict[str, Number]
    survivors: dict[str, dict[str, Number]]
    rounds: Number
    samples: int = 0
    standard_error: dict[str, float] = field(default_factory=dict)


def summarise(endings: Endings) -> Odds:
    """Add up the end states of ``endings``."""
    battle = endings.battle
    zero = 0 * endings.rounds
    chances: dict[str, Number] = dict.fromkeys(RESULTS, zero)
    sides = {"attacker": battle.attacker, "defender": battle.defender}
    survivors: dict[str, dict[str, Number]] = {
        name: dict.fromkeys(fleet.survivors(fleet.start), zero)
        for name, fleet in sides.items()
    }
    squares: dict[str, float] = {}
    for (a, d), mass in endings.ends.items():
        chances[_result(a, d)] += mass
        for name, state in (("attacker", a), ("defender", d)):
            for unit, left in sides[name].survivors(state).items():
                survivors[name][unit] += mass * left
                key = f"{name}.{unit}"
                squares[key] = squares.get(key, 0.0) + float(mass) * left * left
    if not endings.samples:
        return Odds("exact", chances, survivors, endings.rounds)
    errors = {
        key: _error_of_share(float(p), endings.samples) for key, p in chances.items()
    }
    for name, by_unit in survivors.items():
        for unit, mean in by_unit.items():
            key = f"{name}.{unit}"
            errors[key] = _error_of_mean(float(mean), squares[key], endings.samples)
    errors["rounds"] = _error_of_mean(
        float(endings.rounds), endings.rounds_square, endings.samples
    )
    return Odds(
        "simulation", chances, survivors, endings.rounds, endings.samples, errors
    )


def _result(attacker: tuple[int, ...], defender: tuple[int, ...]) -> str:
    if sum(attacker):
        return RETREAT if sum(defender) else ATTACKER_WINS
    return DEFENDER_WINS if sum(defender) else NO_ONE_SURVIVES


def _error_of_share(share: float, samples: int) -> float:
    return sqrt(max(0.0, share * (1 - share)) / samples)


def _error_of_mean(mean: float, mean_square: float, samples: int) -> float:
    variance = max(0.0, mean_square - mean * mean) * samples / max(1, samples - 1)
    return sqrt(variance / samples)
