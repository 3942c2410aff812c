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
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = "92341d6"
ISSUE_RATIO = 1.0 / 0.56
LINE = re.compile(r"^(\S.*?)\s{2,}\d+ scenarios/s\s+p50\s+([\d.]+) ms", re.MULTILINE)


def export(commit: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tempfile.TemporaryFile() as file:
        file.write(archive)
        file.seek(0)
        with tarfile.open(fileobj=file) as tar:
            tar.extractall(into, filter="data")
    return into


def p50s(tree: Path, repeat: int) -> dict[str, float]:
    """The p50 of each scenario line of one ``bench/engine.py`` run in ``tree``."""
    env = {**os.environ, "RULESITE_ENGINE": "python", "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "bench/engine.py", "--clock", "cpu"]
    done = subprocess.run(
        [*command, "--repeat", str(repeat)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return {label: float(ms) for label, ms in LINE.findall(done.stdout)}


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
