from __future__ import annotations

from django.test import Client

from rules.models import Game, Topic
from tests.api.helpers import BASE, assert_error, get_json, ids


def test_lists_topics_in_reference_order(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/sample/topics/")

    assert body["count"] == 2
    first, second = body["results"]
    assert (first["id"], first["number"], first["title"]) == ("turns", 1, "Turns")
    assert second["id"] == "cards"
    assert second["summary_md"].startswith("How cards work")
    assert '<a class="xref xref-topic"' in second["summary_html"]
    assert second["updated"] == "2024-01-01"
    assert second["url"] == f"{BASE}/api/v1/sample/topics/cards/"
    topic = Topic.objects.get(game=sample, slug="cards")
    assert second["web_url"] == BASE + topic.get_absolute_url()


def test_topic_detail_has_its_rules_and_what_cites_it(
    client: Client, sample: Game
) -> None:
    topic = get_json(client, "/api/v1/sample/topics/cards/")

    assert ids(topic["rules"]) == ["2.1", "2.2", "2.2a", "2.N1"]
    rules = {rule["id"]: rule for rule in topic["rules"]}
    assert rules["2.2a"]["parent"]["id"] == "2.2"
    assert rules["2.2a"]["topic"]["id"] == "cards"
    assert rules["2.N1"]["kind"] == "note"
    assert rules["2.N1"]["source"] == "faq"
    assert rules["2.N1"]["date"] == "2024-02-03"
    assert rules["2.1"]["web_url"] == f"{BASE}/sample/rules/cards/#2.1"
    assert ids(topic["related"]) == ["turns"]
    assert ids(topic["cards"]) == ["bribe", "cancel"]
    assert ids(topic["rulings"]) == ["raised-hand-limit", "cancel-a-cancel"]
    assert topic["terms"] == []


def test_topic_detail_lists_terms_and_backlinks(client: Client, sample: Game) -> None:
    topic = get_json(client, "/api/v1/sample/topics/turns/")

    assert ids(topic["terms"]) == ["active-player"]
    assert ids(topic["cited_by"]["topics"]) == ["cards"]
    assert ids(topic["cited_by"]["rulings"]) == ["who-acts-first"]
    assert topic["cited_by"]["cards"] == []


def test_unknown_topic_is_a_404(client: Client, sample: Game) -> None:
    error = assert_error(client.get("/api/v1/sample/topics/nope/"), 404, "not_found")
    assert "nope" in error["message"]


def test_real_topic_has_numbered_rules(client: Client, ti4: Game) -> None:
    topic = get_json(client, "/api/v1/ti4/topics/action-cards/")
    assert topic["number"] == 2
    assert "2.1" in ids(topic["rules"])
