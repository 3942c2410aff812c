"""Small helpers shared by the API tests."""

from __future__ import annotations

from typing import Any

from django.test import Client

BASE = "http://testserver"
ERROR_KEYS = {"code", "message", "details"}


def get_json(client: Client, url: str, status: int = 200, **headers: Any) -> Any:
    response = client.get(url, **headers)
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    return response.json()


def assert_error(response: Any, status: int, code: str) -> dict[str, Any]:
    """The response is an error in the API's one shape; returns its body."""
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == ERROR_KEYS
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert isinstance(body["error"]["details"], dict)
    return body["error"]  # type: ignore[no-any-return]


def ids(items: list[dict[str, Any]]) -> list[Any]:
    return [item["id"] for item in items]
