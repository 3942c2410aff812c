"""Benchmark the combat odds (a script, not a test).

    .venv/bin/python bench/odds.py [--repeat N] [--clock cpu]

Prints the p50 of N runs (each from fresh caches) of: the 10-against-10
space combat of the target (2 dreadnoughts, a carrier, 3 destroyers and 4
fighters a side), the same with every unit upgrade on one side, the largest
combat the exact calculation takes (about ``EXACT_LIMIT``), a ground combat of
8 infantry and 2 mechs a side, and a simulated combat of 64 ships a side; with
each its ``work`` figure, and the 10-against-10 figure as a ratio of its 1 s
target.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from oracle.games.ti4.odds import Battle, fleet, odds, work

TARGET = 1.0
FLEET = {"dreadnought": 2, "carrier": 1, "destroyer": 3, "fighter": 4}
UPGRADES = ["dreadnought-ii", "carrier-ii", "destroyer-ii", "fighter-ii"]
GROUND = {"infantry": 8, "mech": 2}

CASES: dict[str, Battle] = {
    "10 v 10": Battle(fleet(FLEET), fleet(FLEET)),
    "10 v 10, upgraded attacker": Battle(fleet(FLEET, UPGRADES), fleet(FLEET)),
    # Fighters alone cost the most time per unit of work.
    "37 v 37 fighters, near the bound": Battle(
        fleet({"fighter": 37}), fleet({"fighter": 37})
    ),
    # A ground combat: no barrage; mechs (Sol's figures) sustain.
    "10 v 10 ground forces": Battle(
        fleet(GROUND, faction="sol"),
        fleet(GROUND, ["infantry-ii"], faction="sol"),
        barrage=False,
    ),
    "64 v 64, simulated": Battle(
        fleet({"fighter": 60, "carrier": 4}), fleet({"fighter": 60, "war-sun": 2})
    ),
}


def p50(run: Callable[[], object], repeat: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append(clock() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    for name, battle in CASES.items():
        answer = odds(battle)
        seconds = p50(lambda b=battle: odds(b), args.repeat, clock)
        line = (
            f"{name:34} {answer.method:10} work {work(battle):>9,}  "
            f"p50 {seconds * 1000:8.1f} ms"
        )
        if name == "10 v 10":
            line += f"  ({seconds / TARGET:.2f}x the {TARGET:.0f} s target)"
        print(line)


if __name__ == "__main__":
    main()
