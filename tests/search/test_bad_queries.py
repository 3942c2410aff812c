"""Queries that cannot be searched get a clear message: SearchQueryError from
``search()``, a 400 page with the form and the message, a 400 in the API's error
shape. Nothing a user types causes a server error."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.search import SearchQueryError, memory_index, search
from tests.search.documents import DEMO

BAD = [
    ("", "empty"),
    ("   ", "empty"),
    ("x" * 201, "too_long"),
    ('"unbalanced', "unbalanced_quotes"),
    ('draw "action card', "unbalanced_quotes"),
    ("AND", "lone_operator"),
    ("OR NOT", "lone_operator"),
    ("sabotage AND", "lone_operator"),
    ("AND sabotage", "lone_operator"),
    ("sabotage OR OR cancel", "lone_operator"),
    ("(sabotage AND)", "lone_operator"),
    ("NOT", "lone_operator"),
    ("(sabotage", "unbalanced_parentheses"),
    ("sabotage)", "unbalanced_parentheses"),
    ("kind:nope", "unknown_kind"),
    ("kind:nope sabotage", "unknown_kind"),
    ("kind:card", "empty"),
    ("sabo\x01tage", "control_characters"),
]


@pytest.fixture(scope="module")
def demo() -> Any:
    return memory_index(DEMO)


@pytest.mark.parametrize(("query", "code"), BAD)
def test_search_refuses_with_a_code_and_a_message(
    demo: Any, query: str, code: str
) -> None:
    with pytest.raises(SearchQueryError) as raised:
        search("demo", query, index=demo)

    assert raised.value.code == code
    assert raised.value.message.endswith((".", "?"))


def test_two_hundred_characters_are_fine(demo: Any) -> None:
    search("demo", "cards " + "x" * 194, index=demo)


def test_lower_case_operators_are_words(demo: Any) -> None:
    results = search("demo", "and", index=demo)

    assert results.total == 0  # a stop word: nothing to look for, but no error


@pytest.mark.parametrize(("kind", "page", "limit", "code"), [
    ("nope", 1, 20, "unknown_kind"),
    (None, 0, 20, "invalid_page"),
    (None, 101, 20, "invalid_page"),
    (None, 1, 0, "invalid_limit"),
    (None, 1, 51, "invalid_limit"),
])  # fmt: skip
def test_search_refuses_bad_parameters(
    demo: Any, kind: str | None, page: int, limit: int, code: str
) -> None:
    with pytest.raises(SearchQueryError) as raised:
        search("demo", "cards", kind=kind, page=page, limit=limit, index=demo)

    assert raised.value.code == code


@pytest.mark.parametrize(("query", "code"), BAD)
def test_page_answers_400_with_the_form_and_the_message(
    indexed: Any, client: Client, query: str, code: str
) -> None:
    response = client.get("/ti4/search/", {"q": query})

    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert"' in page
    assert 'name="q"' in page


def test_page_does_not_echo_a_nul_character(indexed: Any, client: Client) -> None:
    response = client.get("/ti4/search/", {"q": "speaker\x00"})

    assert response.status_code == 400
    assert b"\x00" not in response.content
    assert 'value="speaker"' in response.content.decode()


def test_page_without_a_query_shows_the_form(indexed: Any, client: Client) -> None:
    response = client.get("/ti4/search/")

    assert response.status_code == 200
    assert 'role="alert"' not in response.content.decode()


def test_page_with_a_page_that_is_not_a_number_answers_400(
    indexed: Any, client: Client
) -> None:
    response = client.get("/ti4/search/", {"q": "speaker", "page": "two"})

    assert response.status_code == 400
    assert "whole number" in response.content.decode()


@pytest.mark.parametrize(("query", "code"), BAD)
def test_api_answers_400_in_the_error_shape(
    indexed: Any, client: Client, query: str, code: str
) -> None:
    response = client.get("/api/v1/ti4/search/", {"q": query})

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert error["details"]["reason"] == code
    assert error["details"]["q"] == [error["message"]]


@pytest.mark.parametrize(
    ("params", "name"),
    [({"page": "x"}, "page"), ({"page": "0"}, "page"), ({"limit": "500"}, "limit")],
)
def test_api_names_the_bad_parameter(
    indexed: Any, client: Client, params: dict[str, str], name: str
) -> None:
    response = client.get("/api/v1/ti4/search/", {"q": "speaker", **params})

    assert response.status_code == 400
    assert name in response.json()["error"]["details"]


def test_api_without_q_answers_400(indexed: Any, client: Client) -> None:
    response = client.get("/api/v1/ti4/search/")

    assert response.status_code == 400
    assert response.json()["error"]["details"]["reason"] == "empty"


def test_unknown_game_is_a_404(indexed: Any, client: Client) -> None:
    assert client.get("/nope/search/", {"q": "x"}).status_code == 404
    response = client.get("/api/v1/nope/search/", {"q": "x"})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


PIECES = [
    *"\"()*?~^:+-\\/!{}[]<>&'_.,;é\x00\t ",
    "AND",
    "OR",
    "NOT",
    "ANDNOT",
    "ANDMAYBE",
    "kind:",
    "kind:card",
    "card",
    "rule",
    "2.4a",
    "sabotage",
    " ",
]
NASTY = st.lists(st.sampled_from(PIECES), max_size=20).map("".join)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(query=NASTY)
def test_any_text_is_searched_or_refused_cleanly(query: str) -> None:
    index = _DEMO_INDEX
    try:
        results = search("demo", query, index=index)
    except SearchQueryError as exc:
        assert exc.message
    else:
        assert results.total >= 0


@pytest.mark.parametrize(
    "query", ['"', "((", ")(", "*:*", "title:x", "^2", "~", "kind:", "\x00", "é"]
)
def test_api_never_answers_500(indexed: Any, client: Client, query: str) -> None:
    response = client.get("/api/v1/ti4/search/", {"q": query})

    assert response.status_code in {200, 400}


_DEMO_INDEX = memory_index(DEMO)
