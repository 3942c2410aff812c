"""Benchmark a full TI4 agenda phase on the engine (a script, not a test).

    .venv/bin/python bench/agenda.py [--repeat N] [--rounds R] [--clock cpu]

Four players, two agendas, five action cards (Veto, a Trade Rider, Assassinate
Representative, Distinguished Councilor and Bribery), every player voting:
``run_scenario`` of a scenario that starts in the agenda phase, to the
readied planets (a spare agenda keeps the deck from running out), the first,
warm-up run excluded. Prints p50 and p95 in
milliseconds and, with ``--rounds`` (the default 3), the p50 on the reference
machine of the targets (``bench/reference.py``), the base commit's typical
scenario running between the rounds as the yardstick; the target is p50 <= 2
ms.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import scenario_runs

TARGET_MS = 2.0


def _planet(slug: str, owner: str, influence: int) -> dict[str, Any]:
    return {
        "id": slug,
        "name": slug.title(),
        "resources": 1,
        "influence": influence,
        "controller": owner,
    }


SCENARIO: dict[str, Any] = {
    "game": "ti4",
    "phase": "agenda",
    "players": [
        {"name": "Alice", "speaker": True, "hand": ["assassinate-representative"]},
        {"name": "Bob", "hand": ["trade-rider", "veto"]},
        {"name": "Carol", "hand": ["distinguished-councilor"], "trade_goods": 2},
        {"name": "Dave", "hand": ["bribery"], "trade_goods": 3},
    ],
    "board": {
        "systems": [
            {
                "id": "lodor-system",
                "name": "Lodor",
                "planets": [
                    _planet("lodor", "Alice", 1),
                    _planet("quann", "Bob", 2),
                    _planet("bereg", "Carol", 1),
                    _planet("lirta-iv", "Dave", 3),
                ],
            }
        ]
    },
    "decks": {
        "agenda_deck": [
            "executive-sanctions",
            "economic-equality",
            "unconventional-measures",
            "mutiny",
        ]
    },
    "steps": [
        {"player": "Bob", "play": "veto"},
        {
            "player": "Alice",
            "play": "assassinate-representative",
            "targets": {"target": "Dave"},
        },
        {"player": "Bob", "play": "trade-rider", "targets": {"outcome": "for"}},
        {"player": "Carol", "choose": "for"},
        {"player": "Carol", "choose": ["bereg"]},
        {"player": "Carol", "play": "distinguished-councilor"},
        {"player": "Alice", "choose": "for"},
        {"player": "Alice", "choose": ["lodor"]},
        {"player": "Bob", "choose": "for"},
        {"player": "Bob", "choose": ["quann"]},
        {"player": "Carol", "choose": "abstain"},
        {"player": "Dave", "choose": "for"},
        {"player": "Dave", "choose": ["lirta-iv"]},
        {"player": "Alice", "choose": "abstain"},
        {"player": "Dave", "play": "bribery", "targets": {"trade_goods": 2}},
    ],
}


def main() -> None:
    scenario_runs.main(
        __doc__ or "",
        "agenda phase, 4 players, 2 agendas, 5 action cards",
        SCENARIO,
        TARGET_MS,
    )


if __name__ == "__main__":
    main()
