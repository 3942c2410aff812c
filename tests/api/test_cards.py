from __future__ import annotations

import pytest
from django.test import Client

from rules.models import Card, Game
from tests.api.helpers import BASE, assert_error, get_json, ids


def card_ids(client: Client, query: str) -> list[object]:
    return ids(get_json(client, f"/api/v1/sample/cards/?{query}")["results"])


def test_lists_cards_by_name_with_all_fields(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/sample/cards/")

    assert ids(body["results"]) == ["bribe", "cancel", "zeal"]
    cancel = body["results"][1]
    assert cancel == {
        "id": "cancel",
        "name": "Cancel",
        "type": "action",
        "expansion": "base",
        "count": 2,
        "window": "when-card-played",
        "timing_md": "When another player plays a card",
        "timing_html": "<p>When another player plays a card</p>",
        "effect_md": "Cancel that card; see [[rule:2.1]].",
        "effect_html": cancel["effect_html"],
        "flags": [],
        "faction": "",
        "attrs": {},
        "attrs_html": {},
        "notes": [],
        "replaces": None,
        "revised_as": [],
        "implemented": False,
        "implemented_by": None,
        "rules": [
            {
                "id": "2.1",
                "topic": "cards",
                "url": f"{BASE}/api/v1/sample/rules/2.1/",
                "web_url": f"{BASE}/sample/rules/cards/#2.1",
            }
        ],
        "url": f"{BASE}/api/v1/sample/cards/cancel/",
        "web_url": BASE
        + Card.objects.get(game=sample, slug="cancel").get_absolute_url(),
    }
    assert 'href="/sample/rules/cards/#2.1"' in cancel["effect_html"]


def test_card_detail_has_rules_rulings_and_backlinks(
    client: Client, sample: Game
) -> None:
    card = get_json(client, "/api/v1/sample/cards/cancel/")

    assert ids(card["rules"]) == ["2.1"]
    assert ids(card["rulings"]) == ["cancel-a-cancel", "who-acts-first"]
    assert ids(card["cited_by"]["rules"]) == ["2.1"]
    assert ids(card["cited_by"]["rulings"]) == ["cancel-a-cancel"]
    assert card["cited_by"]["topics"] == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("type=action", ["cancel", "zeal"]),
        ("type=ability", ["bribe"]),
        ("type=ability,action", ["bribe", "cancel", "zeal"]),
        ("window=when-card-played", ["cancel"]),
        ("window=action", ["bribe", "zeal"]),
        ("expansion=more", ["bribe"]),
        ("expansion=base&type=action&window=action", ["zeal"]),
        ("q=an", ["cancel"]),
        ("q=E", ["bribe", "cancel", "zeal"]),
        ("q=", ["bribe", "cancel", "zeal"]),
        ("ordering=-name", ["zeal", "cancel", "bribe"]),
        ("ordering=count", ["bribe", "cancel", "zeal"]),
        ("ordering=-count", ["zeal", "cancel", "bribe"]),
        ("ordering=type", ["bribe", "cancel", "zeal"]),
        ("ordering=-expansion", ["bribe", "cancel", "zeal"]),
        ("ordering=window&type=action", ["zeal", "cancel"]),
    ],
)
def test_filters_and_orders_cards(
    client: Client, sample: Game, query: str, expected: list[str]
) -> None:
    assert card_ids(client, query) == expected


def test_filters_cards_the_oracle_implements(client: Client, sample: Game) -> None:
    Card.objects.filter(game=sample, slug="zeal").update(implemented_by="sample")

    assert card_ids(client, "implemented=true") == ["zeal"]
    assert card_ids(client, "implemented=false") == ["bribe", "cancel"]
    zeal = get_json(client, "/api/v1/sample/cards/zeal/")
    assert (zeal["implemented"], zeal["implemented_by"]) == (True, "sample")
    assert zeal["flags"] == ["offensive"]


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("implemented=perhaps", "implemented"),
        ("ordering=colour", "ordering"),
        ("type=a%20b", "type"),
        ("window=,", "window"),
        ("type=unknown", "type"),
        ("type=action,zzz", "type"),
        ("window=never", "window"),
        ("expansion=pok", "expansion"),
        ("q=" + "x" * 101, "q"),
    ],
)
def test_rejects_bad_filters_naming_the_parameter(
    client: Client, sample: Game, query: str, parameter: str
) -> None:
    error = assert_error(client.get(f"/api/v1/sample/cards/?{query}"), 400, "invalid")
    assert list(error["details"]) == [parameter]


def test_unknown_card_is_a_404(client: Client, sample: Game) -> None:
    error = assert_error(client.get("/api/v1/sample/cards/nope/"), 404, "not_found")
    assert "nope" in error["message"]


def test_real_cards_list_and_detail(client: Client, ti4: Game) -> None:
    body = get_json(client, "/api/v1/ti4/cards/?type=action&q=sabotage")
    assert ids(body["results"]) == ["sabotage"]
    card = get_json(client, "/api/v1/ti4/cards/sabotage/")
    assert card["window"] == "when-action-card-played"
    assert card["rules"]
