"""Benchmark a TI4 strategy phase under Checks and Balances and Imperial
Arbiter on the engine (a script, not a test).

    .venv/bin/python bench/strategy.py [--repeat N] [--rounds R] [--clock cpu]

Six players choose a strategy card each and give it away under Checks and
Balances (four receivers named, the rest by default); at the end of the phase
the owner of Imperial Arbiter swaps two cards: ``run_scenario`` of a scenario
that starts in the agenda phase and advances to the strategy phase, the
first, warm-up run excluded. Prints p50 and p95 in milliseconds and, with
``--rounds`` (the default 3), the p50 on the reference machine of the targets
(``bench/reference.py``), the base commit's typical scenario running between
the rounds as the yardstick; the pack's target is p50 <= 2 ms.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import scenario_runs

TARGET_MS = 2.0

SCENARIO: dict[str, Any] = {
    "game": "ti4",
    "phase": "agenda",
    "players": [
        {"name": name, "speaker": name == "Alice"}
        for name in ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")
    ],
    "board": {
        "custodians": True,
        "laws": [
            "checks-and-balances",
            {"law": "imperial-arbiter", "owner": "Frank"},
        ],
    },
    "decks": {"strategy_area": [{"card": "trade", "tokens": {"trade_goods": 2}}]},
    "steps": [
        {"advance": "strategy"},
        {"player": "Alice", "choose": "leadership"},
        {"player": "Alice", "choose": "Bob"},
        {"player": "Bob", "choose": "trade"},
        {"player": "Bob", "choose": "Carol"},
        {"player": "Carol", "choose": "politics"},
        {"player": "Carol", "choose": "Dave"},
        {"player": "Dave", "choose": "warfare"},
        {"player": "Dave", "choose": "Eve"},
        {"player": "Frank", "choose": "imperial"},
        {"player": "Frank", "choose": "diplomacy"},
        {"player": "Frank", "choose": "leadership"},
    ],
}


def main() -> None:
    scenario_runs.main(
        __doc__ or "",
        "strategy phase, 6 players, Checks and Balances, Imperial Arbiter",
        SCENARIO,
        TARGET_MS,
    )


if __name__ == "__main__":
    main()
