from __future__ import annotations

from django.test import Client

from rules.models import Game, Term
from tests.api.helpers import BASE, assert_error, get_json


def test_lists_the_glossary(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/sample/terms/")

    assert body["count"] == 1
    (term,) = body["results"]
    assert term["id"] == "active-player"
    assert term["term"] == "active player"
    assert term["topic"]["id"] == "turns"
    assert term["rule"] is None
    assert term["definition_md"] == "The player whose turn it is."
    assert term["definition_html"] == "<p>The player whose turn it is.</p>"
    assert term["url"] == f"{BASE}/api/v1/sample/terms/active-player/"
    web_url = Term.objects.get(game=sample, slug="active-player").get_absolute_url()
    assert term["web_url"] == BASE + web_url


def test_term_detail_matches_its_list_entry(client: Client, sample: Game) -> None:
    listed = get_json(client, "/api/v1/sample/terms/")["results"][0]
    assert get_json(client, "/api/v1/sample/terms/active-player/") == listed


def test_unknown_term_is_a_404(client: Client, sample: Game) -> None:
    assert_error(client.get("/api/v1/sample/terms/nope/"), 404, "not_found")


def test_a_term_names_the_rule_that_defines_it(client: Client, ti4: Game) -> None:
    term = get_json(client, "/api/v1/ti4/terms/hand-limit/")

    assert term["rule"] == {
        "id": "2.4",
        "topic": "action-cards",
        "url": f"{BASE}/api/v1/ti4/rules/2.4/",
        "web_url": f"{BASE}/ti4/rules/action-cards/#2.4",
    }
    assert get_json(client, "/api/v1/ti4/terms/action-card/")["rule"] is None


def test_bulk_terms_carry_their_defining_rule(client: Client, ti4: Game) -> None:
    terms = get_json(client, "/api/v1/ti4/bulk/")["terms"]
    rules = {term["id"]: term["rule"] and term["rule"]["id"] for term in terms}

    assert rules["hand-limit"] == "2.4"
    assert rules["same-name-restriction"] == "2.6b"
    assert rules["ability"] is None
