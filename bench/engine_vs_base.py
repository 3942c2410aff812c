"""The engine against a base commit, measured in the same run (a script, not a
test): a machine's speed moves by half from one hour to the next, the ratio
much less.

    .venv/bin/python bench/engine_vs_base.py [--base 92341d6] [--rounds 4]

Exports the base commit's tree (``git archive``) to a scratch folder and runs
``bench/engine.py --clock cpu`` there and here in turn, ``--rounds`` times
each, with this checkout's virtualenv (the base's engine in pure Python).
Prints each scenario's p50 medians and the ratio now / base.

The engine issue's targets (typical 10-step and TI4 API scenarios at most
1 ms p50) were set on a machine where the base ran the typical scenario in
0.56 ms: as a ratio, at most 1.0 / 0.56 = 1.79 times the base.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.reference import BASE, BASE_TYPICAL_MS, ROOT, export, p50s

ISSUE_RATIO = 1.0 / BASE_TYPICAL_MS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulesite-base-") as scratch:
        base_tree = export(args.base, Path(scratch))
        runs: dict[str, list[dict[str, float]]] = {"base": [], "now": []}
        for _ in range(args.rounds):
            runs["base"].append(p50s(base_tree, args.repeat))
            runs["now"].append(p50s(ROOT, args.repeat))
    print(
        f"bench/engine.py --clock cpu, {args.rounds} rounds alternating with "
        f"{args.base}; load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'p50, median of rounds':34} {'base':>9} {'now':>9} {'now/base':>9}")
    for label in runs["now"][0]:
        if label not in runs["base"][0]:
            continue
        base = statistics.median(r[label] for r in runs["base"])
        now = statistics.median(r[label] for r in runs["now"])
        print(f"{label:34} {base:7.2f}ms {now:7.2f}ms {now / base:9.2f}")
    print(f"the issue's 1 ms targets as a ratio to the base: <= {ISSUE_RATIO:.2f}")


if __name__ == "__main__":
    main()
