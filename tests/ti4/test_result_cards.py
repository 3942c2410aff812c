"""A result maps most cards, those holding every default, in a shortcut of
``result._card``: over every golden and ruling scenario, the shortcut must give
each card the very mapping ``_card`` gives, keys in the same order."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import run_scenario
from oracle.engine.core.game import Game
from oracle.engine.io import result

from .test_rule_checks import each_scenario


def _full(game: Game) -> dict[str, object]:
    """Every card through ``_card``, as before the shortcut."""
    definitions, view = game.pack.cards, game.view
    return {
        card_id: result._card(
            card,
            definitions[card.slug],
            view.card_stats.get(card_id),
            view.card_flags.get(card_id),
        )
        for card_id, card in game.cards.items()
    }


def _ordered(cards: dict[str, Any]) -> list[object]:
    return [(card_id, list(shown.items())) for card_id, shown in cards.items()]


@each_scenario
def test_the_default_card_shortcut_maps_cards_as_card_does(
    scenario: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = result._cards
    compared = []

    def checked(game: Game) -> dict[str, object]:
        found = cards(game)
        assert _ordered(found) == _ordered(_full(game))
        compared.append(len(found))
        return found

    monkeypatch.setattr(result, "_cards", checked)
    run_scenario(scenario)
    assert compared  # a scenario of counted stock only compares an empty map
