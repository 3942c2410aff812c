"""Game locations: a card's location, adjacency, moving, sending home."""

from __future__ import annotations

from typing import Any

from oracle.engine import Result

from .helpers import card, gold, messages, player, run, state, statuses

TOWN = ["homestead", "town-square", "saloon"]


def location_of(result: Result, slug: str) -> str | None:
    """The slug of the location a card stands at (None: never moved)."""
    at = card(result, slug)["data"].get("location")
    return None if at is None else state(result)["cards"][at]["slug"]


def ride(to: str) -> dict[str, Any]:
    return {
        "player": "Alice",
        "play": "stagecoach",
        "targets": {"target": "Alice/soldier", "destination": f"Alice/{to}"},
    }


def test_moving_a_card_to_an_adjacent_location() -> None:
    board = player("Alice", hand=["stagecoach", "stagecoach"], play=[*TOWN, "soldier"])
    result = run(board, steps=[ride("town-square"), ride("saloon")])
    assert statuses(result) == ["accepted", "accepted"]
    assert location_of(result, "soldier") == "saloon"
    assert "Alice moves Soldier to Saloon" in messages(result)


def test_moving_only_between_adjacent_locations() -> None:
    # From home the saloon is not adjacent: only the town square is.
    board = player("Alice", hand=["stagecoach"], play=[*TOWN, "soldier"])
    result = run(board, steps=[ride("saloon")])
    assert statuses(result) == ["rejected"]
    assert result.steps[0].reason.startswith("Alice/saloon is not a legal target")
    assert location_of(result, "soldier") is None  # still at home


def test_sending_a_card_home_exhausts_it() -> None:
    send = {"player": "Bob", "play": "run-out", "targets": {"target": "Alice/soldier"}}
    result = run(
        player("Alice", hand=["stagecoach"], play=[*TOWN, "soldier"]),
        player("Bob", hand=["run-out"]),
        steps=[ride("town-square"), send],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert location_of(result, "soldier") == "homestead"
    assert card(result, "soldier")["exhausted"] is True
    assert "Bob sends Soldier home" in messages(result)


def test_a_job_marks_a_location() -> None:
    job = {
        "player": "Alice",
        "use": "claim-jumper",
        "targets": {"target": "Bob/saloon"},
    }
    result = run(
        player("Alice", play=["claim-jumper"]),
        player("Bob", play=["saloon"]),
        steps=[job],
    )
    assert statuses(result) == ["accepted"]
    assert gold(result, "Alice") == 2
    assert "Alice's job led by Claim Jumper succeeds" in messages(result)


def test_put_into_play_paying_its_cost_at_a_location() -> None:
    hire = {
        "player": "Alice",
        "use": "gunslinger",
        "targets": {"target": "Alice/saloon"},
    }
    result = run(
        player("Alice", hand=["gunslinger"], play=TOWN, resources={"gold": 1}),
        steps=[hire],
    )
    assert statuses(result) == ["accepted"]
    assert gold(result, "Alice") == 0
    assert location_of(result, "gunslinger") == "saloon"
    assert card(result, "gunslinger")["zone"] == "play"


def test_attachment_declares_what_it_may_attach_to() -> None:
    def arm(unit: str) -> Result:
        use = {
            "player": "Alice",
            "use": "lance",
            "targets": {"target": f"Alice/{unit}"},
        }
        return run(
            player("Alice", hand=["lance"], play=["soldier", "knight"]), steps=[use]
        )

    armed = arm("knight")
    assert statuses(armed) == ["accepted"]
    assert card(armed, "lance")["parent"] is not None
    assert armed.decisions[0].options == ("Alice/knight",)
    refused = arm("soldier")
    assert statuses(refused) == ["rejected"]
    assert card(refused, "lance")["zone"] == "hand"
