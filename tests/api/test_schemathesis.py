"""Property-based contract test: schemathesis generates requests from the
OpenAPI schema for every GET endpoint and checks the answers against it (no
5xx, documented status codes, content types, headers and bodies).

Bounded: a few examples per operation, no shrinking database, and the whole
run fits well within a minute on the in-process WSGI app.
"""

from __future__ import annotations

import json
from typing import Any

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

TAGS = ["games", "topics", "rules", "cards", "terms", "rulings", "bulk"]


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
schema = loaded.include(method="GET", tag=TAGS)


@schema.parametrize()
@settings(
    max_examples=8,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_schema(case: Any, ti4: Game, sample: Game) -> None:
    # The card filters take keys of the game's vocabularies, which the schema
    # can only describe by pattern: a well-formed unknown key is a 400.
    # So can the card search; and a name lookup wants exactly one of `fuzzy`
    # and `exact`, which the schema cannot say either.
    vocabulary_keys = case.operation.path in {
        "/api/v1/{game}/cards/",
        "/api/v1/{game}/cards/search/",
        "/api/v1/{game}/cards/named/",
    }
    excluded = [positive_data_acceptance] if vocabulary_keys else []
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
