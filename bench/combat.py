"""Benchmark a TI4 space combat in the engine (a script, not a test).

    .venv/bin/python bench/combat.py [--repeat N] [--rounds R] [--clock cpu]

A three-round space combat, ten units a side, with Sustain Damage and two
action cards (Morale Boost, Shields Holding), run by ``run_scenario`` (parse,
set-up, run, result) after a warm-up run. Prints p50 and p95 here, and, with
``--rounds`` (the default 3), the same p50 on the reference machine of the
targets (``bench/reference.py``): the base commit's typical scenario runs
between the rounds as the yardstick. The issue's target is p50 <= 2 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import oracle.games.ti4  # noqa: F401 - registers the pack
from bench import reference
from oracle.engine import run_scenario

TARGET_MS = 2.0

SEED = 10

SCENARIO: dict[str, Any] = {
    "game": "ti4",
    "seed": SEED,
    "phase": "action",
    "players": [
        {"name": "Alice", "strategy_cards": ["leadership"], "hand": ["morale-boost"]},
        {"name": "Bob", "strategy_cards": ["politics"], "hand": ["shields-holding"]},
    ],
    "board": {
        "systems": [
            {
                "id": "rex",
                "tokens": ["Alice"],
                "units": {
                    "Alice": ["2 dreadnought", "3 cruiser", "3 destroyer", "2 carrier"],
                    "Bob": [
                        "2 dreadnought",
                        "2 cruiser",
                        "2 destroyer",
                        "2 carrier",
                        "2 fighter",
                    ],
                },
            }
        ]
    },
    "steps": [
        {"player": "Alice", "use": "combat", "targets": {"target": "rex"}},
        {"player": "Alice", "play": "morale-boost"},
        {"player": "Bob", "play": "shields-holding"},
    ],
}


def rounds(result: Any) -> int:
    """How many combat rounds the run fought."""
    return sum(
        1
        for e in result.log
        if e.message.startswith("Combat round ") and e.message.endswith(" begins")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3, help="0: no yardstick")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    first = run_scenario(SCENARIO)
    played = sum(
        1 for e in first.log if e.message.startswith(("Alice plays", "Bob plays"))
    )
    sustained = sum(1 for e in first.log if "uses Sustain Damage" in e.message)
    times, base_ms = reference.in_rounds(
        lambda: run_scenario(SCENARIO), args.repeat, args.rounds, clock
    )
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(
        f"space combat: {rounds(first)} rounds, {played} action cards, "
        f"{sustained} Sustain Damage; {args.clock} p50 "
        f"{p50:.2f} ms, p95 {p95:.2f} ms ({len(times)} runs)"
    )
    if base_ms is not None:
        print(reference.report("space combat p50", p50, base_ms, TARGET_MS))


if __name__ == "__main__":
    main()
