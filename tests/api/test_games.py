from __future__ import annotations

from datetime import datetime

from django.test import Client

from rules.models import Game
from tests.api.helpers import BASE, assert_error, get_json


def test_lists_games_with_absolute_links(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/games/")

    assert set(body) == {"count", "next", "previous", "results"}
    games = {game["id"]: game for game in body["results"]}
    game = games["sample"]
    assert game["url"] == f"{BASE}/api/v1/games/sample/"
    assert game["web_url"] == BASE + sample.get_absolute_url()
    assert game["links"] == {
        "topics": f"{BASE}/api/v1/sample/topics/",
        "rules": f"{BASE}/api/v1/sample/rules/",
        "cards": f"{BASE}/api/v1/sample/cards/",
        "terms": f"{BASE}/api/v1/sample/terms/",
        "rulings": f"{BASE}/api/v1/sample/rulings/",
        "bulk": f"{BASE}/api/v1/sample/bulk/",
        "search": f"{BASE}/api/v1/sample/search/",
    }


def test_game_detail_has_reference_vocabularies_and_version(
    client: Client, sample: Game
) -> None:
    game = get_json(client, "/api/v1/games/sample/")

    assert game["name"] == "Sample Game"
    assert game["short_name"] == "Sample"
    assert game["reference"] == {
        "name": "Sample Reference",
        "version": "1.0",
        "date": "2024-01-01",
    }
    assert game["vocabularies"]["card_types"] == {
        "action": "Action card",
        "ability": "Ability",
    }
    assert game["content_version"] == sample.content_version
    loaded_at = datetime.fromisoformat(game["loaded_at"])
    assert loaded_at == sample.loaded_at


def test_unknown_game_is_a_404(client: Client, sample: Game) -> None:
    error = assert_error(client.get("/api/v1/games/nope/"), 404, "not_found")
    assert "nope" in error["message"]


def test_real_game_is_listed(client: Client, ti4: Game) -> None:
    game = get_json(client, "/api/v1/games/ti4/")
    assert game["id"] == "ti4"
    assert "action" in game["vocabularies"]["card_types"]
