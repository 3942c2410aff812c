from __future__ import annotations

import pytest
from django.test import Client

from rules.models import Game, Ruling
from tests.api.helpers import BASE, assert_error, get_json, ids


def ruling_ids(client: Client, query: str) -> list[object]:
    return ids(get_json(client, f"/api/v1/sample/rulings/?{query}")["results"])


def test_lists_rulings_newest_first(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/sample/rulings/")

    assert ids(body["results"]) == [
        "raised-hand-limit",
        "cancel-a-cancel",
        "who-acts-first",
    ]
    ruling = body["results"][1]
    assert ruling["question"] == "Can a Cancel be cancelled?"
    assert ruling["answer_md"].startswith("Yes:")
    assert "<a " in ruling["answer_html"]
    assert ruling["source"] == "community"
    assert ruling["date"] == "2024-03-01"
    assert ids(ruling["cards"]) == ["cancel"]
    assert ids(ruling["rules"]) == ["2.1"]
    assert ruling["verification"] == {
        "status": "none",
        "engine_verified": False,
        "verified_at": None,
        "engine_version": "",
    }
    assert ruling["scenario"] is None
    assert ruling["url"] == f"{BASE}/api/v1/sample/rulings/cancel-a-cancel/"
    assert ruling["web_url"] == f"{BASE}/sample/rulings/cancel-a-cancel/"


def test_ruling_detail_has_backlinks(client: Client, sample: Game) -> None:
    ruling = get_json(client, "/api/v1/sample/rulings/cancel-a-cancel/")
    assert ids(ruling["cited_by"]["rulings"]) == ["raised-hand-limit"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("card=cancel", ["cancel-a-cancel", "who-acts-first"]),
        ("card=nope", []),
        ("rule=2.2a", ["raised-hand-limit"]),
        ("rule=2.2", []),
        ("topic=cards", ["raised-hand-limit", "cancel-a-cancel"]),
        ("topic=turns", ["who-acts-first"]),
        ("source=faq", ["raised-hand-limit"]),
        ("source=rules-reference", ["who-acts-first"]),
        ("updated_since=2024-03-01", ["raised-hand-limit", "cancel-a-cancel"]),
        ("updated_since=2030-01-01", []),
        ("card=cancel&topic=turns", ["who-acts-first"]),
    ],
)
def test_filters_rulings(
    client: Client, sample: Game, query: str, expected: list[str]
) -> None:
    assert ruling_ids(client, query) == expected


def test_filters_rulings_the_oracle_verified(client: Client, sample: Game) -> None:
    Ruling.objects.filter(game=sample, slug="who-acts-first").update(
        verification=Ruling.Verification.PASSED, verified_engine_version="1.2"
    )

    assert ruling_ids(client, "verified=true") == ["who-acts-first"]
    assert ruling_ids(client, "verified=false") == [
        "raised-hand-limit",
        "cancel-a-cancel",
    ]
    ruling = get_json(client, "/api/v1/sample/rulings/who-acts-first/")
    assert ruling["verification"]["status"] == "passed"
    assert ruling["verification"]["engine_verified"] is True
    assert ruling["verification"]["engine_version"] == "1.2"


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("source=blog", "source"),
        ("verified=sometimes", "verified"),
        ("updated_since=yesterday", "updated_since"),
        ("updated_since=2024-13-01", "updated_since"),
        ("rule=two", "rule"),
        ("card=no%20such", "card"),
        ("topic=a/b", "topic"),
    ],
)
def test_rejects_bad_filters_naming_the_parameter(
    client: Client, sample: Game, query: str, parameter: str
) -> None:
    error = assert_error(client.get(f"/api/v1/sample/rulings/?{query}"), 400, "invalid")
    assert list(error["details"]) == [parameter]


def test_unknown_ruling_is_a_404(client: Client, sample: Game) -> None:
    assert_error(client.get("/api/v1/sample/rulings/nope/"), 404, "not_found")
