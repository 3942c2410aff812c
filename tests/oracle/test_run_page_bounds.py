"""A run's page renders in bounded time and size whatever is stored: a long
log, many decision points and a large state are folded, and a stored result
too large to show (stored before results were bounded) is never read: its
page is a summary."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from django.test import Client

from oracle import folding
from oracle.adapters import prepare
from oracle.models import Run
from tests.oracle.conftest import post_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"


def worst_case() -> dict[str, Any]:
    """Eight players with every unit the limits allow, advancing through the
    phases for 200 steps: about the largest result the bounds let through."""
    names = [f"P{n}" for n in range(8)]
    systems = []
    for n, name in enumerate(names):
        planet = f"s{n}-p"
        units = ["100 fighter", "2 war-sun", "flagship", "5 dreadnought"]
        units += ["4 carrier", "8 cruiser", "8 destroyer"]
        units += [f"100 infantry@{planet}", f"4 mech@{planet}"]
        units += [f"3 space-dock@{planet}", f"6 pds@{planet}"]
        systems.append(
            {
                "id": f"s{n}",
                "planets": [{"id": planet, "controller": name}],
                "units": {name: units},
            }
        )
    phases = ["status", "agenda", "strategy", "action"]
    return {
        "game": "ti4",
        "phase": "action",
        "players": [{"name": name, "hand": ["sabotage"] * 7} for name in names],
        # Homeland Defense Act lifts the two-PDS limit of a planet (63.3).
        "board": {
            "systems": systems,
            "fill_deck": True,
            "laws": ["homeland-defense-act"],
        },
        "steps": [{"advance": phases[n % 4]} for n in range(200)],
    }


def test_the_largest_allowed_run_has_a_folded_page_of_bounded_size(
    client: Client, ti4: Any
) -> None:
    answer = post_json(client, URL, worst_case())
    assert answer.status_code == 200
    result = answer.json()
    assert len(result["log"]) > folding.LOG_SHOWN
    assert Run.objects.get().result_size < folding.MAX_SHOWN

    started = time.monotonic()
    page = client.get(result["permalink"])
    elapsed = time.monotonic() - started

    text = page.content.decode()
    assert page.status_code == 200
    assert len(page.content) < 600_000
    assert elapsed < 5
    shown = folding.LOG_SHOWN
    assert f"This page shows the first {shown} entries of the log only" in text
    assert f"{len(result['log']) - shown} more entries" in text
    assert text.count('<li value="') == shown
    assert "decision points are left out" in text
    assert "The whole state is too large to show as JSON here" in text


def test_a_small_run_is_shown_whole(client: Client, ti4: Any, scenario: Any) -> None:
    link = post_json(client, URL, scenario).json()["permalink"]

    text = client.get(link).content.decode()

    assert "left out" not in text
    assert "The whole state as JSON" in text


def test_a_stored_result_too_large_to_show_is_summarised_without_reading_it(
    client: Client, ti4: Any, scenario: Any
) -> None:
    prepared = prepare(scenario, "ti4")
    # Not JSON: reading it would fail the page.
    run = Run.objects.create(
        hash=prepared.hash,
        game=ti4,
        scenario=json.loads(prepared.text),
        result_json="{not json",
        result_size=folding.MAX_SHOWN + 1,
        engine_version="0.1.0",
    )

    page = client.get(run.get_absolute_url())

    text = page.content.decode()
    assert page.status_code == 200
    assert "Too large to show" in text
    assert "Alice, Bob" in text
    assert "sabotage" in text  # the scenario
    assert Run.objects.get().engine_version == "0.1.0"  # not run again


def test_the_size_of_every_stored_result_is_recorded(
    client: Client, ti4: Any, scenario: Any
) -> None:
    post_json(client, URL, scenario)

    run = Run.objects.get()
    assert run.result_size == len(run.result_json) > 0
