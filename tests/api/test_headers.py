"""CORS for any origin on reads; the API never sets cookies."""

from __future__ import annotations

from django.test import Client

from rules.models import Game


def test_reads_allow_any_origin(client: Client, sample: Game) -> None:
    response = client.get("/api/v1/sample/cards/", HTTP_ORIGIN="https://deck.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response


def test_preflight_allows_get(client: Client, sample: Game) -> None:
    response = client.options(
        "/api/v1/sample/cards/",
        HTTP_ORIGIN="https://deck.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
    )
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "GET" in response["Access-Control-Allow-Methods"]


def test_revalidations_allow_any_origin(client: Client, sample: Game) -> None:
    etag = client.get("/api/v1/sample/cards/")["ETag"]
    response = client.get(
        "/api/v1/sample/cards/",
        HTTP_IF_NONE_MATCH=etag,
        HTTP_ORIGIN="https://x.example",
    )
    assert response.status_code == 304
    assert response["Access-Control-Allow-Origin"] == "*"


def test_reads_set_no_cookies_and_do_not_vary_on_them(
    client: Client, sample: Game
) -> None:
    response = client.get("/api/v1/sample/cards/cancel/")
    assert not response.cookies
    assert "Cookie" not in response.get("Vary", "")
