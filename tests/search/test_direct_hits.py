"""A query that is a rule id or an exact card name goes straight to it: the page
redirects, the API flags the first result."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.search import memory_index, search
from tests.search.documents import DEMO


@pytest.mark.parametrize(
    ("query", "location"),
    [
        ("2.4a", "/ti4/rules/action-cards/#2.4a"),
        ("2.4", "/ti4/rules/action-cards/#2.4"),
        ("rule 2.4a", "/ti4/rules/action-cards/#2.4a"),
        ("2.n1", "/ti4/rules/action-cards/#2.N1"),
        ("8.2.i", "/ti4/rules/agenda-phase/#8.2.i"),
        ("rule 66.2.III", "/ti4/rules/politics/#66.2.iii"),
        ("48.n2.viii", "/ti4/rules/initiative-order/#48.N2.viii"),
        ("Sabotage", "/ti4/cards/sabotage/"),
        ("  SABOTAGE ", "/ti4/cards/sabotage/"),
        ('"lucky shot"', "/ti4/cards/lucky-shot/"),
        ("coup d'etat", "/ti4/cards/coup-detat/"),
    ],
)
def test_page_redirects_to_what_the_query_names(
    indexed: Any, client: Client, query: str, location: str
) -> None:
    response = client.get("/ti4/search/", {"q": query})

    assert response.status_code == 302
    assert response["Location"] == location


@pytest.mark.parametrize("query", ["sabotge", "sabotage cancel", "2.4 2.5", "99.99"])
def test_page_shows_results_when_nothing_is_named_exactly(
    indexed: Any, client: Client, query: str
) -> None:
    response = client.get("/ti4/search/", {"q": query})

    assert response.status_code == 200


def test_page_does_not_redirect_when_the_kind_filter_excludes_it(
    indexed: Any, client: Client
) -> None:
    response = client.get("/ti4/search/", {"q": "sabotage", "kind": "rule"})

    assert response.status_code == 200
    assert "2.N8" in response.content.decode()


def test_api_flags_the_named_rule_as_first_result(indexed: Any, client: Client) -> None:
    body = client.get("/api/v1/ti4/search/", {"q": "2.4a"}).json()

    first = body["results"][0]
    assert first["direct"] is True
    assert (first["kind"], first["id"]) == ("rule", "2.4a")
    assert first["web_url"] == "http://testserver/ti4/rules/action-cards/#2.4a"
    assert [hit["direct"] for hit in body["results"][1:]] == [False] * (
        len(body["results"]) - 1
    )


def test_api_flags_a_card_named_exactly_and_keeps_other_results(
    indexed: Any, client: Client
) -> None:
    body = client.get("/api/v1/ti4/search/", {"q": "sabotage"}).json()

    assert body["results"][0]["id"] == "sabotage"
    assert body["results"][0]["direct"] is True
    assert body["count"] > 1
    assert body["results"][0]["url"] == "http://testserver/api/v1/ti4/cards/sabotage/"


def test_api_flags_nothing_for_an_ordinary_query(indexed: Any, client: Client) -> None:
    body = client.get("/api/v1/ti4/search/", {"q": "hand limit"}).json()

    assert not any(hit["direct"] for hit in body["results"])


def test_a_direct_hit_ranks_first_even_when_its_text_does_not_match() -> None:
    index = memory_index(DEMO)

    results = search("demo", "1.4", index=index)

    assert results.direct is not None
    assert results.hits[0].key == "1.4"
    assert results.total == 1
