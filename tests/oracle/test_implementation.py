"""What the oracle implements reaches the reference: cards are marked from the
engine registry at load time, and card pages open the editor for their card."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from oracle.apps import implemented_cards
from oracle.engine import get_pack
from rules.models import Card

pytestmark = pytest.mark.django_db


def test_cards_the_pack_implements_are_marked(ti4: Any) -> None:
    implemented = get_pack("ti4").implemented_cards()
    slugs = set(Card.objects.filter(game=ti4).values_list("slug", flat=True))

    marked = dict(Card.objects.implemented().values_list("slug", "implemented_by"))

    assert marked == {slug: "ti4" for slug in slugs & implemented}


def test_a_game_without_a_pack_implements_nothing() -> None:
    assert implemented_cards("chess") == {}


def test_a_card_page_opens_the_oracle_for_its_card(client: Client, ti4: Any) -> None:
    text = client.get("/ti4/cards/sabotage/").content.decode()

    assert 'href="/ti4/oracle/?card=sabotage"' in text
