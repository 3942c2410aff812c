"""Every run is stored under the hash of its normalised scenario: the same
scenario (whatever its key order or defaults) has the same link, and a stored
answer is run again when the engine version changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from oracle import adapters, ask, models
from oracle.models import Run
from tests.oracle.conftest import post_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"


def reordered(value: Any) -> Any:
    """The same data with every mapping's keys in reverse order."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reordered(item) for item in value]
    return value


def test_same_scenario_in_another_key_order_has_the_same_link(
    client: Client, ti4: Any, scenario: Any
) -> None:
    first = post_json(client, URL, scenario).json()["permalink"]
    second = post_json(client, URL, reordered(scenario)).json()["permalink"]

    assert first == second
    assert Run.objects.count() == 1


def test_defaults_written_out_do_not_change_the_link(
    client: Client, ti4: Any, scenario: Any
) -> None:
    explicit = {**scenario, "seed": 0, "round": 1}
    del scenario["game"]

    first = post_json(client, URL, scenario).json()["permalink"]
    second = post_json(client, URL, explicit).json()["permalink"]

    assert first == second


def test_names_in_another_case_have_the_same_link(
    client: Client, ti4: Any, scenario: Any
) -> None:
    first = post_json(client, URL, scenario).json()["permalink"]
    scenario["active_player"] = "alice"
    scenario["steps"] = [
        {"player": "alice", "play": "Spy", "targets": {"target": "bob"}},
        {"player": "BOB", "play": "sabotage"},
    ]
    second = post_json(client, URL, scenario).json()

    assert second["permalink"] == first
    assert Run.objects.get().scenario["steps"][0] == {
        "player": "Alice",
        "play": "spy",
        "targets": {"target": "Bob"},
    }


def test_a_different_scenario_has_a_different_link(
    client: Client, ti4: Any, scenario: Any
) -> None:
    first = post_json(client, URL, scenario).json()["permalink"]
    scenario["seed"] = 8
    second = post_json(client, URL, scenario).json()["permalink"]

    assert first != second


def test_the_hash_is_the_normalised_scenario(ti4: Any, scenario: Any) -> None:
    prepared = adapters.prepare(scenario, "ti4")
    text = json.dumps(prepared.canonical, sort_keys=True, separators=(",", ":"))

    assert prepared.hash == adapters.scenario_hash(json.loads(text))
    assert adapters.prepare(reordered(scenario), "ti4").hash == prepared.hash
    assert len(prepared.hash) == adapters.HASH_LENGTH


def test_the_page_shows_the_stored_answer(
    client: Client, ti4: Any, scenario: Any
) -> None:
    link = post_json(client, URL, scenario).json()["permalink"]

    page = client.get(link)

    assert page.status_code == 200
    text = page.content.decode()
    assert "Yes:" in text and "all 2 steps are allowed" in text
    assert "Alice plays Spy targeting Bob" in text
    assert "run again" not in text


def test_a_run_from_an_older_engine_is_run_again_and_says_so(
    client: Client, ti4: Any, scenario: Any
) -> None:
    link = post_json(client, URL, scenario).json()["permalink"]
    run = Run.objects.get()
    Run.objects.filter(pk=run.pk).update(engine_version="0.9.0")

    page = client.get(link).content.decode()

    assert "first given by engine 0.9.0" in page
    assert "the answer is the same" in page
    run.refresh_from_db()
    assert run.is_current
    assert "first given by" not in client.get(link).content.decode()


def test_a_changed_answer_is_reported(client: Client, ti4: Any, scenario: Any) -> None:
    link = post_json(client, URL, scenario).json()["permalink"]
    run = Run.objects.get()
    stale = {**run.result, "ok": False, "steps": []}
    Run.objects.filter(pk=run.pk).update(
        engine_version="0.9.0", result_json=json.dumps(stale)
    )

    page = client.get(link).content.decode()

    assert "the answer changed" in page


def test_the_api_reruns_a_stale_run_too(
    client: Client, ti4: Any, scenario: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    post_json(client, URL, scenario)
    Run.objects.update(engine_version="0.9.0")

    body = post_json(client, URL, scenario).json()

    assert body["engine_version"] == models.ENGINE_VERSION
    assert Run.objects.get().engine_version == models.ENGINE_VERSION


def test_a_stored_run_is_answered_without_running_the_engine(
    client: Client, ti4: Any, scenario: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = post_json(client, URL, scenario).json()

    def fail(prepared: Any) -> Any:
        raise AssertionError("the engine ran again")

    monkeypatch.setattr(ask, "execute", fail)
    assert post_json(client, URL, scenario).json() == first


def test_a_run_stored_meanwhile_by_another_request_is_kept(
    client: Client, ti4: Any, scenario: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two workers answer the same new scenario at once: the second to store it
    # finds the first one's row and must still answer, with the same link.
    first = post_json(client, URL, scenario).json()
    lookup = models.RunQuerySet.lookup

    def as_if_new(self: Any, game: str, hash: str) -> Any:
        return lookup(self, game, hash)[0], None, None, None

    monkeypatch.setattr(models.RunQuerySet, "lookup", as_if_new)
    second = post_json(client, URL, scenario)

    assert second.status_code == 200
    assert second.json() == first
    assert Run.objects.count() == 1


def test_runs_can_still_be_saved_with_the_orm(ti4: Any, scenario: Any) -> None:
    # Besides the oracle's path, the admin, the shell and data migrations
    # save runs with the model's own saving.
    prepared = adapters.prepare(scenario)
    fields = {"game": ti4, "scenario": prepared.canonical, "engine_version": "0"}
    Run.objects.create(hash=prepared.hash, result_json="{}", **fields)
    Run.objects.bulk_create([Run(hash="other", result_json="[]", **fields)])

    assert Run.objects.get(hash=prepared.hash).result == {}
    assert Run.objects.get(hash="other").result == []


def test_the_stored_scenario_is_the_normalised_one(
    client: Client, ti4: Any, scenario: Any
) -> None:
    post_json(client, URL, reordered(scenario))

    run = Run.objects.get()
    assert run.scenario == adapters.prepare(scenario).canonical
    assert run.result == {
        key: value
        for key, value in post_json(client, URL, scenario).json().items()
        if key not in ("permalink", "question")  # added to the result by the API
    }


def test_continue_from_here_opens_the_editor_with_the_scenario(
    client: Client, ti4: Any, scenario: Any
) -> None:
    link = post_json(client, URL, scenario).json()["permalink"]
    run = Run.objects.get()

    page = client.get(link).content.decode()
    editor = client.get(f"/ti4/oracle/?from={run.hash}")

    assert f"/ti4/oracle/?from={run.hash}" in page
    assert editor.status_code == 200
    builder = editor.context["builder"]
    assert [f.initial.get("name") for f in builder.players.forms[:2]] == [
        "Alice",
        "Bob",
    ]
    assert builder.steps.forms[0].initial["card"] == "spy"
    assert "hand:\n  - spy" in editor.context["page"].paste.initial["text"]


def test_an_unknown_link_is_not_found(client: Client, ti4: Any) -> None:
    assert client.get("/ti4/oracle/r/0123456789abcdef/").status_code == 404
    assert client.get("/chess/oracle/r/0123456789abcdef/").status_code == 404
