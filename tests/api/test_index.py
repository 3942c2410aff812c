"""``/api/v1/`` is the index of the API: one URL to start from."""

from __future__ import annotations

from django.test import Client

from rules.models import Game
from tests.api.helpers import BASE, get_json


def test_index_lists_every_resource_as_a_template(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/")

    templates = {r["name"]: r["url_template"] for r in body["resources"]}
    assert templates["cards"] == f"{BASE}/api/v1/{{game}}/cards/"
    assert templates["card"] == f"{BASE}/api/v1/{{game}}/cards/{{key}}/"
    assert templates["oracle_run"] == f"{BASE}/api/v1/{{game}}/oracle/run/"
    assert body["schema"] == f"{BASE}/api/v1/schema/"
    assert body["docs"] == f"{BASE}/api/docs/"


def test_index_links_each_game_to_resources_that_answer(
    client: Client, sample: Game
) -> None:
    links = get_json(client, "/api/v1/")["games"]["sample"]["links"]

    for name in ("topics", "rules", "cards", "terms", "rulings", "bulk"):
        assert client.get(links[name]).status_code == 200, name
    assert links["game"] == f"{BASE}/api/v1/games/sample/"
