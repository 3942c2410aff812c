"""Rate limits for anonymous clients: 429 with Retry-After, per scope."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, RequestFactory
from rest_framework.request import Request
from rest_framework.views import APIView

from rules.api.v1.throttling import AnonScopedRateThrottle
from rules.models import Game
from tests.api.helpers import assert_error


@pytest.fixture
def rates(settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"read": "3/minute", "bulk": "1/hour"},
    }


def test_too_many_reads_get_429_with_retry_after(
    client: Client, sample: Game, rates: None
) -> None:
    for _ in range(3):
        assert client.get("/api/v1/sample/cards/").status_code == 200

    response = client.get("/api/v1/sample/terms/")

    error = assert_error(response, 429, "throttled")
    retry_after = int(response["Retry-After"])
    assert 1 <= retry_after <= 60
    assert error["details"] == {"retry_after": retry_after}


def test_clients_are_limited_separately(
    client: Client, sample: Game, rates: None
) -> None:
    for _ in range(3):
        client.get("/api/v1/sample/cards/")
    other = client.get("/api/v1/sample/cards/", REMOTE_ADDR="192.0.2.9")
    assert other.status_code == 200
    spoofed = client.get("/api/v1/sample/cards/", HTTP_X_FORWARDED_FOR="192.0.2.10")
    assert spoofed.status_code == 429


def test_bulk_has_its_own_scope(client: Client, sample: Game, rates: None) -> None:
    assert client.get("/api/v1/sample/bulk/").status_code == 200
    assert_error(client.get("/api/v1/sample/bulk/"), 429, "throttled")
    assert client.get("/api/v1/sample/cards/").status_code == 200


def test_revalidations_do_not_count(client: Client, sample: Game, rates: None) -> None:
    etag = client.get("/api/v1/sample/cards/")["ETag"]
    for _ in range(10):
        response = client.get("/api/v1/sample/cards/", HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 304
    assert client.get("/api/v1/sample/cards/zeal/").status_code == 200


def test_unknown_scopes_fall_back_to_the_read_rate(rates: None) -> None:
    class Scoped(APIView):
        throttle_scope = "not-configured"

    throttle = AnonScopedRateThrottle()
    throttle.allow_request(Request(RequestFactory().get("/")), Scoped())

    assert throttle.rate == "3/minute"
