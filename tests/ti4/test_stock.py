"""Untouched component stock is counted, not created: reinforcements, technology
decks and the filled action deck become cards only when one leaves them."""

from __future__ import annotations

from typing import Any

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import Scenario, run_scenario
from oracle.engine.core.game import PLAY
from oracle.engine.io.runner import build_game, play
from oracle.games.ti4 import data
from oracle.games.ti4 import state as st


def _scenario(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "strategy_cards": ["leadership"], "trade_goods": 4},
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "steps": [],
    }
    return {**base, **fields}


def _stocked(game: Any) -> list[str]:
    return [c.slug for c in game.cards.values() if c.zone in st.STOCK_ZONES]


def test_set_up_creates_no_card_for_untouched_stock() -> None:
    game = build_game(Scenario.parse(_scenario(board={"fill_deck": True})))
    assert _stocked(game) == []
    assert game.stock_count(st.REINFORCEMENTS, "Alice") == sum(
        data.UNIT_SUPPLY.values()
    )
    assert game.stock_count(st.TECH_DECK, "Bob", "gravity-drive") == 1
    assert game.stock_count(st.ACTION_DECK) == 80
    assert len(game.cards) < 20  # the strategy cards


def test_a_placed_unit_becomes_a_card_and_leaves_the_count() -> None:
    scenario = _scenario(
        board={"systems": [{"id": "rex", "units": {"Alice": ["carrier"]}}]},
        steps=[{"player": "Alice", "play": "war-effort", "targets": {"target": "rex"}}],
        expect=[
            {"path": "players.Alice.reinforcements", "count": 61},
            {"path": "players.Alice.reinforcements.cruiser", "equals": 7},
            {"path": "players.Alice.reinforcements", "contains": "carrier"},
        ],
    )
    scenario["players"][0]["hand"] = ["war-effort"]
    game, result = play(Scenario.parse(scenario))
    assert [s.status for s in result.steps] == ["accepted"]
    assert [e["passed"] for e in result.expect] == [True, True, True]
    (cruiser,) = [c for c in game.cards.values() if c.slug == "cruiser"]
    assert (cruiser.zone, cruiser.data) == (PLAY, {"system": "rex"})
    assert _stocked(game) == []


def test_a_researched_technology_leaves_the_technology_deck() -> None:
    scenario = _scenario(
        steps=[
            {
                "player": "Alice",
                "play": "focused-research",
                "targets": {"target": "gravity-drive"},
            }
        ]
    )
    scenario["players"][0]["hand"] = ["focused-research"]
    scenario["players"][0]["technologies"] = ["antimass-deflectors"]
    game, result = play(Scenario.parse(scenario))
    assert [s.status for s in result.steps] == ["accepted"]
    assert st.owns(game, "Alice", "gravity-drive")
    assert not st.in_tech_deck(game, "Alice", "gravity-drive")
    tech_deck = result.state["players"]["Alice"]["tech_deck"]  # type: ignore[index]
    assert "gravity-drive" not in tech_deck and "antimass-deflectors" not in tech_deck


def test_draws_from_a_filled_deck_depend_only_on_the_seed() -> None:
    def hands(seed: int) -> tuple[list[str], str]:
        scenario = _scenario(seed=seed, board={"fill_deck": True})
        scenario["players"][0]["hand"] = []
        scenario["steps"] = [{"advance": "status"}]
        result = run_scenario(scenario)
        board = result.state["board"]
        assert board["action_deck_count"] == 78  # type: ignore[index]
        players = result.state["players"]
        drawn = [*players["Alice"]["hand"], *players["Bob"]["hand"]]  # type: ignore[index]
        return drawn, result.to_json()

    first, text = hands(3)
    assert len(first) == 2
    assert hands(3) == (first, text)
    assert any(hands(seed)[0] != first for seed in range(4, 10))


def test_a_seat_starts_with_its_pools_goods_and_tokens_left_in_order() -> None:
    players = [
        {"name": "Alice", "trade_goods": 4, "command_tokens": {"fleet": 5}},
        {"name": "Bob", "command_tokens": {"reinforcements": 6, "tactic": 1}},
        {"name": "Carol", "resources": {"commodities": 2, "fleet": 1}},
        {"name": "Dave"},
    ]
    game = build_game(Scenario.parse(_scenario(players=players)))
    resources = {p.name: list(p.resources.items()) for p in game.players}
    left = data.COMMAND_TOKENS
    assert resources == {
        "Alice": [
            ("tactic", 3),
            ("fleet", 5),
            ("strategy", 2),
            ("trade_goods", 4),
            ("commodities", 0),
            ("command_reinforcements", left - 10),
        ],
        "Bob": [
            ("tactic", 1),
            ("fleet", 3),
            ("strategy", 2),
            ("trade_goods", 0),
            ("commodities", 0),
            ("command_reinforcements", 6),
        ],
        "Carol": [  # the scenario's own resources first, and kept
            ("commodities", 2),
            ("fleet", 1),
            ("tactic", 3),
            ("strategy", 2),
            ("trade_goods", 0),
            ("command_reinforcements", left - 6),
        ],
        "Dave": [
            ("tactic", 3),
            ("fleet", 3),
            ("strategy", 2),
            ("trade_goods", 0),
            ("commodities", 0),
            ("command_reinforcements", left - 8),
        ],
    }


def _strategy(cards: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The strategy cards of a result's ``cards``: slug -> (zone, owner)."""
    return {
        c["slug"]: (c["zone"], c["owner"])
        for c in cards.values()
        if c["type"] == st.STRATEGY_CARD
    }


def test_the_strategy_area_is_counted_until_its_cards_are_needed() -> None:
    players = [{"name": "Alice"}, {"name": "Bob", "strategy_cards": ["politics"]}]
    result = run_scenario(_scenario(players=players))
    state: Any = result.state
    assert _strategy(state["cards"]) == {"politics": ("play", "Bob")}
    others = [slug for slug in data.STRATEGY_CARDS if slug != "politics"]
    assert state["board"]["strategy_area"] == others  # initiative order
    assert state["zones"]["strategy_area"] == dict.fromkeys(sorted(others), 1)
    assert state["players"]["Bob"]["strategy_cards"] == [
        {"card": "politics", "exhausted": False}
    ]


def test_choosing_a_strategy_card_makes_the_area_cards() -> None:
    scenario = _scenario(
        phase="agenda",
        players=[{"name": "Alice", "speaker": True}, {"name": "Bob"}],
        board={"custodians": True},
        steps=[
            {"advance": "strategy"},
            {"player": "Alice", "choose": "warfare"},
            {"player": "Bob", "choose": "leadership"},
        ],
    )
    game, result = play(Scenario.parse(scenario))
    assert [s.status for s in result.steps] == ["accepted"] * 3
    state: Any = result.state
    found = _strategy(state["cards"])
    assert found.pop("warfare") == ("play", "Alice")
    assert found.pop("leadership") == ("play", "Bob")
    assert found == {slug: ("strategy_area", "") for slug in found}
    assert len(found) == 6
    # The area was made cards at once, in initiative order: ids do not depend
    # on which card was chosen first.
    made = [c.slug for c in game.cards.values() if c.slug in data.STRATEGY_CARDS]
    assert made == list(data.STRATEGY_CARDS)
    area = [slug for slug in data.STRATEGY_CARDS if slug in found]
    assert state["board"]["strategy_area"] == area
    assert all(c.token_count("trade_goods") == 1 for c in st.strategy_area_cards(game))
    assert game.stock_count(st.STRATEGY_AREA) == 6


def test_cards_returned_to_the_strategy_area_lie_below_the_counted_ones() -> None:
    players = [
        {"name": "Alice", "speaker": True, "strategy_cards": ["trade"]},
        {"name": "Bob", "strategy_cards": ["politics"]},
    ]
    steps = [{"advance": "status"}, {"advance": "agenda"}, {"advance": "strategy"}]
    scenario = _scenario(players=players, board={"custodians": True}, steps=steps)
    back = ["leadership", "diplomacy", "construction", "warfare", "technology"]
    back += ["imperial", "politics", "trade"]
    scenario["steps"] = steps[:2]
    state: Any = run_scenario(scenario).state
    assert state["board"]["strategy_area"] == back
    scenario["steps"] = [
        *steps,
        {"player": "Alice", "choose": "imperial"},
        {"player": "Bob", "choose": "diplomacy"},
    ]
    result = run_scenario(scenario)
    assert result.log[-1].message.endswith(
        "nobody chose: Leadership, Construction, Warfare, Technology, Politics, Trade"
    )
