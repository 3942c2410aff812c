"""The reference machine of the engine targets, as a yardstick measured in
the same run (imported by the benches; not a test).

The engine issue set its targets on a machine where the base commit's Python
engine (``BASE``) ran the typical 10-step scenario of ``bench/engine.py`` in
``BASE_TYPICAL_MS``; the pack issues' 2 ms targets (combat, movement, the
agenda phase) are read against the same machine. This machine's speed moves
by half from one hour to the next, so a bench runs the base's typical
scenario between its own rounds and converts its figure: ``figure / base
typical * BASE_TYPICAL_MS`` is what it would take on the reference machine.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = "92341d6"
BASE_TYPICAL_MS = 0.56
TYPICAL = "typical 10-step scenario"
LINE = re.compile(r"^(\S.*?)\s{2,}\d+ scenarios/s\s+p50\s+([\d.]+) ms", re.MULTILINE)


def export(commit: str, into: Path) -> Path:
    """Write the tree of ``commit`` into ``into`` (``git archive``)."""
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


@contextmanager
def base_tree(commit: str = BASE) -> Iterator[Path]:
    """The base commit's tree in a scratch folder, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="rulesite-base-") as scratch:
        yield export(commit, Path(scratch))


def p50s(tree: Path, repeat: int) -> dict[str, float]:
    """The p50 of each scenario line of one ``bench/engine.py --clock cpu``
    run in ``tree``, with this checkout's interpreter (pure Python engine)."""
    env = {**os.environ, "RULESITE_ENGINE": "python", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "bench/engine.py", "--clock", "cpu", "--repeat", str(repeat)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return {label: float(ms) for label, ms in LINE.findall(done.stdout)}


def base_typical(tree: Path, repeat: int = 30) -> float:
    """The base's typical scenario, p50 in ms, on this machine now."""
    return p50s(tree, repeat)[TYPICAL]


def on_reference(figure_ms: float, base_ms: float) -> float:
    """What ``figure_ms`` measured beside ``base_ms`` would take on the
    reference machine."""
    return figure_ms / base_ms * BASE_TYPICAL_MS


def report(label: str, figure_ms: float, base_ms: float, target_ms: float) -> str:
    """One line: the figure here, the yardstick, the reference figure and
    whether it meets ``target_ms`` there."""
    there = on_reference(figure_ms, base_ms)
    state = "met" if there <= target_ms else "MISSED"
    return (
        f"{label}: {figure_ms:.2f} ms here, base typical {base_ms:.2f} ms here "
        f"({figure_ms / base_ms:.2f}x); on the reference machine {there:.2f} ms, "
        f"target <= {target_ms} ms: {state}"
    )


def timed(
    run: Callable[[], object], repeat: int, clock: Callable[[], float]
) -> list[float]:
    """The times of ``repeat`` calls of ``run``, in ms."""
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append((clock() - start) * 1000)
    return times


def in_rounds(
    run: Callable[[], object], repeat: int, rounds: int, clock: Callable[[], float]
) -> tuple[list[float], float | None]:
    """``repeat`` timed calls of ``run`` in ``rounds`` rounds with the base's
    typical scenario between them; the times in ms and the base's median p50
    (None with no rounds: no yardstick)."""
    if rounds == 0:
        return timed(run, repeat, clock), None
    times: list[float] = []
    bases: list[float] = []
    with base_tree() as base:
        for _ in range(rounds):
            bases.append(base_typical(base))
            times += timed(run, repeat // rounds, clock)
    return times, statistics.median(bases)
