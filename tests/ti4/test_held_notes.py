"""A player may hold other players' promissory notes (``held_notes``): the
note is its owner's, held by the player; bad entries are refused with a
pointer (each player has one of each generic note)."""

from __future__ import annotations

from typing import Any

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import ScenarioError, run_scenario


def _scenario(*held: dict[str, Any], carol: list[str] | None = None) -> dict[str, Any]:
    return {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "strategy_cards": ["leadership"]},
            {"name": "Bob", "held_notes": list(held)},
            {"name": "Carol", "promissory": carol or []},
        ],
        "steps": [],
    }


def _problems(scenario: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    return [(p.path, p.message) for p in caught.value.problems]


def test_a_held_note_stays_its_owners_in_the_holders_hand() -> None:
    result = run_scenario(_scenario({"note": "political-secret", "owner": "Carol"}))

    players = result.state["players"]
    assert players["Bob"]["promissory_notes"] == ["political-secret"]
    assert players["Carol"]["promissory_notes"] == []


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (
            {"note": "political-secret", "owner": "Dave"},
            ("/players/1/held_notes/0/owner", "unknown player 'Dave'"),
        ),
        (
            {"note": "political-secret", "owner": "Bob"},
            (
                "/players/1/held_notes/0/owner",
                "Bob's own notes go in their promissory list",
            ),
        ),
        (
            {"note": "political-secrets", "owner": "Carol"},
            (
                "/players/1/held_notes/0/note",
                "unknown card 'political-secrets'; did you mean 'political-secret'?",
            ),
        ),
        (
            {"note": "political-secret", "owner": "Carol", "from": "Carol"},
            ("/players/1/held_notes/0/from", "unknown field"),
        ),
    ],
)
def test_a_bad_held_note_is_refused(entry: dict[str, Any], problem: Any) -> None:
    path, message = _problems(_scenario(entry))[0]
    assert path == problem[0]
    assert message.startswith(problem[1])


def test_an_owner_has_one_of_each_note() -> None:
    twice = _scenario(
        {"note": "political-secret", "owner": "Carol"}, carol=["political-secret"]
    )

    assert _problems(twice) == [
        (
            "/players/1/held_notes/0",
            "Carol has one Political Secret, and it is already placed",
        )
    ]
