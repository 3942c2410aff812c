"""A URL too long to serve gets a 414 in the API's error shape, not the
server's HTML page (gunicorn reads up to 8190 bytes, rulesite/gunicorn.conf.py)."""

from __future__ import annotations

from django.test import Client

from rules.api.uri_length import MAX_URL_LENGTH
from rules.models import Game
from tests.api.helpers import assert_error


def test_a_long_api_url_is_414_in_the_error_shape(client: Client, sample: Game) -> None:
    response = client.get("/api/v1/sample/cards/", {"q": "x" * MAX_URL_LENGTH})

    error = assert_error(response, 414, "uri_too_long")
    assert error["details"] == {"max_length": MAX_URL_LENGTH}


def test_a_url_within_the_limit_is_served(client: Client, sample: Game) -> None:
    response = client.get("/api/v1/sample/cards/", {"q": "x" * 100})

    assert response.status_code == 200


def test_pages_are_left_to_their_own_errors(client: Client, sample: Game) -> None:
    response = client.get("/sample/cards/", {"q": "x" * MAX_URL_LENGTH})

    assert response.status_code != 414


def test_every_operation_documents_the_414(client: Client, sample: Game) -> None:
    schema = client.get("/api/v1/schema/", {"format": "json"}).json()

    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            answer = operation["responses"]["414"]
            assert answer["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/Error"
            }, (method, path)
