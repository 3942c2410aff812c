from __future__ import annotations

from datetime import datetime, timedelta

from django.test import Client
from django.utils import timezone

from rules.models import Game
from tests.api.helpers import get_json


def test_bulk_is_the_whole_game_as_a_download(client: Client, sample: Game) -> None:
    response = client.get("/api/v1/sample/bulk/")

    assert response.status_code == 200
    version = sample.content_version
    assert response["Content-Disposition"] == (
        f'attachment; filename="sample-{version[:12]}.json"'
    )
    body = response.json()
    assert body["game"]["id"] == "sample"
    assert body["content_version"] == version
    generated = datetime.fromisoformat(body["generated_at"])
    assert abs(timezone.now() - generated) < timedelta(minutes=1)
    assert [topic["id"] for topic in body["topics"]] == ["turns", "cards"]
    assert [rule["id"] for rule in body["rules"]] == [
        "1.1",
        "2.1",
        "2.2",
        "2.2a",
        "2.N1",
    ]
    assert [card["id"] for card in body["cards"]] == ["bribe", "cancel", "zeal"]
    assert [term["id"] for term in body["terms"]] == ["active-player"]
    assert len(body["rulings"]) == 3


def test_bulk_entries_match_the_list_endpoints(client: Client, sample: Game) -> None:
    body = get_json(client, "/api/v1/sample/bulk/")
    for kind in ("topics", "rules", "cards", "terms", "rulings"):
        listed = get_json(client, f"/api/v1/sample/{kind}/")["results"]
        assert body[kind] == listed, kind


def test_bulk_of_the_real_game_is_complete(client: Client, ti4: Game) -> None:
    body = get_json(client, "/api/v1/ti4/bulk/")
    assert len(body["topics"]) == ti4.topics.count()
    assert len(body["rules"]) == ti4.rules.count()
    assert len(body["cards"]) == ti4.cards.count()
    assert len(body["terms"]) == ti4.terms.count()
    assert len(body["rulings"]) == ti4.rulings.count()
