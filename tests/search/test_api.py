"""The search endpoint's answer and its OpenAPI description."""

from __future__ import annotations

from typing import Any

from django.test import Client
from drf_spectacular.generators import SchemaGenerator

KEYS = {
    "query", "kinds", "count", "counts", "page", "pages", "next", "previous",
    "suggestion", "broadened", "results", "groups",
}  # fmt: skip
HIT_KEYS = {
    "kind", "id", "title", "title_html", "snippet", "rule_id", "context", "score",
    "direct", "web_url", "url",
}  # fmt: skip


def test_answer_has_results_groups_and_counts(indexed: Any, client: Client) -> None:
    body = client.get("/api/v1/ti4/search/", {"q": "retreat"}).json()

    assert set(body) == KEYS
    assert all(set(hit) == HIT_KEYS for hit in body["results"])
    grouped = [hit for group in body["groups"] for hit in group["results"]]
    assert len(grouped) == len(body["results"])
    assert {(h["kind"], h["id"]) for h in grouped} == {
        (h["kind"], h["id"]) for h in body["results"]
    }
    assert body["count"] == sum(body["counts"].values())
    assert (body["results"][0]["kind"], body["results"][0]["id"]) == ("rule", "78.7b")


def test_answer_pages_with_next_and_previous(indexed: Any, client: Client) -> None:
    first = client.get("/api/v1/ti4/search/", {"q": "action", "limit": 5}).json()
    second = client.get(first["next"]).json()

    assert first["previous"] is None
    assert first["next"] == (
        "http://testserver/api/v1/ti4/search/?q=action&limit=5&page=2"
    )
    assert second["page"] == 2
    seen = {(h["kind"], h["id"]) for h in first["results"]}
    assert not seen & {(h["kind"], h["id"]) for h in second["results"]}


def test_answer_carries_the_suggestion(indexed: Any, client: Client) -> None:
    body = client.get("/api/v1/ti4/search/", {"q": "luky shot"}).json()

    assert body["suggestion"] == "lucky shot"
    assert body["results"][0]["id"] == "lucky-shot"


def test_prefix_parameter_suggests_while_typing(indexed: Any, client: Client) -> None:
    body = client.get(
        "/api/v1/ti4/search/", {"q": "neural mot", "prefix": "1", "limit": 3}
    ).json()

    assert body["results"][0]["id"] == "neural-motivator"


def test_openapi_documents_the_endpoint() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)

    operation = schema["paths"]["/api/v1/{game}/search/"]["get"]
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert {"game", "q", "kind", "page", "limit", "prefix"} <= names
    q = next(p for p in operation["parameters"] if p["name"] == "q")
    assert q["required"] is True
    ok = operation["responses"]["200"]["content"]["application/json"]
    assert ok["examples"]["RuleId"]["value"]["results"][0]["direct"] is True
    assert "400" in operation["responses"]
    kind = next(p for p in operation["parameters"] if p["name"] == "kind")
    assert set(kind["schema"]["enum"]) == {"rule", "card", "topic", "term", "ruling"}


def test_head_answers_like_get(indexed: Any, client: Client) -> None:
    get = client.get("/api/v1/ti4/search/", {"q": "hand"})
    head = client.head("/api/v1/ti4/search/", {"q": "hand"})

    assert (get.status_code, head.status_code) == (200, 200)
    assert head.content == b""
    assert head["ETag"] == get["ETag"]


def test_results_carry_validators_and_revalidate(indexed: Any, client: Client) -> None:
    url = "/api/v1/ti4/search/?q=hand"
    response = client.get(url)
    assert response["ETag"].startswith('W/"')
    assert response.has_header("Last-Modified")
    assert response["Cache-Control"] == "public, max-age=300"
    assert client.get("/api/v1/ti4/search/?q=hands")["ETag"] != response["ETag"]

    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == response["ETag"]
    dated = client.get(url, HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert dated.status_code == 304


def test_preconditions_do_not_hide_a_bad_query(indexed: Any, client: Client) -> None:
    for url in ("/api/v1/ti4/search/?q=", "/api/v1/ti4/search/?q=a&page=x"):
        response = client.get(url, HTTP_IF_NONE_MATCH="*")
        assert response.status_code == 400
        assert not response.has_header("ETag")
    missing = client.get("/api/v1/nope/search/?q=hand", HTTP_IF_NONE_MATCH="*")
    assert missing.status_code == 404
