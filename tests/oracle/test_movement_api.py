"""A movement question through the API and the answer page: the path the
engine found, the gravity rift roll, and a refused move with its reason."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.oracle.conftest import post_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"


def scenario(move: list[str]) -> dict[str, Any]:
    return {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "strategy_cards": ["leadership"]},
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "board": {
            "systems": [
                {"id": "rex", "name": "Mecatol Rex", "adjacent": ["gap"]},
                {"id": "gap", "adjacent": ["far"], "anomaly": "gravity-rift"},
                {"id": "far", "units": {"Alice": ["dreadnought", "carrier"]}},
                {"id": "lost", "units": {"Alice": ["cruiser"]}},
            ],
            "dice": [8, 2],
        },
        "steps": [
            {"player": "Alice", "use": "tactical-action", "targets": {"target": "rex"}},
            {"player": "Alice", "choose": move},
        ],
    }


def test_a_move_through_a_gravity_rift(client: Client, ti4: Any) -> None:
    response = post_json(client, URL, scenario(["Alice/dreadnought@far"]))

    assert response.status_code == 200, response.content
    body = response.json()
    messages = [e["message"] for e in body["log"]]
    assert "Alice moves a dreadnought to Mecatol Rex by Far > Gap > Mecatol Rex" in (
        " ".join(messages)
    )
    assert any(m.startswith("Alice rolls 8 for the dreadnought") for m in messages)
    assert body["state"]["board"]["systems"]["rex"]["space"] == {
        "Alice": {"dreadnought": 1}
    }
    page = client.get(body["permalink"]).content.decode()
    assert "Far &gt; Gap &gt; Mecatol Rex" in page


def test_a_ship_out_of_reach_is_refused_with_its_reason(
    client: Client, ti4: Any
) -> None:
    body = post_json(client, URL, scenario(["Alice/cruiser@lost"])).json()

    step = body["steps"][1]
    assert step["status"] == "rejected"
    assert "89.2" in step["rules"]
    assert (
        "the cruiser in Lost cannot: Lost and Mecatol Rex are not connected"
        in (step["reason"])
    )
