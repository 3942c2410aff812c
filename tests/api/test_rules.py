from __future__ import annotations

import pytest
from django.test import Client

from rules.models import Game
from tests.api.helpers import BASE, assert_error, get_json, ids


def test_rule_detail_has_text_topic_parent_and_citations(
    client: Client, sample: Game
) -> None:
    rule = get_json(client, "/api/v1/sample/rules/2.2a/")

    assert rule["id"] == "2.2a"
    assert rule["kind"] == "rule"
    assert rule["text_md"] == "Effects may change the limit."
    assert rule["text_html"] == "<p>Effects may change the limit.</p>"
    assert rule["topic"]["id"] == "cards"
    assert rule["parent"] == {
        "id": "2.2",
        "topic": "cards",
        "url": f"{BASE}/api/v1/sample/rules/2.2/",
        "web_url": f"{BASE}/sample/rules/cards/#2.2",
    }
    assert rule["children"] == []
    assert ids(rule["rulings"]) == ["raised-hand-limit"]
    assert ids(rule["cited_by"]["rules"]) == ["2.N1"]
    assert ids(rule["cited_by"]["rulings"]) == ["raised-hand-limit"]
    assert rule["url"] == f"{BASE}/api/v1/sample/rules/2.2a/"
    assert rule["web_url"] == f"{BASE}/sample/rules/cards/#2.2a"


def test_rule_detail_lists_sub_rules_and_citing_cards(
    client: Client, sample: Game
) -> None:
    assert ids(get_json(client, "/api/v1/sample/rules/2.2/")["children"]) == ["2.2a"]
    rule = get_json(client, "/api/v1/sample/rules/2.1/")
    assert rule["parent"] is None
    assert ids(rule["cards"]) == ["cancel"]
    assert ids(rule["rulings"]) == ["cancel-a-cancel"]
    assert ids(rule["cited_by"]["cards"]) == ["cancel"]


def test_notes_are_rules_with_their_own_ids(client: Client, sample: Game) -> None:
    note = get_json(client, "/api/v1/sample/rules/2.N1/")
    assert (note["kind"], note["source"], note["date"]) == ("note", "faq", "2024-02-03")


def test_lists_rules_in_reference_order(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/sample/rules/")
    assert ids(body["results"]) == ["1.1", "2.1", "2.2", "2.2a", "2.N1"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("topic=turns", ["1.1"]),
        ("kind=note", ["2.N1"]),
        ("topic=cards&kind=rule", ["2.1", "2.2", "2.2a"]),
        ("topic=nope", []),
    ],
)
def test_filters_rules(
    client: Client, sample: Game, query: str, expected: list[str]
) -> None:
    assert (
        ids(get_json(client, f"/api/v1/sample/rules/?{query}")["results"]) == expected
    )


def test_rejects_an_unknown_kind(client: Client, sample: Game) -> None:
    error = assert_error(client.get("/api/v1/sample/rules/?kind=law"), 400, "invalid")
    assert list(error["details"]) == ["kind"]


def test_unknown_and_malformed_rule_ids_are_404(client: Client, sample: Game) -> None:
    assert_error(client.get("/api/v1/sample/rules/9.9/"), 404, "not_found")
    assert_error(client.get("/api/v1/sample/rules/2.2A/"), 404, "not_found")


@pytest.mark.parametrize(("given", "rule_id"), [("2.2A", "2.2a"), ("2.n1", "2.N1")])
def test_a_rule_id_in_another_case_is_told_the_rule_it_may_mean(
    client: Client, sample: Game, given: str, rule_id: str
) -> None:
    error = assert_error(client.get(f"/api/v1/sample/rules/{given}/"), 404, "not_found")

    assert error["message"] == (
        f"Sample Game has no rule {given!r}. Rule ids are case-sensitive:"
        f" did you mean {rule_id!r}?"
    )


def test_a_rule_id_in_any_case_that_names_no_rule_is_not_found(
    client: Client, sample: Game
) -> None:
    error = assert_error(client.get("/api/v1/sample/rules/2.9Z/"), 404, "not_found")
    assert error["message"] == "Sample Game has no rule '2.9Z'."
