"""Card search by text (``cards/search/?text=``) and the lookup of one card by
a name as typed (``cards/named/?fuzzy=`` / ``?exact=``), on the real content."""

from __future__ import annotations

from typing import Any

from django.test import Client

from tests.api.helpers import assert_error, get_json, ids

SEARCH = "/api/v1/ti4/cards/search/"
NAMED = "/api/v1/ti4/cards/named/"


def test_text_search_finds_cards_by_words_of_their_effect(
    client: Client, ti4: Any
) -> None:
    body = get_json(client, f"{SEARCH}?text=cancel")

    found = ids(body["results"])
    assert "sabotage" in found
    assert "lucky-shot" not in found
    for card in body["results"]:
        text = f"{card['timing_md']} {card['effect_md']}".lower()
        assert "cancel" in text


def test_text_search_needs_every_word_and_keeps_phrases(
    client: Client, ti4: Any
) -> None:
    both = ids(get_json(client, f"{SEARCH}?text=cancel+sabotage")["results"])
    phrase = ids(get_json(client, f'{SEARCH}?text="action card"')["results"])
    cancel = ids(get_json(client, f"{SEARCH}?text=cancel")["results"])

    assert set(both) < set(cancel)
    assert phrase and "sabotage" in phrase


def test_text_search_matches_word_starts_not_inner_parts(
    client: Client, ti4: Any
) -> None:
    destroy = ids(get_json(client, f"{SEARCH}?text=destroy")["results"])
    inner = ids(get_json(client, f"{SEARCH}?text=estroy")["results"])

    assert "direct-hit" in destroy
    assert inner == []


def test_text_search_takes_the_list_filters(client: Client, ti4: Any) -> None:
    actions = get_json(client, f"{SEARCH}?text=cancel&type=action")["results"]
    technologies = ids(
        get_json(client, f"{SEARCH}?text=cancel&type=technology")["results"]
    )

    assert "sabotage" in ids(actions)
    assert {card["type"] for card in actions} == {"action"}
    assert "sabotage" not in technologies


def test_text_search_without_words_is_a_400_naming_text(
    client: Client, ti4: Any
) -> None:
    missing = assert_error(client.get(SEARCH), 400, "invalid")
    blank = assert_error(client.get(f"{SEARCH}?text=%22%22"), 400, "invalid")

    assert "text" in missing["details"]
    assert "text" in blank["details"]


def test_text_search_answers_conditional_requests(client: Client, ti4: Any) -> None:
    first = client.get(f"{SEARCH}?text=cancel")
    again = client.get(f"{SEARCH}?text=cancel", HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304


def test_fuzzy_name_forgives_case_typos_and_parts(client: Client, ti4: Any) -> None:
    for typed in ("sabotage", "SABOTAGE", "sabotge", "Sabotaje"):
        assert get_json(client, f"{NAMED}?fuzzy={typed}")["id"] == "sabotage"
    assert get_json(client, f"{NAMED}?fuzzy=luck+sh")["id"] == "lucky-shot"
    assert get_json(client, f"{NAMED}?fuzzy=coup+d'etat")["id"] == "coup-detat"


def test_named_answers_the_card_with_its_details(client: Client, ti4: Any) -> None:
    card = get_json(client, f"{NAMED}?exact=lucky+shot")

    assert card["name"] == "Lucky Shot"
    assert "rulings" in card and "cited_by" in card


def test_an_ambiguous_name_lists_the_candidates(client: Client, ti4: Any) -> None:
    error = assert_error(client.get(f"{NAMED}?fuzzy=legal+text"), 404, "ambiguous")

    names = {c["name"] for c in error["details"]["candidates"]}
    assert names == {"Confounding Legal Text", "Confusing Legal Text"}


def test_an_unknown_name_is_not_found(client: Client, ti4: Any) -> None:
    error = assert_error(client.get(f"{NAMED}?fuzzy=zzzzqqq"), 404, "not_found")
    exact = assert_error(client.get(f"{NAMED}?exact=sabotge"), 404, "not_found")

    assert error["details"]["candidates"] == []
    assert "sabotge" in exact["message"]


def test_named_wants_exactly_one_of_fuzzy_and_exact(client: Client, ti4: Any) -> None:
    assert_error(client.get(NAMED), 400, "invalid")
    assert_error(client.get(f"{NAMED}?fuzzy=spy&exact=spy"), 400, "invalid")


def test_the_schema_documents_search_and_named_with_examples(
    client: Client, ti4: Any
) -> None:
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    search = schema["paths"]["/api/v1/{game}/cards/search/"]["get"]
    named = schema["paths"]["/api/v1/{game}/cards/named/"]["get"]

    assert {"text", "type", "expansion"} <= {p["name"] for p in search["parameters"]}
    assert {"fuzzy", "exact"} <= {p["name"] for p in named["parameters"]}
    assert "examples" in search["responses"]["200"]["content"]["application/json"]
    assert "ambiguous" in str(named["responses"]["404"])
