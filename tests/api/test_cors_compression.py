"""Browser apps on other origins can revalidate and read the validators, and
JSON answers are compressed for clients that accept gzip (HTML pages never)."""

from __future__ import annotations

import gzip
import json

from django.test import Client

from rules.models import Game

ORIGIN = "https://deckbuilder.example"


def test_cross_origin_reads_expose_validators_and_retry_after(
    client: Client, sample: Game
) -> None:
    response = client.get("/api/v1/sample/cards/", HTTP_ORIGIN=ORIGIN)

    exposed = {
        h.strip().lower() for h in response["Access-Control-Expose-Headers"].split(",")
    }
    assert {"etag", "last-modified", "retry-after"} <= exposed
    assert response["ETag"]


def test_preflight_allows_conditional_request_headers(
    client: Client, sample: Game
) -> None:
    response = client.options(
        "/api/v1/sample/cards/",
        HTTP_ORIGIN=ORIGIN,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match, if-modified-since",
    )

    assert response.status_code == 200
    allowed = {
        h.strip().lower() for h in response["Access-Control-Allow-Headers"].split(",")
    }
    assert {"if-none-match", "if-modified-since"} <= allowed


def test_cross_origin_revalidation_is_a_304_with_cors_headers(
    client: Client, sample: Game
) -> None:
    first = client.get("/api/v1/sample/cards/", HTTP_ORIGIN=ORIGIN)
    again = client.get(
        "/api/v1/sample/cards/", HTTP_ORIGIN=ORIGIN, HTTP_IF_NONE_MATCH=first["ETag"]
    )

    assert again.status_code == 304
    assert again["Access-Control-Allow-Origin"] == "*"
    assert "etag" in again["Access-Control-Expose-Headers"].lower()


def test_json_answers_are_gzipped_when_accepted(client: Client, ti4: Game) -> None:
    plain = client.get("/api/v1/ti4/bulk/")
    packed = client.get("/api/v1/ti4/bulk/", HTTP_ACCEPT_ENCODING="gzip")

    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    body = gzip.decompress(packed.content)
    assert json.loads(body)["game"] == json.loads(plain.content)["game"]
    assert len(packed.content) * 4 < len(plain.content)


def test_gzip_keeps_the_etag_usable_for_revalidation(client: Client, ti4: Game) -> None:
    packed = client.get("/api/v1/ti4/cards/", HTTP_ACCEPT_ENCODING="gzip")
    again = client.get(
        "/api/v1/ti4/cards/",
        HTTP_ACCEPT_ENCODING="gzip",
        HTTP_IF_NONE_MATCH=packed["ETag"],
    )

    assert again.status_code == 304


def test_html_pages_are_never_compressed(client: Client, ti4: Game) -> None:
    for path in ("/ti4/rules/action-cards/", "/ti4/oracle/", "/api/docs/"):
        response = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
        assert response.status_code == 200, path
        assert "Content-Encoding" not in response, path
