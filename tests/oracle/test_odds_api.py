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
    scenario["players"][0]["faction"] = "mentak"

    body = post_json(client, URL, scenario).json()

    texts = [a["text"] for a in body["assumptions"]]
    assert "Alice has Destroyer II." in texts
    assert "Alice does not use Ambush." in texts
    # Destroyers cannot be damaged: Duranium Armor has nothing to repair.
    assert not any("Duranium" in text for text in texts)
    assert body["combat"]["attacker"]["upgrades"] == ["Destroyer II"]
    assert {"78.3a", "10.2a"} <= {r for a in body["assumptions"] for r in a["rules"]}


def test_duranium_armor_with_a_ship_it_could_repair_is_not_implemented(
    client: Client, ti4: Any
) -> None:
    # Its card's notes: the repair is mandatory in every round it can be made.
    scenario = combat(Alice=["dreadnought"], Bob=["3 fighter"])
    scenario["players"][0]["technologies"] = ["duranium-armor"]

    response = post_json(client, URL, scenario)
    declined = post_json(client, URL + "?policy=no-sustain", scenario)

    error_of(response, "not_implemented")
    assert "Duranium Armor" in response.json()["error"]["message"]
    assert declined.status_code == 200  # nothing is ever damaged


def test_without_a_combat_it_says_so(client: Client, ti4: Any) -> None:
    details = error_of(post_json(client, URL, combat(Alice=["fighter"])), "no_combat")

    assert details == [
        {
            "pointer": "",
            "message": "no combat to compute: no system was activated: "
            "neither a tactical action in the steps nor a system with a command "
            "token of Alice, their ships and another player's ships, or a planet "
            "there with ground forces of Alice and of another player",
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

    assert details[0]["message"].endswith(
        "only one player has ships in Lodor, and no planet there holds ground "
        "forces of Alice and of another player"
    )


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


# -- ground combat -------------------------------------------------------------------


def invasion(
    alice: list[str], bob: list[str], *, steps: bool = False
) -> dict[str, Any]:
    """Alice's ground forces and Bob's on Lodor I (``@lodor-i``), or, with
    ``steps``, Alice's in space and a tactical action that lands them."""
    scenario = combat(Alice=alice, Bob=bob)
    system = scenario["board"]["systems"][0]
    system["planets"] = [
        {"id": "lodor-i", "resources": 3, "influence": 1, "controller": "Bob"}
    ]
    if steps:
        del system["tokens"]
        scenario["steps"] = [
            {
                "player": "Alice",
                "use": "tactical-action",
                "targets": {"target": "lodor"},
            }
        ]
    return scenario


def test_answers_the_documented_ground_example(client: Client, ti4: Any) -> None:
    response = post_json(client, URL, oracle_schema.GROUND_SCENARIO)

    assert response.status_code == 200, response.content
    assert response.json() == {
        **oracle_schema.GROUND_RESULT,
        "engine_version": ENGINE_VERSION,
    }


def test_one_infantry_each_on_a_planet_is_seven_seventeenths_each(
    client: Client, ti4: Any
) -> None:
    scenario = invasion(["carrier", "infantry@lodor-i"], ["infantry@lodor-i"])

    body = post_json(client, URL, scenario).json()

    assert body["combat"]["kind"] == "ground"
    assert body["combat"]["planet"] == "Lodor I"
    assert body["combat"]["attacker"]["ships"] == {"infantry": 1}
    assert body["chances"] == pytest.approx(
        {
            "attacker_wins": 7 / 17,
            "defender_wins": 7 / 17,
            "no_one_survives": 3 / 17,
            "retreat": 0,
        }
    )
    assert body["expected_rounds"] == pytest.approx(100 / 51)
    rules = {r for a in body["assumptions"] for r in a["rules"]}
    assert {"42.1", "42.N6", "49.5d", "49.3"} <= rules
    assert "78.3" not in rules  # no barrage in a ground combat


def test_a_mech_sustains_and_a_damaged_mech_cannot(client: Client, ti4: Any) -> None:
    fresh = invasion(["mech@lodor-i"], ["infantry@lodor-i"])
    fresh["players"][0]["faction"] = "sol"
    hurt = copy.deepcopy(fresh)
    hurt["board"]["systems"][0]["units"]["Alice"] = ["damaged mech@lodor-i"]

    body = post_json(client, URL, fresh).json()
    damaged = post_json(client, URL, hurt).json()

    assert body["chances"]["attacker_wins"] == pytest.approx(151 / 169)
    assert body["survivors"]["attacker"] == {"mech": pytest.approx(151 / 169)}
    assert damaged["chances"]["attacker_wins"] == pytest.approx(7 / 13)
    assert damaged["combat"]["attacker"]["damaged"] == {"mech": 1}


def test_a_ground_combat_the_run_fought_starts_from_its_first_round(
    client: Client, ti4: Any
) -> None:
    scenario = invasion(["carrier", "2 infantry"], ["infantry@lodor-i"], steps=True)

    body = post_json(client, URL, scenario).json()

    assert body["combat"]["kind"] == "ground"
    assert body["combat"]["attacker"]["ships"] == {"infantry": 2}
    texts = " ".join(a["text"] for a in body["assumptions"])
    assert "as the run's ground combat there began" in texts


def test_a_space_combat_comes_before_the_invasion(client: Client, ti4: Any) -> None:
    scenario = invasion(["dreadnought", "2 infantry"], ["fighter", "infantry@lodor-i"])

    body = post_json(client, URL, scenario).json()

    assert body["combat"]["kind"] == "space"
    assert body["combat"]["planet"] is None
    note = next(a for a in body["assumptions"] if "invasion" in a["text"])
    assert note["rules"] == ["89.3", "89.4"]


def test_ground_forces_never_retreat(client: Client, ti4: Any) -> None:
    scenario = invasion(["infantry@lodor-i"], ["infantry@lodor-i"])

    details = error_of(post_json(client, URL + "?retreat_at=1", scenario), "invalid")

    assert "ground forces never retreat (42.N6)" in details[0]["message"]


@pytest.mark.parametrize(
    ("factions", "alice", "bob", "says"),
    [
        ((None, None), ["mech@lodor-i"], ["infantry@lodor-i"], "has none"),
        (("naalu", None), ["mech@lodor-i"], ["infantry@lodor-i"], "Iconoclast"),
        (("mentak", "sol"), ["mech@lodor-i"], ["mech@lodor-i"], "Moll Terminus"),
        (("norr", None), ["infantry@lodor-i"], ["infantry@lodor-i"], "Unrelenting"),
    ],
)
def test_what_the_ground_odds_cannot_count_is_not_implemented(
    client: Client,
    ti4: Any,
    factions: tuple[str | None, str | None],
    alice: list[str],
    bob: list[str],
    says: str,
) -> None:
    scenario = invasion(alice, bob)
    for player, faction in zip(scenario["players"], factions, strict=True):
        if faction:
            player["faction"] = faction

    response = post_json(client, URL, scenario)

    error_of(response, "not_implemented")
    assert says in response.json()["error"]["message"]


def test_a_mentak_mech_against_infantry_changes_nothing(
    client: Client, ti4: Any
) -> None:
    # Moll Terminus only stops Sustain Damage, which infantry do not have.
    scenario = invasion(["infantry@lodor-i"], ["mech@lodor-i"])
    scenario["players"][1]["faction"] = "mentak"

    assert post_json(client, URL, scenario).status_code == 200


def test_optional_ground_abilities_are_named_as_not_used(
    client: Client, ti4: Any
) -> None:
    scenario = invasion(["infantry@lodor-i"], ["infantry@lodor-i", "pds@lodor-i"])
    scenario["players"][0]["faction"] = "yin"
    scenario["players"][1]["technologies"] = ["magen-defense-grid"]

    body = post_json(client, URL, scenario).json()

    texts = [a["text"] for a in body["assumptions"]]
    assert "Alice does not use Indoctrination." in texts
    assert "Bob does not use Magen Defense Grid." in texts


def test_a_ship_set_up_damaged_cannot_sustain(client: Client, ti4: Any) -> None:
    scenario = combat(Alice=["damaged dreadnought"], Bob=["fighter"])

    body = post_json(client, URL, scenario).json()

    assert body["combat"]["attacker"]["damaged"] == {"dreadnought": 1}
    assert body["chances"]["attacker_wins"] == pytest.approx(12 / 17)


def test_a_ship_damaged_by_space_cannon_before_the_run_combat_stays_damaged(
    client: Client, ti4: Any
) -> None:
    # Bob's PDS rolls the 10 and Alice's dreadnought sustains the hit; then
    # the space combat begins with it damaged.
    scenario = invasion(
        ["dreadnought"], ["fighter", "pds@lodor-i", "space-dock@lodor-i"]
    )
    del scenario["board"]["systems"][0]["tokens"]
    scenario["board"]["dice"] = [10] + [1] * 20
    scenario["steps"] = [
        {"player": "Alice", "use": "tactical-action", "targets": {"target": "lodor"}}
    ]

    body = post_json(client, URL, scenario).json()

    assert body["combat"]["attacker"]["damaged"] == {"dreadnought": 1}
    assert body["chances"]["attacker_wins"] == pytest.approx(12 / 17)
