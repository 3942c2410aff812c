"""The OpenAPI schema is valid, documents every read endpoint with a
description and an example, and its docs page loads nothing from a CDN."""

from __future__ import annotations

import re
from io import StringIO
from typing import Any

import pytest
import yaml
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from drf_spectacular.drainage import GENERATOR_STATS

TAGS = {"games", "topics", "rules", "cards", "terms", "rulings", "bulk"}


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    """``manage.py spectacular --validate --fail-on-warn``: the whole /api/v1/
    schema is valid OpenAPI 3 and drf-spectacular warns about nothing."""
    GENERATOR_STATS.reset()
    out = StringIO()
    try:
        call_command(
            "spectacular", "--validate", "--fail-on-warn", stdout=out, stderr=StringIO()
        )
    except Exception as error:
        messages = [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]
        raise AssertionError(f"schema generation failed: {messages}") from error
    return yaml.safe_load(out.getvalue())  # type: ignore[no-any-return]


def our_operations(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [
        (path, operation)
        for path, methods in schema["paths"].items()
        for operation in methods.values()
        if TAGS & set(operation.get("tags", []))
    ]


def test_schema_is_valid_openapi_3(schema: dict[str, Any]) -> None:
    assert schema["openapi"].startswith("3.")


def test_schema_documents_every_read_endpoint(schema: dict[str, Any]) -> None:
    paths = {path for path, _ in our_operations(schema)}
    assert paths == {
        "/api/v1/games/",
        "/api/v1/games/{slug}/",
        "/api/v1/{game}/topics/",
        "/api/v1/{game}/topics/{slug}/",
        "/api/v1/{game}/rules/",
        "/api/v1/{game}/rules/{rule_id}/",
        "/api/v1/{game}/cards/",
        "/api/v1/{game}/cards/{slug}/",
        "/api/v1/{game}/terms/",
        "/api/v1/{game}/terms/{slug}/",
        "/api/v1/{game}/rulings/",
        "/api/v1/{game}/rulings/{slug}/",
        "/api/v1/{game}/bulk/",
    }


def test_every_endpoint_has_a_description_an_example_and_errors(
    schema: dict[str, Any],
) -> None:
    for path, operation in our_operations(schema):
        assert len(operation["description"]) > 40, path
        assert operation["summary"], path
        ok = operation["responses"]["200"]["content"]["application/json"]
        assert ok["examples"], path
        assert {"304", "404", "429"} <= set(operation["responses"]), path
        error = operation["responses"]["404"]["content"]["application/json"]
        assert error["schema"] == {"$ref": "#/components/schemas/Error"}, path


def test_list_filters_are_documented(schema: dict[str, Any]) -> None:
    def names(path: str) -> set[str]:
        parameters = schema["paths"][path]["get"]["parameters"]
        return {parameter["name"] for parameter in parameters}

    assert names("/api/v1/{game}/cards/") >= {
        "type",
        "window",
        "expansion",
        "faction",
        "implemented",
        "q",
        "ordering",
        "page",
        "page_size",
    }
    assert names("/api/v1/{game}/rulings/") >= {
        "card",
        "rule",
        "topic",
        "source",
        "verified",
        "updated_since",
    }


def test_served_schema_is_json_openapi(client: Client, db: None) -> None:
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response.json()["info"]["title"] == "Rulesite API"


def test_docs_page_loads_its_assets_from_this_site(client: Client, db: None) -> None:
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any("swagger-ui-bundle.js" in asset for asset in assets)
    for asset in assets:
        assert not re.match(r"^(https?:)?//", asset), asset
        if asset.startswith("/static/"):
            assert finders.find(asset.removeprefix("/static/")), asset


def test_served_schema_is_the_generated_one(client: Client, db: None) -> None:
    from tests.api.test_schemathesis import openapi_document

    served = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    assert served == openapi_document()


def test_served_schema_honours_the_format_parameter(client: Client, db: None) -> None:
    as_json = client.get("/api/v1/schema/?format=json")
    assert as_json.status_code == 200
    assert as_json.json()["info"]["title"] == "Rulesite API"
    as_yaml = client.get("/api/v1/schema/?format=yaml")
    assert "json" not in as_yaml["Content-Type"]
    assert yaml.safe_load(as_yaml.content) == as_json.json()


def test_search_documents_its_throttling_and_caching(schema: dict[str, Any]) -> None:
    responses = schema["paths"]["/api/v1/{game}/search/"]["get"]["responses"]
    assert {"200", "304", "400", "404", "429"} <= set(responses)
