"""The agenda phase answers through the oracle API: the documented example
(tests/ti4/scenarios/rules/ag-format-example.yaml) runs with its windows and
votes cited from the agenda phase it starts in, and one with agendas in an
agenda phase the custodians token rules out is a 400."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from django.test import Client

from tests.oracle.conftest import post_json
from tests.ti4 import golden

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"
EXAMPLE = golden.SCENARIOS / "rules" / "ag-format-example.yaml"


def _example() -> dict[str, Any]:
    return yaml.safe_load(EXAMPLE.read_text())["scenario"]  # type: ignore[no-any-return]


def test_the_agenda_example_answers_with_cited_windows(
    client: Client, ti4: Any
) -> None:
    response = post_json(client, URL, _example())

    assert response.status_code == 200, response.content
    log = {entry["message"]: entry["rules"] for entry in response.json()["log"]}
    assert log["Bob plays Veto"] == ["2.6"]
    assert log["Carol casts 2 more votes for For (Bribery)"] == ["8.15"]
    assert log["The votes on Economic Equality: For 4, Against 12"] == ["8.2.iii"]


def test_agendas_under_the_custodians_are_bad_input(client: Client, ti4: Any) -> None:
    scenario = _example()
    assert scenario["phase"] == "agenda"
    scenario["board"]["custodians"] = True

    response = post_json(client, URL, scenario)

    assert response.status_code == 400, response.content
    assert response.json()["error"]["details"][0]["pointer"] == "/phase"
