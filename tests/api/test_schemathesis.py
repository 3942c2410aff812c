"""Property-based contract test: schemathesis generates requests from the
OpenAPI schema for every GET endpoint and checks the answers against it (no
5xx, documented status codes, content types, headers and bodies).

Bounded: a few examples per operation, no shrinking database, and the whole
run fits well within a minute on the in-process WSGI app.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance
from werkzeug.test import Client

from rules.models import Game
from rulesite.wsgi import application

pytestmark = pytest.mark.usefixtures("in_process_wsgi")


def openapi_document() -> dict[str, Any]:
    """The document /api/v1/schema/ serves, generated in-process: collection
    happens before any test may touch the database, which a request through
    the middleware would. (schemathesis' lazy ``from_fixture`` loader, which
    would allow a request, does not run under pytest 9.)"""
    generated = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(generated))  # type: ignore[no-any-return]


loaded = schemathesis.openapi.from_dict(openapi_document())
loaded.app = application  # calls go to the WSGI app in-process
loaded.location = "/api/v1/schema/"
schema = loaded
SEMANTIC = {
    "/api/v1/{game}/cards/",
    "/api/v1/{game}/cards/search/",
    "/api/v1/{game}/cards/named/",
    "/api/v1/{game}/search/",
    "/api/v1/{game}/oracle/run/",
    "/api/v1/{game}/oracle/odds/",
}


@schema.parametrize()
@settings(
    max_examples=8,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_schema(case: Any, ti4: Game, sample: Game) -> None:
    # Some valid-looking input names what only the content knows, which the
    # schema can describe by shape alone: the card filters take keys of the
    # game's vocabularies, a search its query language (balanced quotes, no
    # lone operator), a scenario the game's cards and its own player names; and
    # a card lookup by name wants exactly one of `fuzzy` and `exact`.
    excluded = [positive_data_acceptance] if case.operation.path in SEMANTIC else []
    # The in-process WSGI transport does not undo gzip as an HTTP client does.
    case.call_and_validate(
        excluded_checks=excluded, headers={"Accept-Encoding": "identity"}
    )


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/games/sample/",
        "/api/v1/sample/topics/cards/",
        "/api/v1/sample/rules/2.2a/",
        "/api/v1/sample/rules/?kind=note",
        "/api/v1/sample/cards/?page_size=1",
        "/api/v1/sample/cards/cancel/",
        "/api/v1/sample/terms/active-player/",
        "/api/v1/sample/rulings/",
        "/api/v1/sample/rulings/cancel-a-cancel/",
        "/api/v1/sample/bulk/",
        "/api/v1/sample/cards/nope/",
        "/api/v1/sample/cards/?page_size=500",
    ],
)
def test_responses_with_every_kind_of_content_match_the_schema(
    sample: Game, url: str
) -> None:
    """The sample game has what the real content may lack yet (rulings, backlinks
    of every kind), so its answers are checked against the schema too."""
    response = Client(application).get(url)
    operation = schema.find_operation_by_path("GET", url.split("?")[0])
    assert operation is not None, url
    operation.validate_response(response)


DOCUMENT = openapi_document()


def parameter_schema(path: str, name: str) -> dict[str, Any]:
    parameters = DOCUMENT["paths"][path]["get"]["parameters"]
    return next(p["schema"] for p in parameters if p["name"] == name)


def is_valid(instance: Any, schema: dict[str, Any]) -> bool:
    """Whether ``instance`` fits ``schema``, whose refs point into the document."""
    root = {**schema, "components": DOCUMENT["components"]}
    return bool(jsonschema.Draft202012Validator(root).is_valid(instance))


@pytest.mark.parametrize(
    ("path", "name", "value"),
    [
        ("/api/v1/{game}/cards/", "page", 1_000_000_000),
        ("/api/v1/{game}/cards/", "page_size", 201),
        ("/api/v1/{game}/search/", "limit", 0),
        ("/api/v1/{game}/search/", "limit", 51),
        ("/api/v1/{game}/search/", "page", 101),
        ("/api/v1/{game}/search/", "q", ""),
        ("/api/v1/{game}/search/", "q", "x" * 201),
    ],
)
def test_the_schema_refuses_parameters_the_api_refuses(
    client: Any, sample: Game, path: str, name: str, value: Any
) -> None:
    url = path.replace("{game}", "sample")
    query = {"q": "cancel", name: value} if "search" in path else {name: value}

    assert client.get(url, query).status_code == 400
    assert not is_valid(value, parameter_schema(path, name))


SCENARIO_SCHEMA = {"$ref": "#/components/schemas/OracleScenario"}
PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


@pytest.mark.parametrize(
    "expect",
    [
        [{}],
        [{"path": "players.Bob.hand"}],
        [{"path": "players.Bob.hand", "count": 0, "equals": []}],
        [{"path": "", "count": 0}],
        [{"path": "players.Bob.hand", "count": -1}],
        [{"path": "players.Bob.hand", "count": 0, "note": "x"}],
    ],
)
def test_the_schema_refuses_expectations_the_oracle_refuses(
    client: Any, ti4: Game, expect: list[dict[str, Any]]
) -> None:
    scenario = {"players": PLAYERS, "expect": expect}
    response = client.post(
        "/api/v1/ti4/oracle/run/", scenario, content_type="application/json"
    )

    assert response.status_code == 400
    assert not is_valid(scenario, SCENARIO_SCHEMA)


def test_the_schema_accepts_a_well_formed_expectation(client: Any, ti4: Game) -> None:
    scenario = {
        "players": PLAYERS,
        "expect": [{"path": "players.Bob.hand", "count": 0}],
    }

    assert is_valid(scenario, SCENARIO_SCHEMA)
    response = client.post(
        "/api/v1/ti4/oracle/run/", scenario, content_type="application/json"
    )
    assert response.status_code == 200
