from __future__ import annotations

import pytest
from django.test import Client

from rules.models import Game
from tests.api.helpers import assert_error, get_json

URL = "/api/v1/sample/cards/"


def test_pages_have_count_and_absolute_next_previous_links(
    client: Client, sample: Game
) -> None:
    first = get_json(client, f"{URL}?page_size=2")
    assert first["count"] == 3
    assert [card["id"] for card in first["results"]] == ["bribe", "cancel"]
    assert first["previous"] is None
    assert first["next"] == f"http://testserver{URL}?page=2&page_size=2"

    second = get_json(client, first["next"])
    assert [card["id"] for card in second["results"]] == ["zeal"]
    assert second["next"] is None
    assert second["previous"] == f"http://testserver{URL}?page_size=2"


def test_links_keep_the_filters(client: Client, sample: Game) -> None:
    body = get_json(client, f"{URL}?type=action&page_size=1")
    assert body["next"] == f"http://testserver{URL}?page=2&page_size=1&type=action"


def test_page_size_defaults_to_50_and_allows_200(client: Client, ti4: Game) -> None:
    assert len(get_json(client, "/api/v1/ti4/rules/")["results"]) == 50
    assert len(get_json(client, "/api/v1/ti4/rules/?page_size=200")["results"]) == 200


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("page_size=201", "page_size"),
        ("page_size=0", "page_size"),
        ("page_size=ten", "page_size"),
        ("page=0", "page"),
        ("page=-1", "page"),
        ("page=last", "page"),
    ],
)
def test_rejects_bad_page_numbers_and_sizes(
    client: Client, sample: Game, query: str, parameter: str
) -> None:
    error = assert_error(client.get(f"{URL}?{query}"), 400, "invalid")
    assert list(error["details"]) == [parameter]


def test_a_page_past_the_end_is_a_404(client: Client, sample: Game) -> None:
    assert_error(client.get(f"{URL}?page=3&page_size=2"), 404, "not_found")


def test_an_empty_result_is_one_empty_page(client: Client, sample: Game) -> None:
    body = get_json(client, f"{URL}?q=none")
    assert body == {"count": 0, "next": None, "previous": None, "results": []}
