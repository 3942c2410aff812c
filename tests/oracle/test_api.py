"""Contract of ``POST /api/v1/<game>/oracle/run/``: the answer, every kind of
invalid input with its JSON pointer, the limits, the rate limit, and errors in
the API's one shape."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from oracle import adapters
from oracle.engine import ENGINE_VERSION, Budget, get_pack
from oracle.models import Run
from tests.oracle.conftest import post_json, set_oracle_rate

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"


PACK = get_pack("ti4")


def problems(response: Any) -> list[dict[str, str]]:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid"
    return error["details"]  # type: ignore[no-any-return]


def test_runs_a_valid_scenario(client: Client, ti4: Any, scenario: Any) -> None:
    response = post_json(client, URL, scenario)

    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) >= {
        "ok",
        "game",
        "engine_version",
        "steps",
        "log",
        "decisions",
        "state",
        "expect",
        "error",
        "permalink",
    }
    assert body["ok"] is True and body["error"] is None
    assert body["engine_version"] == ENGINE_VERSION
    assert [s["status"] for s in body["steps"]] == ["accepted", "accepted"]
    assert any("Sabotage" in entry["message"] for entry in body["log"])
    run = Run.objects.get()
    assert body["permalink"] == f"http://testserver/ti4/oracle/r/{run.hash}/"
    assert client.get(body["permalink"]).status_code == 200


def test_fills_in_the_game_of_the_url(client: Client, ti4: Any, scenario: Any) -> None:
    del scenario["game"]

    response = post_json(client, URL, scenario)

    assert response.status_code == 200
    assert response.json()["game"] == "ti4"


def test_refuses_a_game_other_than_the_url(
    client: Client, ti4: Any, scenario: Any
) -> None:
    scenario["game"] = "chess"

    assert problems(post_json(client, URL, scenario)) == [
        {"pointer": "/game", "message": "must be 'ti4' (the game of the URL)"}
    ]


def test_a_rejected_step_is_an_answer(client: Client, ti4: Any, scenario: Any) -> None:
    scenario["steps"] = [{"player": "Bob", "play": "sabotage"}]

    response = post_json(client, URL, scenario)

    assert response.status_code == 200
    step = response.json()["steps"][0]
    assert step["status"] == "rejected"
    assert step["reason"] and step["rules"]


def test_reports_missing_players(client: Client, ti4: Any, scenario: Any) -> None:
    del scenario["players"]
    del scenario["active_player"]
    scenario["steps"] = []

    assert {"pointer": "/players", "message": "is required"} in problems(
        post_json(client, URL, scenario)
    )


def test_reports_an_unknown_card_at_its_place(
    client: Client, ti4: Any, scenario: Any
) -> None:
    scenario["players"][1]["hand"] = ["sabotage", "sabotge"]

    details = problems(post_json(client, URL, scenario))

    assert details == [
        {
            "pointer": "/players/1/hand/1",
            "message": "unknown card 'sabotge'; did you mean 'sabotage'?",
        }
    ]


@pytest.mark.parametrize(
    ("step", "pointer"),
    [
        ({"player": "Alice"}, "/steps/0"),
        ({"player": "Carol", "play": "spy"}, "/steps/0/player"),
        ({"player": "Alice", "pass": "yes"}, "/steps/0/pass"),
        ({"player": "Alice", "play": "spy", "colour": "red"}, "/steps/0/colour"),
        ({"advance": "lunch"}, "/steps/0/advance"),
        ("spy", "/steps/0"),
    ],
)
def test_reports_a_bad_step_at_its_place(
    client: Client, ti4: Any, scenario: Any, step: object, pointer: str
) -> None:
    scenario["steps"] = [step]

    details = problems(post_json(client, URL, scenario))

    assert [d["pointer"] for d in details] == [pointer]


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"seed": "seven"}, "/seed"),
        ({"players": "Alice and Bob"}, "/players"),
        ({"steps": {"player": "Alice"}}, "/steps"),
        ({"round": True}, "/round"),
        ({"phase": 3}, "/phase"),
    ],
)
def test_reports_wrong_types_at_their_place(
    client: Client, ti4: Any, scenario: Any, change: dict[str, Any], pointer: str
) -> None:
    scenario.update(change)
    if "players" in change:
        del scenario["active_player"]
        scenario["steps"] = []

    details = problems(post_json(client, URL, scenario))

    assert pointer in [d["pointer"] for d in details]


@pytest.mark.parametrize("name", ["A\u0000B", "Bob\n", "Al\u001bice"])
def test_refuses_control_characters_in_a_name(
    client: Client, ti4: Any, scenario: Any, name: str
) -> None:
    # They would not survive the editor's round trip: the same scenario would
    # come back as another one, with another permalink.
    scenario["players"][1]["name"] = name

    details = problems(post_json(client, URL, scenario))

    assert {
        "pointer": "/players/1/name",
        "message": "must not contain control characters",
    } in details


def test_reports_every_problem_at_once(client: Client, ti4: Any, scenario: Any) -> None:
    scenario["seed"] = -1
    scenario["players"][0]["hand"] = 3
    scenario["steps"][1]["player"] = "Rob"

    pointers = {d["pointer"] for d in problems(post_json(client, URL, scenario))}

    assert pointers == {"/seed", "/players/0/hand", "/steps/1/player"}


@pytest.mark.parametrize("body", [[], "scenario", 7])
def test_the_body_must_be_an_object(client: Client, ti4: Any, body: object) -> None:
    assert [d["pointer"] for d in problems(post_json(client, URL, body))] == [""]


def test_reports_a_body_that_is_not_json(client: Client, ti4: Any) -> None:
    response = client.post(URL, data="{players: [", content_type="application/json")

    [detail] = problems_of(response, "invalid")
    assert detail["pointer"] == ""
    assert "JSON" in detail["message"]


def problems_of(response: Any, code: str) -> list[dict[str, str]]:
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == code
    return response.json()["error"]["details"]  # type: ignore[no-any-return]


def test_refuses_a_body_over_64_kib(client: Client, ti4: Any, scenario: Any) -> None:
    scenario["padding"] = "x" * (64 * 1024)

    response = post_json(client, URL, scenario)

    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    assert not Run.objects.exists()


def test_refuses_more_than_8_players(client: Client, ti4: Any, scenario: Any) -> None:
    scenario["players"] = [{"name": f"P{n}"} for n in range(9)]
    scenario["steps"] = []
    del scenario["active_player"]

    assert problems(post_json(client, URL, scenario)) == [
        {"pointer": "/players", "message": "must have at most 8 items"}
    ]


def test_refuses_more_than_200_steps(client: Client, ti4: Any, scenario: Any) -> None:
    scenario["steps"] = [{"player": "Alice", "pass": True}] * 201

    assert problems(post_json(client, URL, scenario)) == [
        {"pointer": "/steps", "message": "must have at most 200 items"}
    ]


@pytest.mark.parametrize(
    "content_type", ["application/json", "application/json; charset=utf-8"]
)
def test_takes_a_json_body_with_or_without_its_charset(
    client: Client, ti4: Any, scenario: Any, content_type: str
) -> None:
    body = json.dumps(scenario)
    response = client.post(URL, data=body, content_type=content_type)

    assert response.status_code == 200
    assert response.json()["ok"] is True


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "application/yaml"],
)
def test_refuses_a_body_that_is_not_sent_as_json(
    client: Client, ti4: Any, scenario: Any, content_type: str
) -> None:
    response = client.post(URL, data="game: ti4", content_type=content_type)

    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"


def test_answers_json_to_a_client_that_accepts_it(
    client: Client, ti4: Any, scenario: Any
) -> None:
    accepts = ["application/json", "*/*", "application/*;q=0.9, text/html;q=0.1"]
    for accept in accepts:
        response = post_json(client, URL, scenario, HTTP_ACCEPT=accept)

        assert response.status_code == 200, accept
        assert response["Content-Type"] == "application/json"


def test_refuses_a_client_that_accepts_no_json(
    client: Client, ti4: Any, scenario: Any
) -> None:
    response = post_json(client, URL, scenario, HTTP_ACCEPT="text/html")

    assert response.status_code == 406


def test_limits_the_rate_per_client(
    client: Client, ti4: Any, scenario: Any, settings: Any
) -> None:
    set_oracle_rate(settings, "2/minute")

    statuses = [post_json(client, URL, scenario).status_code for _ in range(2)]
    refused = post_json(client, URL, scenario)
    other_client = post_json(client, URL, scenario, REMOTE_ADDR="10.9.8.7")

    assert statuses == [200, 200]
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert refused.json()["error"]["code"] == "throttled"
    assert other_client.status_code == 200


def test_an_unknown_game_is_not_found(client: Client, ti4: Any, scenario: Any) -> None:
    response = post_json(client, "/api/v1/chess/oracle/run/", scenario)

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_names_the_cards_the_pack_does_not_implement(
    client: Client, ti4: Any, scenario: Any, unimplemented: str
) -> None:
    scenario["players"][0]["hand"] = ["spy", unimplemented]
    scenario["steps"] = [{"player": "Alice", "play": unimplemented}]

    details = problems_of(post_json(client, URL, scenario), "not_implemented")

    assert [d["card"] for d in details if "card" in d] == [unimplemented]
    assert details[0]["pointer"] == "/steps/0/play"
    response = post_json(client, URL, scenario)
    name = adapters.card_name(adapters.get_pack("ti4"), unimplemented)
    assert name in response.json()["error"]["message"]
    assert not Run.objects.exists()


def test_a_card_of_the_reference_the_pack_does_not_know_is_not_implemented(
    client: Client, ti4: Any, scenario: Any
) -> None:
    # To the user the card exists (the site lists it): the oracle just does not
    # implement it yet, which is not the same as a misspelt card.
    from rules.models import Card

    card = Card.objects.filter(game=ti4).exclude(slug__in=list(PACK.cards)).first()
    if card is None:
        pytest.skip("the pack knows every card of the TI4 content")
    scenario["players"][0]["hand"] = [card.slug, "sabotage"]

    response = post_json(client, URL, scenario)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "not_implemented"
    assert card.name in error["message"]
    assert {
        "pointer": "/players/0/hand/0",
        "message": f"the {PACK.name} oracle does not implement {card.name} yet",
        "card": card.slug,
    } in error["details"]


def test_research_the_pack_does_not_model_is_not_implemented(
    client: Client, ti4: Any, scenario: Any
) -> None:
    # Never a definite answer the pack cannot back: a faction technology the
    # pack does not know.
    scenario["players"][0].update(trade_goods=4)
    scenario["players"][0]["hand"] = ["focused-research"]
    step = {"player": "Alice", "play": "focused-research"}
    scenario["steps"] = [{**step, "targets": {"target": "e-res-siphons"}}]

    response = post_json(client, URL, scenario)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "not_implemented"
    assert "'e-res-siphons' is not modelled" in error["message"]
    assert error["details"][0]["pointer"] == "/steps/0/play"
    assert error["details"][0]["card"] == "focused-research"


def test_a_runaway_scenario_answers_with_the_guard_that_stopped_it(
    client: Client, ti4: Any, scenario: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(adapters, "RUN_BUDGET", Budget(work=1))

    response = post_json(client, URL, scenario)

    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is False
    assert body["error"]
    assert "rejected" in {step["status"] for step in body["steps"]}


def test_only_post_is_allowed(client: Client, ti4: Any) -> None:
    response = client.get(URL)

    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_a_game_whose_content_is_not_loaded_is_not_found(
    client: Client, ti4: Any, scenario: Any
) -> None:
    ti4.delete()

    response = post_json(client, URL, scenario)

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
