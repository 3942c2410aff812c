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
  (``movement.offers`` and ``movement.plan`` on a set-up game).
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
from oracle.engine import run_scenario
from oracle.engine.core.refs import labels
from oracle.engine.core.scenario import Scenario
from oracle.engine.io.runner import play
from oracle.games.ti4 import movement
from oracle.games.ti4 import state as st

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
    run: Callable[[], object], repeat: int, clock: Callable[[], float]
) -> list[float]:
    run()  # warm-up
    out = []
    for _ in range(repeat):
        start = clock()
        run()
        out.append((clock() - start) * 1000)
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
    for name, run in (
        ("scenario", lambda: run_scenario(copy.deepcopy(scenario()))),
        ("set-up", lambda: run_scenario(copy.deepcopy(bare))),
        ("movement", planning()),
    ):
        times = sorted(measure(run, args.repeat, clock))
        p50 = medians[name] = statistics.median(times)
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{name:9} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   ({args.clock} clock)")
    action = medians["scenario"] - medians["set-up"]
    print(f"the tactical action itself: about {action:.2f} ms (difference of p50s)")


if __name__ == "__main__":
    main()
