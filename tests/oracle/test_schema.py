"""The oracle endpoint is in the OpenAPI schema, which stays warning-free; its
documented example runs, and generated requests get documented answers."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
import schemathesis
import yaml
from django.core.management import call_command
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from oracle.api.v1 import schema as oracle_schema
from rulesite.wsgi import application
from tests.oracle.conftest import post_json

pytestmark = pytest.mark.usefixtures("in_process_wsgi")

PATH = "/api/v1/{game}/oracle/run/"
ODDS_PATH = "/api/v1/{game}/oracle/odds/"


def _schema() -> Any:
    """The OpenAPI schema, generated in-process (no request, no database), for
    schemathesis to send its requests to the WSGI application."""
    document = json.loads(json.dumps(SchemaGenerator().get_schema(public=True)))
    loaded = schemathesis.openapi.from_dict(document)
    loaded.app = application
    return loaded.include(method="POST", path=[PATH, ODDS_PATH])


generated = _schema()


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    return yaml.safe_load(out.getvalue())  # type: ignore[no-any-return]


def test_the_schema_documents_the_run_endpoint(document: dict[str, Any]) -> None:
    operation = document["paths"][PATH]["post"]

    assert operation["tags"] == ["oracle"]
    assert set(operation["responses"]) == {
        "200",
        "400",
        "404",
        "413",
        "414",
        "415",
        "429",
    }
    assert operation["requestBody"]["content"]["application/json"]["examples"]
    examples = operation["responses"]["400"]["content"]["application/json"]
    assert set(examples["examples"]) == {"Invalid", "NotImplemented"}


def test_the_schema_documents_the_odds_endpoint(document: dict[str, Any]) -> None:
    operation = document["paths"][ODDS_PATH]["post"]

    assert operation["tags"] == ["oracle"]
    assert {"200", "400", "404", "413", "415", "429"} <= set(operation["responses"])
    examples = operation["responses"]["400"]["content"]["application/json"]
    assert set(examples["examples"]) == {"Invalid", "NotImplemented", "NoCombat"}
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert names == {"game", "policy", "samples", "seed", "retreat_at"}


@pytest.mark.django_db
def test_the_documented_example_runs(client: Client, ti4: Any, scenario: Any) -> None:
    response = post_json(client, "/api/v1/ti4/oracle/run/", oracle_schema.SCENARIO)

    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert set(body) == set(oracle_schema.RESULT)
    assert [s["status"] for s in body["steps"]] == ["accepted", "accepted"]
    # The example shortens the state but every value it shows is the real one.
    shown = {k: v for k, v in oracle_schema.RESULT.items() if k != "permalink"}
    assert _within(shown, body)


def _within(shown: object, real: object) -> bool:
    """Whether ``shown`` is ``real`` with some mapping keys left out."""
    if isinstance(shown, dict) and isinstance(real, dict):
        return all(k in real and _within(v, real[k]) for k, v in shown.items())
    return shown == real


@generated.parametrize()
@settings(
    max_examples=12,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_generated_requests_get_documented_answers(case: Any, ti4: Any) -> None:
    # The documented shape is looser than the engine's parser (pack fields,
    # card slugs, step kinds), so a schema-valid body may still be refused.
    # The in-process WSGI transport does not undo gzip as an HTTP client does.
    case.call_and_validate(
        excluded_checks=[positive_data_acceptance],
        headers={"Accept-Encoding": "identity"},
    )
