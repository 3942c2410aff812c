"""The seeded simulation, for combats too large to compute exactly: the same
rounds, hit distributions and policies as the exact calculation, sampled."""

from __future__ import annotations

from collections import Counter
from random import Random

from oracle.games.ti4.odds.battle import Battle, Pair, Side, opening, sides
from oracle.games.ti4.odds.dice import cumulative, draw
from oracle.games.ti4.odds.exact import NoCombat
from oracle.games.ti4.odds.outcome import Endings

#: A combat still going after this many rounds stops the simulation (every
#: die hits at least one time in ten, so no real combat comes near).
MAX_ROUNDS = 10_000


def simulate(battle: Battle, *, samples: int, seed: int) -> Endings:
    """``samples`` combats rolled with ``Random(seed)``."""
    a, d = battle.start()
    if not sum(a) or not sum(d):
        raise NoCombat("both sides need units for a combat")
    attacker, defender = sides(battle)
    rng = Random(seed)
    opened = opening(battle, attacker, defender)
    starts = list(opened)
    running = cumulative([opened[pair] for pair in starts])
    tables = (_Running(attacker), _Running(defender))
    ends: Counter[Pair] = Counter()
    total = square = 0
    for _ in range(samples):
        pair = starts[draw(running, rng)]
        pair, rounds = _fight(battle, pair, tables, rng)
        ends[pair] += 1
        total += rounds
        square += rounds * rounds
    return Endings(
        battle,
        {pair: count / samples for pair, count in ends.items()},
        total / samples,
        samples,
        square / samples,
    )


class _Running:
    """A side's hit distributions as running sums, per state."""

    def __init__(self, side: Side) -> None:
        self.side = side
        self.known: dict[tuple[int, ...], list[float]] = {}

    def hits(self, state: tuple[int, ...], rng: Random) -> int:
        running = self.known.get(state)
        if running is None:
            running = cumulative(self.side.hits(state))
            self.known[state] = running
        return draw(running, rng)


def _fight(
    battle: Battle, pair: Pair, tables: tuple[_Running, _Running], rng: Random
) -> tuple[Pair, int]:
    a, d = pair
    if not sum(a) or not sum(d):
        return pair, 1  # 78.3a: the barrage ended it in round 1
    attacker, defender = tables
    for rounds in range(1, MAX_ROUNDS + 1):
        retreat = battle.retreats(a)
        by_attacker, by_defender = attacker.hits(a, rng), defender.hits(d, rng)
        a = attacker.side.after(a, by_defender)[by_defender]
        d = defender.side.after(d, by_attacker)[by_attacker]
        if retreat or not sum(a) or not sum(d):
            return (a, d), rounds
    raise RuntimeError("the simulated combat did not end")
