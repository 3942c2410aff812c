"""Board ids and names that match nothing say which one was meant."""

from __future__ import annotations

from typing import Any

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import ScenarioError, run_scenario


def board_problems(systems: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The (path, message) pairs of a scenario with this board."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario(
            {
                "game": "ti4",
                "phase": "action",
                "players": [{"name": "Alice"}, {"name": "Bob"}],
                "board": {"systems": systems},
            }
        )
    return [(p.path, p.message) for p in caught.value.problems]


REX = {
    "id": "rex",
    "planets": [{"id": "mecatol-rex", "resources": 1, "influence": 6}],
}


def test_a_misspelt_adjacent_system_suggests_the_system() -> None:
    found = board_problems([{**REX, "adjacent": ["lodr"]}, {"id": "lodor"}])

    assert found == [
        ("/board/systems/0/adjacent", "unknown system 'lodr'; did you mean 'lodor'?")
    ]


def test_a_misspelt_planet_or_unit_suggests_the_one_meant() -> None:
    found = board_problems(
        [{**REX, "units": {"Bob": ["infantry@mecatol-rx", "2 destroyr"]}}]
    )

    assert found == [
        (
            "/board/systems/0/units/Bob/0",
            "no planet 'mecatol-rx' in this system; did you mean 'mecatol-rex'?",
        ),
        (
            "/board/systems/0/units/Bob/1",
            "unknown unit 'destroyr'; did you mean 'destroyer'?",
        ),
    ]


def test_units_of_one_player_in_two_cases_are_all_theirs() -> None:
    result = run_scenario(
        {
            "game": "ti4",
            "phase": "action",
            "players": [{"name": "Alice"}, {"name": "Bob"}],
            "board": {
                "systems": [
                    {**REX, "units": {"Bob": ["cruiser"], "bob": ["pds@mecatol-rex"]}}
                ]
            },
        }
    )

    rex = result.state["board"]["systems"]["rex"]
    assert rex["space"] == {"Bob": {"cruiser": 1}}
    assert rex["planets"]["mecatol-rex"]["units"] == {"Bob": {"pds": 1}}
