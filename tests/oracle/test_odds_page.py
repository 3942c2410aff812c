"""The combat odds page of a stored answer (``/ti4/oracle/r/<hash>/odds/``):
linked from the answer page when its board may hold a combat, a plain HTML
table with the assumptions and their rules, and its refusals."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.oracle.conftest import post_json
from tests.oracle.test_odds_api import combat, invasion

pytestmark = pytest.mark.django_db


def stored(client: Client, scenario: dict[str, Any]) -> str:
    """The answer page of ``scenario``, run and stored through the API."""
    response = post_json(client, "/api/v1/ti4/oracle/run/", scenario)
    assert response.status_code == 200, response.content
    return str(response.json()["permalink"]).removeprefix("http://testserver")


def test_the_answer_page_links_to_the_odds(client: Client, ti4: Any) -> None:
    page = stored(client, combat(Alice=["fighter"], Bob=["fighter"]))

    html = client.get(page).content.decode()

    assert f'href="{page}odds/"' in html
    assert "Combat odds" in html


def test_an_answer_without_two_fleets_has_no_odds_link(
    client: Client, ti4: Any, scenario: Any
) -> None:
    page = stored(client, scenario)

    assert "Combat odds" not in client.get(page).content.decode()


def test_the_odds_page_shows_the_table_and_the_assumptions(
    client: Client, ti4: Any
) -> None:
    page = stored(client, combat(Alice=["fighter"], Bob=["fighter"]))

    response = client.get(page + "odds/")

    html = response.content.decode()
    assert response.status_code == 200
    assert "Alice attacks Bob in Lodor" in html
    assert "<td>0.4444</td>" in html  # 4/9 each
    assert "<td>0.1111</td>" in html  # 1/9: both destroyed
    assert "<td>2.78</td>" in html  # 25/9 rounds
    assert "Nobody retreats" in html
    assert 'href="/ti4/rules/78.3a/"' in html
    assert 'src="http' not in html  # nothing from another site


def test_the_policy_form_changes_the_odds(client: Client, ti4: Any) -> None:
    page = stored(client, combat(Alice=["dreadnought"], Bob=["fighter"]))

    sustain = client.get(page + "odds/").content.decode()
    without = client.get(page + "odds/?policy=no-sustain").content.decode()

    assert "<td>0.9654</td>" in sustain  # 279/289
    assert "<td>0.7059</td>" in without  # 12/17
    assert '<option value="no-sustain" selected>' in without


def test_a_scenario_without_combat_is_explained(client: Client, ti4: Any) -> None:
    page = stored(client, combat(Alice=["fighter"], Bob=["infantry"]))

    response = client.get(page + "odds/")

    assert response.status_code == 200
    assert "No odds for this scenario" in response.content.decode()


def test_a_bad_policy_is_a_400_page(client: Client, ti4: Any) -> None:
    page = stored(client, combat(Alice=["fighter"], Bob=["fighter"]))

    response = client.get(page + "odds/?policy=reckless")

    assert response.status_code == 400
    assert "policy: Must be one of" in response.content.decode()


def test_an_unknown_answer_is_not_found(client: Client, ti4: Any) -> None:
    assert client.get("/ti4/oracle/r/" + "0" * 32 + "/odds/").status_code == 404


def test_the_retreat_field_of_the_form(client: Client, ti4: Any) -> None:
    scenario = combat(Alice=["fighter"], Bob=["fighter"])
    systems = scenario["board"]["systems"]
    systems[0]["adjacent"] = ["rex"]
    systems.append({"id": "rex", "units": {"Alice": ["fighter"]}})
    page = stored(client, scenario)

    empty = client.get(page + "odds/?policy=sustain-first&retreat_at=").content
    retreating = client.get(page + "odds/?retreat_at=1").content.decode()

    assert b"<td>0.4444</td>" in empty
    assert "<td>0.6400</td>" in retreating  # no hit in round 1, then gone
    assert 'value="1"' in retreating


def test_the_odds_page_of_a_ground_combat(client: Client, ti4: Any) -> None:
    page = stored(client, invasion(["infantry@lodor-i"], ["infantry@lodor-i"]))

    html = client.get(page + "odds/").content.decode()

    assert "Alice invades Lodor I (Lodor), held by Bob" in html
    assert "The attacker wins and takes the planet" in html
    assert "<td>0.4118</td>" in html  # 7/17 each
    assert "<td>0.1765</td>" in html  # 3/17: no ground forces left
    assert "Expected ground forces left" in html
    assert "A player retreats" not in html
    assert 'href="/ti4/rules/49.5d/"' in html
