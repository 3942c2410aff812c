"""Benchmark the oracle engine (a script, not a test).

    .venv/bin/python bench/engine.py [--repeat N]

Prints scenarios per second and p50/p95 run times for: every scenario the
engine conformance suite runs (tests/engine), a typical 10-step scenario, a
200-step stress scenario, and the TI4 scenario of bench/oracle_api.py with a new
seed each run. Timings cover ``run_scenario`` (parse, set-up, run, result) and
exclude the first, warm-up run of each scenario; the TI4 line also covers the
result's compact sorted JSON, as the oracle API stores it. ``--clock cpu``
measures process CPU time instead of wall time (steadier on a busy machine).
"""

from __future__ import annotations

import argparse
import inspect
import itertools
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import oracle.games
from bench.oracle_api import SCENARIO as TI4_SCENARIO
from oracle.engine import run_scenario
from tests.engine import helpers

SUITES = (
    "test_effects",
    "test_actions",
    "test_periods",
    "test_triggers",
    "test_special",
)


def conformance_scenarios() -> list[dict[str, Any]]:
    """Run the plain conformance tests once, recording each scenario they run."""
    helpers.RECORDED = []
    for name in SUITES:
        module = __import__(f"tests.engine.{name}", fromlist=["_"])
        for attr, test in sorted(vars(module).items()):
            if attr.startswith("test_") and not inspect.signature(test).parameters:
                test()
    recorded, helpers.RECORDED = helpers.RECORDED, None
    return recorded


def typical() -> dict[str, Any]:
    """Ten steps: plays, a cancel and a counter-cancel, uses, a phase change."""
    strike = {"player": "Alice", "play": "strike", "targets": {"target": "Bob/knight"}}
    return helpers.scenario(
        helpers.player(
            "Alice",
            hand=["strike", "strike", "counter", "bargain"],
            play=["well", "watcher", "banner", "soldier"],
            deck=["sage"],
        ),
        helpers.player(
            "Bob", hand=["block", "block"], play=["knight", "chime", "sniper"]
        ),
        steps=[
            strike,
            {"player": "Bob", "play": "block"},
            {"player": "Alice", "play": "counter"},
            {"player": "Bob", "play": "block"},
            {"player": "Alice", "use": "well"},
            {"player": "Alice", "pass": True},
            {
                "player": "Alice",
                "play": "bargain",
                "targets": {"target": "draw a card"},
            },
            {"player": "Bob", "use": "sniper", "targets": {"target": "Alice/soldier"}},
            {"advance": "combat"},
            strike,
        ],
    )


def stress() -> dict[str, Any]:
    """Two hundred steps over a table of forty cards."""
    plays = [
        "well",
        "sage",
        "shrine",
        "tower",
        "watcher",
        "banner",
        "soldier",
        "knight",
    ]
    cycle = [
        {"player": "Alice", "use": "well"},
        {"player": "Alice", "use": "sage"},
        {"player": "Alice", "use": "shrine"},
        {"player": "Bob", "use": "well"},
        {"player": "Alice", "use": "tower"},
        {"player": "Bob", "pass": True},
        {"end": "turn"},
        {"player": "Alice", "choose": "x"},
    ]
    steps = [cycle[i % len(cycle)] for i in range(200)]
    return helpers.scenario(
        helpers.player("Alice", play=plays * 2, resources={"gold": 3}),
        helpers.player("Bob", play=plays * 3),
        steps=steps,
    )


CLOCK: Callable[[], float] = time.perf_counter


def timings(data: dict[str, Any], repeat: int) -> list[float]:
    """Seconds per run of one scenario (after a warm-up run)."""
    run_scenario(data)
    out = []
    for _ in range(repeat):
        start = CLOCK()
        run_scenario(data)
        out.append(CLOCK() - start)
    return out


#: Bytes of the stored JSON of the last TI4 run (what the oracle API stores).
TI4_BYTES = 0


def ti4_timings(repeat: int) -> list[float]:
    """Seconds per run of the TI4 scenario, a new seed each time, with its JSON."""
    seeds = itertools.count()

    def once() -> None:
        global TI4_BYTES
        result = run_scenario({"game": "ti4", **TI4_SCENARIO, "seed": next(seeds)})
        answer = {**result.to_dict(), "error": result.error}
        text = json.dumps(
            answer, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        TI4_BYTES = len(text.encode())

    once()
    out = []
    for _ in range(repeat):
        start = CLOCK()
        once()
        out.append(CLOCK() - start)
    return out


def pct(values: list[float], q: float) -> float:
    """The q-quantile of values, in milliseconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def report(label: str, runs: list[float], per: Callable[[], str] = lambda: "") -> None:
    """Print one line of figures."""
    print(
        f"{label:<34} {len(runs) / sum(runs):>9.0f} scenarios/s   "
        f"p50 {pct(runs, 0.5):6.2f} ms   p95 {pct(runs, 0.95):6.2f} ms{per()}"
    )


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    corpus = conformance_scenarios()
    medians, everything = [], []
    for data in corpus:
        runs = timings(data, args.repeat)
        medians.append(statistics.median(runs))
        everything.extend(runs)
    print(
        f"engine benchmark ({args.clock} clock), {args.repeat} runs per scenario "
        "after one warm-up"
    )
    report(
        f"conformance ({len(corpus)} scenarios)",
        everything,
        lambda: (
            f"   (per-scenario medians: p50 {pct(medians, 0.5):.2f} ms, "
            f"p95 {pct(medians, 0.95):.2f} ms)"
        ),
    )
    report("typical 10-step scenario", timings(typical(), args.repeat * 10))
    report("stress 200-step scenario", timings(stress(), args.repeat))
    oracle.games.discover()
    report(
        "ti4 API scenario, new seed, JSON",
        ti4_timings(args.repeat * 10),
        lambda: f"   (result {TI4_BYTES:,} bytes)",
    )


if __name__ == "__main__":
    main()
