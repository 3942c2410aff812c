"""Every page of the real TI4 content runs a bounded number of queries: no
query per rule, card, term or ruling on the page (a later issue benchmarks
these pages)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.models import Game, Reference, Ruling
from tests.rules.test_views import make_ruling


@pytest.fixture
def rulings(ti4: Game) -> list[Ruling]:
    """Four rulings on the same cards and rules of topic 2, with backlinks."""
    made = []
    cards = list(ti4.cards.all()[:4])
    rules = list(ti4.rules.filter(topic__number=2)[:3])
    for n in range(4):
        ruling = make_ruling(ti4, f"query-budget-{n}", dt.date(2024, 1, n + 1))
        ruling.cards.set(cards)
        ruling.rules.set(rules)
        Reference.objects.create(
            game=ti4,
            source_kind="ruling",
            source_key=ruling.slug,
            target_kind="card",
            target_key=cards[0].slug,
        )
        made.append(ruling)
    return made


def budget_urls(game: Game, rulings: list[Ruling]) -> list[str]:
    topic = game.topics.order_by("-number").first()
    card = rulings[0].cards.first()
    assert topic and card
    return [
        "/",
        f"/{game.slug}/",
        f"/{game.slug}/rules/",
        f"/{game.slug}/rules/?rule=2.4",
        f"/{game.slug}/rules/action-cards/",
        f"/{game.slug}/rules/action-cards/?rule=2.6a",
        topic.get_absolute_url(),
        f"/{game.slug}/cards/",
        f"/{game.slug}/cards/?type=action&implemented=no",
        card.get_absolute_url(),
        f"/{game.slug}/rulings/",
        f"/{game.slug}/rulings/?card={card.slug}",
        rulings[0].get_absolute_url(),
        f"/{game.slug}/glossary/",
        f"/{game.slug}/new/",
        f"/{game.slug}/new/feed.atom",
        f"/{game.slug}/preview/card/{card.slug}/",
        "/sitemap.xml",
    ]


QUERY_BUDGET = 14  # SELECTs of a topic page whose backlinks come from all five kinds


def test_pages_of_the_real_content_run_a_bounded_number_of_queries(
    client: Client, ti4: Game, rulings: list[Ruling]
) -> None:
    over = {}
    for url in budget_urls(ti4, rulings):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code in {200, 302}, url
        selects = [q for q in queries if q["sql"].lstrip().upper().startswith("SELECT")]
        if len(selects) > QUERY_BUDGET:
            over[url] = len(selects)

    assert over == {}
