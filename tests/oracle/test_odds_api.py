"""Contract of ``POST /api/v1/<game>/oracle/odds/``: the odds of the space
combat a scenario ends in, its options, every refusal in the API's error
shape, and the limits it shares with the run endpoint."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.test import Client

from oracle.api.v1 import schema as oracle_schema
from oracle.engine import ENGINE_VERSION
from oracle.models import Run
from tests.oracle.conftest import post_json, set_oracle_rate

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/odds/"


def combat(**units: list[str]) -> dict[str, Any]:
    """Alice, the active player, has a command token in Lodor with her
    ships and Bob's there: a space combat to compute."""
    return {
        "game": "ti4",
        "phase": "action",
        "active_player": "Alice",
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "board": {"systems": [{"id": "lodor", "tokens": ["Alice"], "units": units}]},
    }


def error_of(response: Any, code: str) -> Any:
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == code
    return response.json()["error"]["details"]


def test_answers_the_documented_example(client: Client, ti4: Any) -> None:
    response = post_json(client, URL, oracle_schema.ODDS_SCENARIO)

    assert response.status_code == 200, response.content
    body = response.json()
    assert body == {**oracle_schema.ODDS_RESULT, "engine_version": ENGINE_VERSION}
    assert not Run.objects.exists()  # nothing is stored


def test_one_fighter_each_is_four_ninths_each(client: Client, ti4: Any) -> None:
    body = post_json(client, URL, combat(Alice=["fighter"], Bob=["fighter"])).json()

    assert body["method"] == "exact"
    assert body["chances"] == pytest.approx(
        {
            "attacker_wins": 4 / 9,
            "defender_wins": 4 / 9,
            "no_one_survives": 1 / 9,
            "retreat": 0,
        }
    )
    assert body["expected_rounds"] == pytest.approx(25 / 9)
    assert body["combat"]["attacker"]["player"] == "Alice"


def test_finds_the_system_the_last_tactical_action_activated(
    client: Client, ti4: Any
) -> None:
    # Bob's space dock holds his fighter (79.1): the capacity check after space
    # cannon offense keeps it, so the activation leads to a combat.
    scenario = combat(Alice=["dreadnought"], Bob=["fighter", "space-dock@quann"])
    system = scenario["board"]["systems"][0]
    system["planets"] = [
        {"id": "quann", "resources": 2, "influence": 1, "controller": "Bob"}
    ]
    del system["tokens"]
    scenario["board"]["systems"].append(
        {
            "id": "rex",
            "tokens": ["Alice"],
            "units": {"Alice": ["fighter"], "Bob": ["2 cruiser"]},
        }
    )
    scenario["steps"] = [
        {"player": "Alice", "use": "tactical-action", "targets": {"target": "lodor"}}
    ]

    body = post_json(client, URL, scenario).json()

    assert body["combat"]["system"] == "Lodor"
    assert body["chances"]["attacker_wins"] == pytest.approx(279 / 289)


def test_the_policy_changes_how_hits_are_assigned(client: Client, ti4: Any) -> None:
    scenario = combat(Alice=["dreadnought"], Bob=["fighter"])

    body = post_json(client, URL + "?policy=no-sustain", scenario).json()

    assert body["policy"] == "no-sustain"
    assert body["chances"]["attacker_wins"] == pytest.approx(12 / 17)
    assert "No player uses Sustain Damage" in body["assumptions"][1]["text"]


def test_a_large_combat_is_simulated_with_standard_errors(
    client: Client, ti4: Any
) -> None:
    scenario = combat(
        Alice=["60 fighter", "2 war-sun"], Bob=["60 fighter", "4 carrier"]
    )

    body = post_json(client, URL + "?samples=500&seed=4", scenario).json()

    assert body["method"] == "simulation"
    assert (body["samples"], body["seed"]) == (500, 4)
    assert set(body["standard_error"]) >= {
        "attacker_wins",
        "attacker.fighter",
        "rounds",
    }
    assert sum(body["chances"].values()) == pytest.approx(1)


def test_assumptions_cite_rules_and_name_upgrades_and_unused_abilities(
    client: Client, ti4: Any
) -> None:
    scenario = combat(Alice=["2 destroyer"], Bob=["3 fighter"])
    scenario["players"][0]["technologies"] = ["destroyer-ii", "duranium-armor"]

    body = post_json(client, URL, scenario).json()

    texts = [a["text"] for a in body["assumptions"]]
    assert "Alice has Destroyer II." in texts
    assert "Alice does not use Duranium Armor." in texts
    assert body["combat"]["attacker"]["upgrades"] == ["Destroyer II"]
    assert {"78.3a", "10.2a"} <= {r for a in body["assumptions"] for r in a["rules"]}


def test_without_a_combat_it_says_so(client: Client, ti4: Any) -> None:
    details = error_of(post_json(client, URL, combat(Alice=["fighter"])), "no_combat")

    assert details == [
        {
            "pointer": "",
            "message": "no space combat to compute: no system was activated: "
            "neither a tactical action in the steps nor a system with a command "
            "token of Alice, their ships and another player's ships",
        }
    ]


def test_an_activated_system_without_an_opponent_is_no_combat(
    client: Client, ti4: Any
) -> None:
    scenario = combat(Alice=["fighter"])
    del scenario["board"]["systems"][0]["tokens"]
    scenario["steps"] = [
        {"player": "Alice", "use": "tactical-action", "targets": {"target": "lodor"}}
    ]

    details = error_of(post_json(client, URL, scenario), "no_combat")

    assert details[0]["message"].endswith("only one player has ships in Lodor")


@pytest.mark.parametrize(
    ("players", "units", "says"),
    [
        (
            [{"name": "Alice"}, {"name": "Bob"}],
            {"Alice": ["flagship"], "Bob": ["fighter"]},
            "flagship",
        ),
        (
            [{"name": "Alice", "faction": "norr"}, {"name": "Bob"}],
            {"Alice": ["cruiser"], "Bob": ["fighter"]},
            "Unrelenting",
        ),
        (
            [{"name": "Alice"}, {"name": "Bob", "technologies": ["assault-cannon"]}],
            {"Alice": ["cruiser"], "Bob": ["3 destroyer"]},
            "Assault Cannon",
        ),
    ],
)
def test_what_the_odds_cannot_count_is_not_implemented(
    client: Client, ti4: Any, players: list[Any], units: dict[str, Any], says: str
) -> None:
    scenario = combat(**units)
    scenario["players"] = players

    response = post_json(client, URL, scenario)

    details = error_of(response, "not_implemented")
    assert says in response.json()["error"]["message"]
    assert says in details[0]["message"]


def test_a_malformed_scenario_has_pointers(client: Client, ti4: Any) -> None:
    scenario = combat(Alice=["figther"], Bob=["fighter"])

    details = error_of(post_json(client, URL, scenario), "invalid")

    assert details[0]["pointer"].startswith("/board/systems/0/units/Alice/0")


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("policy=reckless", "policy"),
        ("samples=5", "samples"),
        ("seed=-1", "seed"),
        ("retreat_at=0", "retreat_at"),
    ],
)
def test_a_bad_option_is_named(client: Client, ti4: Any, query: str, name: str) -> None:
    response = post_json(
        client, f"{URL}?{query}", combat(Alice=["fighter"], Bob=["fighter"])
    )

    assert list(error_of(response, "invalid")) == [name]


def test_refuses_a_body_over_64_kib(client: Client, ti4: Any) -> None:
    scenario = combat(Alice=["fighter"], Bob=["fighter"])
    scenario["padding"] = "x" * (64 * 1024)

    response = post_json(client, URL, scenario)

    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_counts_towards_the_oracle_rate(
    client: Client, ti4: Any, settings: Any
) -> None:
    set_oracle_rate(settings, "1/minute")
    scenario = combat(Alice=["fighter"], Bob=["fighter"])

    first = post_json(client, URL, scenario)
    refused = post_json(client, URL, copy.deepcopy(scenario))

    assert first.status_code == 200
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "throttled"


def test_a_game_without_odds_is_not_found(client: Client, ti4: Any) -> None:
    response = post_json(client, "/api/v1/chess/oracle/odds/", combat())

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def with_retreat_destination(scenario: dict[str, Any]) -> dict[str, Any]:
    """Lodor's neighbour Rex holds one of Alice's ships."""
    systems = scenario["board"]["systems"]
    systems[0]["adjacent"] = ["rex"]
    systems.append({"id": "rex", "units": {"Alice": ["fighter"]}})
    return scenario


def test_the_attacker_may_retreat_after_a_round(client: Client, ti4: Any) -> None:
    scenario = with_retreat_destination(combat(Alice=["fighter"], Bob=["fighter"]))

    body = post_json(client, URL + "?retreat_at=1", scenario).json()

    assert body["retreat_at"] == 1
    assert body["chances"] == pytest.approx(
        {
            "attacker_wins": 0.16,
            "defender_wins": 0.16,
            "no_one_survives": 0.04,
            "retreat": 0.64,
        }
    )
    assert any("78.4c" in a["rules"] for a in body["assumptions"])


def test_a_retreat_needs_somewhere_to_go(client: Client, ti4: Any) -> None:
    scenario = with_retreat_destination(combat(Alice=["fighter"], Bob=["fighter"]))
    scenario["board"]["systems"][1]["units"]["Bob"] = ["cruiser"]

    response = post_json(client, URL + "?retreat_at=1", scenario)

    details = error_of(response, "invalid")
    assert "Alice cannot retreat" in details[0]["message"]
    assert "78.7c" in details[0]["message"]
