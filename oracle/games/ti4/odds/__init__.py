"""Combat odds: the chance of each result of a space (or ground) combat,
exact where the states allow it, otherwise by a seeded simulation.

Pure Python on the pack's unit statistics (``units.py``); ``read.py`` finds
the combat of a scenario's game. docs/ti4-oracle.md, "Combat odds", states
the model and its assumptions.

>>> from oracle.games.ti4.odds import Battle, fleet, odds
>>> answer = odds(Battle(fleet({"fighter": 1}), fleet({"fighter": 1})), exact=True)
>>> answer.chances["attacker_wins"]
Fraction(4, 9)
"""

from __future__ import annotations

from oracle.games.ti4.odds.battle import Battle
from oracle.games.ti4.odds.exact import NoCombat, solve, work
from oracle.games.ti4.odds.fleet import Fleet, Group, Policy, fleet
from oracle.games.ti4.odds.outcome import Odds, summarise
from oracle.games.ti4.odds.simulate import simulate

#: Above this bound on the exact calculation's inner steps (``work``), the
#: answer is simulated instead (at most about 0.8 s here; bench/odds.py).
EXACT_LIMIT = 600_000
#: Samples of a simulation (at most), and its default seed.
SAMPLES = 20_000
MAX_SAMPLES = 50_000
SEED = 1


def odds(
    battle: Battle,
    *,
    exact: bool = False,
    samples: int = SAMPLES,
    seed: int = SEED,
    limit: int = EXACT_LIMIT,
) -> Odds:
    """The odds of ``battle``: computed exactly when ``work(battle)`` is at
    most ``limit`` (in Fractions with ``exact``), else simulated with
    ``samples`` combats seeded by ``seed``. Raises ``NoCombat`` when a side
    has no units."""
    if exact or work(battle) <= limit:
        return summarise(solve(battle, exact=exact))
    return summarise(simulate(battle, samples=samples, seed=seed))


__all__ = [
    "EXACT_LIMIT",
    "MAX_SAMPLES",
    "SAMPLES",
    "SEED",
    "Battle",
    "Fleet",
    "Group",
    "NoCombat",
    "Odds",
    "Policy",
    "fleet",
    "odds",
    "simulate",
    "solve",
    "work",
]
