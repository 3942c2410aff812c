"""Count the CPU instructions of the oracle's engine work for one request
(a script, not a test): prepare (parse, normalise, hash), execute (set-up, run,
result mapping) and the stored result text of the oracle bench's scenario
(bench/oracle_api.py), or of one pass over the 68 golden scenarios.

    .venv/bin/python bench/oracle_instructions.py [--goldens] [--runs N]

Runs itself twice under ``valgrind --tool=callgrind`` (Debian's ``valgrind``
package), once doing nothing after the warm-up and once doing N runs, and
prints the difference per run. Instruction counts do not depend on other load,
so they compare two trees where timings on a shared machine cannot; they take
about a minute each. The garbage collector is off during the measured runs, so
that two runs of one tree give the same count.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def work(goldens: bool, runs: int) -> None:
    """Warm up, then do ``runs`` units of work (in the child under valgrind)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    import django

    django.setup()
    import yaml

    from bench.oracle_api import SCENARIO
    from oracle.adapters import canonical_json
    from oracle.ask import run_now

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    scenarios = [
        yaml.load(path.read_text(), Loader=loader)["scenario"]
        for path in sorted((ROOT / "tests" / "ti4" / "scenarios").rglob("*.yaml"))
    ]

    def answer(data: dict[str, object]) -> None:
        canonical_json(run_now(dict(data), "ti4").result)

    for data in scenarios + [{**SCENARIO, "seed": 10**6 + n} for n in range(3)]:
        answer(data)  # imports, caches
    # Whether a collection lands among the measured runs is chance (a full one
    # moves the count per run by about 80,000 over 50 runs), so the collector is
    # off while they run: the count is the work itself, comparable between trees.
    gc.collect()
    gc.disable()
    for n in range(runs):
        if goldens:
            for data in scenarios:
                answer(data)
        else:
            answer({**SCENARIO, "seed": n})


def instructions(goldens: bool, runs: int) -> int:
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--child",
        str(runs),
        *(["--goldens"] if goldens else []),
    ]
    # A fixed hash seed: set and dict orders, hence the work, are the same each run.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"valgrind run failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--goldens", action="store_true", help="per pass over goldens")
    parser.add_argument(
        "--runs", type=int, help="units of work (default 50, with --goldens 3)"
    )
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        work(args.goldens, args.child)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    runs = args.runs or (3 if args.goldens else 50)
    per_run = (instructions(args.goldens, runs) - instructions(args.goldens, 0)) // runs
    unit = "pass over the 68 goldens" if args.goldens else "bench request"
    print(f"{per_run:,} instructions per {unit} (prepare, execute, result text)")


if __name__ == "__main__":
    main()
