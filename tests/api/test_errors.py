"""One error shape everywhere under /api/v1/: 400, 404, 405, 406, 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.api.v1 import views
from rules.models import Game
from tests.api.helpers import assert_error


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/nothing-here/",
        "/api/v1/sample/",
        "/api/v1/sample/cards/cancel/extra/",
        "/api/v1/sample/rules/2.2/a/",
    ],
)
def test_unknown_api_paths_are_json_404s(
    client: Client, sample: Game, path: str
) -> None:
    error = assert_error(client.get(path), 404, "not_found")
    assert path in error["message"]


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete", "options"])
def test_unknown_api_paths_are_404s_for_every_method(
    client: Client, method: str
) -> None:
    assert_error(getattr(client, method)("/api/v1/nothing/"), 404, "not_found")


def test_a_missing_trailing_slash_gets_a_hint(client: Client, sample: Game) -> None:
    error = assert_error(client.get("/api/v1/sample/cards"), 404, "not_found")
    assert "/api/v1/sample/cards/" in error["message"]


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_writes_are_405_with_the_allowed_methods(
    client: Client, sample: Game, method: str
) -> None:
    response = getattr(client, method)("/api/v1/sample/cards/cancel/")
    error = assert_error(response, 405, "method_not_allowed")
    assert error["details"]["allowed"] == ["GET", "HEAD", "OPTIONS"]
    assert response["Allow"] == "GET, HEAD, OPTIONS"


def test_bad_parameters_are_400_listing_every_problem(
    client: Client, sample: Game
) -> None:
    response = client.get("/api/v1/sample/rulings/?source=x&verified=x")
    error = assert_error(response, 400, "invalid")
    assert set(error["details"]) == {"source", "verified"}
    assert all(isinstance(m, str) for m in error["details"]["source"])


def test_an_unacceptable_media_type_is_a_406_in_json(
    client: Client, sample: Game
) -> None:
    response = client.get("/api/v1/sample/cards/", HTTP_ACCEPT="text/html")
    assert_error(response, 406, "not_acceptable")


def test_an_unexpected_failure_is_a_json_500(
    client: Client, sample: Game, monkeypatch: Any
) -> None:
    def explode(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(views.TermViewSet, "get_queryset", explode)
    error = assert_error(client.get("/api/v1/sample/terms/"), 500, "server_error")
    assert "boom" not in error["message"]


@pytest.mark.parametrize("debug", [False, True])
def test_a_path_with_an_encoded_newline_is_a_json_404(
    client: Client, db: None, settings: Any, debug: bool
) -> None:
    # With DEBUG on, a path no route matches gets Django's HTML debug page.
    settings.DEBUG = debug
    assert_error(client.get("/api/v1/a%0A/cards/"), 404, "not_found")
