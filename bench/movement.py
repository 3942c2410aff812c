"""Benchmark the movement step of a tactical action (a script, not a test).

    .venv/bin/python bench/movement.py [--repeat N] [--clock cpu]

A board of 19 systems (Mecatol Rex, two rings, a gravity rift, a nebula, an
asteroid field and another player's fleet in the way); Alice activates Mecatol
Rex and moves 10 ships, with fighters and infantry, from 3 systems, the engine
finding every path. Prints p50/p95 of:

- ``scenario``: ``run_scenario`` of the whole scenario (parse, set-up, the
  activation, the movement, capacity and fleet pool, the result);
- ``set-up``: the same scenario without its steps (parse, set-up, result), so
  ``scenario`` minus ``set-up`` is what the tactical action itself costs;
- ``movement``: only the engine's planning of that answer
  (``movement.offers`` and ``movement.plan`` on a set-up game);
- ``ti4 api``: the TI4 API scenario of ``bench/engine.py`` (from
  ``bench/oracle_api.py``), measured in the same rounds as a yardstick of the
  machine's speed at the time.

The four are measured in interleaved rounds, so the load moves them alike.
Then the base commit's typical scenario runs, the yardstick of the reference
machine the 2 ms target was set on (``bench/reference.py``), and the figures
are given as they would be there.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import oracle.games
from bench import reference
from bench.oracle_api import SCENARIO as TI4_SCENARIO
from oracle.engine import run_scenario
from oracle.engine.core.refs import labels
from oracle.engine.core.scenario import Scenario
from oracle.engine.io.runner import play
from oracle.games.ti4 import movement
from oracle.games.ti4 import state as st

TARGET_MS = 2.0
RING = ["n", "ne", "se", "s", "sw", "nw"]
OUTER = [f"o{i}" for i in range(12)]


def board() -> list[dict[str, Any]]:
    """Mecatol Rex, a ring of 6 and a ring of 12, adjacent as on the map."""
    systems: list[dict[str, Any]] = [
        {"id": "rex", "name": "Mecatol Rex", "adjacent": RING}
    ]
    for i, name in enumerate(RING):
        near = [
            RING[(i + 1) % 6],
            OUTER[2 * i],
            OUTER[2 * i + 1],
            OUTER[(2 * i - 1) % 12],
        ]
        systems.append({"id": name, "adjacent": near})
    for i, name in enumerate(OUTER):
        systems.append({"id": name, "adjacent": [OUTER[(i + 1) % 12]]})
    by_id = {s["id"]: s for s in systems}
    by_id["ne"]["anomaly"] = "gravity-rift"
    by_id["se"]["anomaly"] = "nebula"
    by_id["s"]["anomaly"] = "asteroid-field"
    by_id["sw"]["units"] = {"Bob": ["2 cruiser"]}
    by_id["o0"]["units"] = {"Alice": ["carrier", "2 fighter", "dreadnought", "cruiser"]}
    by_id["o3"]["units"] = {"Alice": ["carrier", "2 infantry", "2 destroyer"]}
    by_id["o10"]["units"] = {"Alice": ["2 cruiser", "destroyer", "carrier", "fighter"]}
    return systems


MOVED = [
    "Alice/carrier@o0",
    "2 Alice/fighter@o0",
    "Alice/dreadnought@o0",
    "Alice/cruiser@o0",
    "Alice/carrier@o3",
    "2 Alice/infantry@o3",
    "2 Alice/destroyer@o3",
    "2 Alice/cruiser@o10",
    "Alice/destroyer@o10",
    "Alice/carrier@o10",
    "Alice/fighter@o10",
]


def scenario() -> dict[str, Any]:
    """The tactical action moving 10 ships (and their cargo) from 3 systems."""
    return {
        "game": "ti4",
        "phase": "action",
        "players": [
            {
                "name": "Alice",
                "strategy_cards": ["leadership"],
                "technologies": ["gravity-drive", "carrier-ii"],
                "command_tokens": {"tactic": 3, "fleet": 10, "strategy": 2},
            },
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "board": {"systems": board(), "dice": [9] * 20},
        "steps": [
            {"player": "Alice", "use": "tactical-action", "targets": {"target": "rex"}},
            {"player": "Alice", "choose": MOVED},
        ],
    }


def planning() -> Callable[[], object]:
    """The movement planning alone, on a game set up and activated."""
    data = scenario()
    data["steps"] = data["steps"][:1]
    data["board"]["systems"][0]["tokens"] = ["Alice"]
    game, _result = play(Scenario.parse(data))
    rex = st.system_named(game, "rex")
    assert rex is not None
    answer = movement.expand(
        labels(game, movement.offers(movement.mover(game, "Alice", rex))[0]), MOVED
    )

    def run() -> object:
        move = movement.mover(game, "Alice", rex)
        found, _stuck = movement.offers(move)
        by_name = dict(zip(labels(game, found), found, strict=True))
        legs = movement.plan(move, [by_name[n] for n in answer])  # type: ignore[union-attr]
        assert legs is not None and len(legs) == 10
        return legs

    return run


def measure(
    runs: dict[str, Callable[[], object]],
    repeat: int,
    clock: Callable[[], float],
    rounds: int = 10,
) -> dict[str, list[float]]:
    """Milliseconds of each run, ``repeat`` times, in interleaved rounds."""
    out: dict[str, list[float]] = {name: [] for name in runs}
    for run in runs.values():
        run()  # warm-up
    for _ in range(rounds):
        for name, run in runs.items():
            for _ in range(max(1, repeat // rounds)):
                start = clock()
                run()
                out[name].append((clock() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    oracle.games.discover()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    result = run_scenario(copy.deepcopy(scenario())).to_dict()
    moved = result["state"]["board"]["systems"]["rex"]["space"]["Alice"]
    assert result["verdict"] == "legal", result["verdict"]
    print(f"moved into Mecatol Rex: {moved}")
    bare = scenario()
    bare["steps"] = []
    medians = {}
    runs: dict[str, Callable[[], object]] = {
        "scenario": lambda: run_scenario(copy.deepcopy(scenario())),
        "set-up": lambda: run_scenario(copy.deepcopy(bare)),
        "movement": planning(),
        "ti4 api": lambda: run_scenario({"game": "ti4", **TI4_SCENARIO}),
    }
    for name, found in measure(runs, args.repeat, clock).items():
        times = sorted(found)
        p50 = medians[name] = statistics.median(times)
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{name:9} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   ({args.clock} clock)")
    action = medians["scenario"] - medians["set-up"]
    print(
        f"the tactical action itself: about {action:.2f} ms (difference of p50s), "
        f"{action / medians['ti4 api']:.2f}x the TI4 API scenario"
    )
    with reference.base_tree() as base:
        base_ms = reference.base_typical(base)
    print(reference.report("the tactical action", action, base_ms, TARGET_MS))
    print(
        reference.report("the whole scenario", medians["scenario"], base_ms, TARGET_MS)
    )


if __name__ == "__main__":
    main()
