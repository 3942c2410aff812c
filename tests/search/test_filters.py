"""Keeping one kind of result: ``kind:card`` in the query or ``kind=`` beside it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rules.search import memory_index, search
from tests.search.documents import DEMO


@pytest.fixture(scope="module")
def demo() -> Any:
    return memory_index(DEMO)


def test_kind_in_the_query_keeps_that_kind(demo: Any) -> None:
    results = search("demo", "kind:card cancel", index=demo)

    assert [hit.key for hit in results.hits] == ["cancel"]
    assert results.kinds == ("card",)


@pytest.mark.parametrize("typed", ["kind:rule", "kind:rules", "KIND:Rule"])
def test_kind_filter_accepts_plural_and_any_case(demo: Any, typed: str) -> None:
    results = search("demo", f"{typed} cards", index=demo)

    assert {hit.kind for hit in results.hits} == {"rule"}


def test_kind_parameter_keeps_that_kind(demo: Any) -> None:
    results = search("demo", "cards", kind="term", index=demo)

    assert [hit.key for hit in results.hits] == ["hand-limit"]


def test_kind_parameter_overrides_the_kind_typed_in_the_query(demo: Any) -> None:
    results = search("demo", "kind:card cards", kind="topic", index=demo)

    assert results.kinds == ("topic",)
    assert [hit.key for hit in results.hits] == ["cards"]


def test_two_kinds_in_the_query_keep_both(demo: Any) -> None:
    results = search("demo", "kind:card kind:topic card", index=demo)

    assert {hit.kind for hit in results.hits} == {"card", "topic"}


def test_counts_cover_every_kind_whatever_the_filter(demo: Any) -> None:
    unfiltered = search("demo", "cards", index=demo)
    filtered = search("demo", "cards", kind="rule", index=demo)

    assert filtered.counts == unfiltered.counts
    assert filtered.total == unfiltered.counts["rule"]
    assert unfiltered.total == sum(unfiltered.counts.values())


def test_results_of_other_games_never_show(demo: Any) -> None:
    assert search("other", "cards", index=demo).total == 0


def test_page_offers_a_link_per_kind_with_its_count(
    indexed: Any, client: Client
) -> None:
    page = client.get("/ti4/search/", {"q": "retreat"}).content.decode()

    results = search(indexed, "retreat")
    for kind, label in [("card", "Cards"), ("rule", "Rules")]:
        link = f'href="/ti4/search/?q=retreat&amp;kind={kind}&amp;page=1">'
        assert f"{link}{label} ({results.counts[kind]})</a>" in page


def test_page_with_kind_parameter_lists_only_that_kind(
    indexed: Any, client: Client
) -> None:
    page = client.get("/ti4/search/", {"q": "retreat", "kind": "card"}).content.decode()

    assert 'id="group-card"' in page
    assert 'id="group-rule"' not in page
    assert "All kinds (" in page


def test_api_kind_parameter_filters_results(indexed: Any, client: Client) -> None:
    body = client.get("/api/v1/ti4/search/", {"q": "retreat", "kind": "rule"}).json()

    assert body["kinds"] == ["rule"]
    assert {hit["kind"] for hit in body["results"]} == {"rule"}
    assert body["count"] == body["counts"]["rule"]
    assert [group["kind"] for group in body["groups"]] == ["rule"]
