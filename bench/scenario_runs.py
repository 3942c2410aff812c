"""The command line the benches of one TI4 scenario share (imported by the
benches; not a test): time ``run_scenario`` of the scenario in rounds with the
base's typical scenario between them (``reference.in_rounds``), then print
p50, p95 and the figure on the reference machine."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Mapping
from typing import Any

import oracle.games
from bench import reference
from oracle.engine import run_scenario


def main(doc: str, label: str, scenario: Mapping[str, Any], target_ms: float) -> None:
    """Parse ``--repeat``, ``--rounds`` and ``--clock``; stop when the
    scenario does not run cleanly (a step refused or the run not ok)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3, help="0: no yardstick")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    oracle.games.discover()
    result = run_scenario(scenario)
    rejected = [s for s in result.steps if s.status != "accepted"]
    if not result.ok or rejected:
        sys.exit(f"the bench scenario does not run cleanly: {rejected}")
    times, base_ms = reference.in_rounds(
        lambda: run_scenario(scenario), args.repeat, args.rounds, clock
    )
    p50 = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[18]
    print(f"{label} ({args.clock} clock)")
    print(f"  p50 {p50:.2f} ms  p95 {p95:.2f} ms here ({len(times)} runs)")
    if base_ms is not None:
        print("  " + reference.report("p50", p50, base_ms, target_ms))
