"""Demilitarized Zone on a starting board: attached only to a cultural planet
of the board, and that planet holds no unit. The effects are tested by the
golden scenarios ``rules/ag-demilitarized-zone*.yaml``."""

from __future__ import annotations

from typing import Any

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import run_scenario
from oracle.engine.core.errors import ScenarioError

LAW = "demilitarized-zone-agenda"


def _scenario(planet: str, units: list[str]) -> dict[str, Any]:
    return {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "strategy_cards": ["leadership"]},
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "board": {
            "laws": [{"law": LAW, "planet": planet}],
            "systems": [
                {
                    "id": "lodor-system",
                    "name": "Lodor",
                    "planets": [
                        {
                            "id": "lodor",
                            "resources": 3,
                            "influence": 1,
                            "trait": "cultural",
                            "controller": "Alice",
                        },
                        {
                            "id": "bereg",
                            "resources": 3,
                            "influence": 1,
                            "trait": "hazardous",
                        },
                    ],
                    "units": {"Alice": units},
                }
            ],
        },
        "steps": [{"player": "Alice", "pass": True}],
    }


def test_it_is_attached_to_a_cultural_planet_without_units() -> None:
    assert run_scenario(_scenario("lodor", ["carrier", "infantry@bereg"])).ok


@pytest.mark.parametrize(
    ("planet", "units", "path", "message"),
    [
        ("bereg", [], "/board/laws/0/planet", "elects a cultural planet"),
        (
            "lodor",
            ["carrier", "infantry@lodor"],
            "/board/systems/0/units",
            "Alice's infantry cannot be on lodor: Demilitarized Zone is attached",
        ),
    ],
)
def test_it_refuses_a_board_that_cannot_be(
    planet: str, units: list[str], path: str, message: str
) -> None:
    with pytest.raises(ScenarioError) as raised:
        run_scenario(_scenario(planet, units))
    assert any(
        p.path == path and message in p.message for p in raised.value.problems
    ), raised.value.problems
