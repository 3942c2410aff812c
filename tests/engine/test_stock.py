"""Stock zones: untouched cards are counted, and become instances only when
one leaves; results show stock zones as counts, and expectations count cards."""

from __future__ import annotations

import pytest

from oracle.engine import Pack
from oracle.engine.core.cards import CardDef
from oracle.engine.core.game import Game, stable_id

from .helpers import messages, player, run, state


def _game(seed: int = 0) -> Game:
    pack = Pack(
        "stocky",
        cards=[CardDef(slug, slug.title(), "unit") for slug in ("ant", "bee", "cat")],
        player_zones=("reserve",),
        shared_zones=("pile",),
        stock_zones=("reserve", "pile"),
    )
    return Game(pack, players=["Alice", "Bob"], seed=seed)


def test_counted_cards_are_no_instances_until_taken() -> None:
    game = _game()
    game.add_stock("reserve", {"ant": 3}, "Alice")
    assert game.cards == {}
    assert game.stock_count("reserve", "Alice", "ant") == 3
    assert game.stock_count("reserve", "Bob") == 0
    ant = game.take_from_stock("reserve", "ant", "Alice")
    assert ant is not None and ant.zone == "reserve" and ant.owner == "Alice"
    assert list(game.cards) == [ant.id]
    assert game.stock_of("reserve", "Alice") == {"ant": 3}  # still in the zone
    game.move(ant, "play", "Alice")
    assert game.stock_of("reserve", "Alice") == {"ant": 2}
    assert game.census() == {"ant": 3}


def test_taking_prefers_an_instance_already_in_the_zone() -> None:
    game = _game()
    game.add_stock("reserve", {"ant": 2}, "Alice")
    back = game.new_card("ant", "Alice", "play")
    game.move(back, "reserve", "Alice")
    assert game.take_from_stock("reserve", "ant", "Alice") is back
    assert len(game.cards) == 1
    assert game.take_from_stock("reserve", "bee", "Alice") is None


def test_a_draw_takes_the_instances_on_top_then_counted_cards_by_seed() -> None:
    def draws(seed: int) -> list[str]:
        game = _game(seed)
        game.new_card("cat", "", "pile", shared=True)
        game.add_stock("pile", {"ant": 5, "bee": 5})
        out = []
        while (card := game.draw_from_stock("pile")) is not None:
            game.move(card, "hand", "Alice")
            out.append(card.slug)
        assert game.census() == {"ant": 5, "bee": 5, "cat": 1}
        return out

    first = draws(7)
    assert first[0] == "cat"
    assert sorted(first[1:]) == ["ant"] * 5 + ["bee"] * 5
    assert draws(7) == first
    assert any(draws(seed) != first for seed in range(8, 12))


def test_only_declared_stock_zones_take_counts() -> None:
    game = _game()
    with pytest.raises(ValueError, match="not a stock zone"):
        game.add_stock("hand", {"ant": 1}, "Alice")
    pack = Pack("bad", stock_zones=("play",))
    assert pack.problems() == [
        "stock zone 'play' is not a hand, deck, discard or pack zone"
    ]


def test_result_shows_a_stock_zone_as_counts_and_counts_its_cards() -> None:
    result = run(
        player("Alice", play=["barracks"]),
        player("Bob"),
        steps=[{"player": "Alice", "use": "barracks"}],
        expect=[
            {"path": "players.Alice.reserve", "count": 1},
            {"path": "players.Bob.reserve", "count": 2},
            {"path": "players.Bob.reserve", "equals": {"soldier": 2}},
            {"path": "players.Alice.reserve.soldier", "equals": 1},
        ],
    )
    assert [e["passed"] for e in result.expect] == [True] * 4
    assert "Alice uses Barracks to recruit a Soldier" in messages(result)
    made = [c for c in state(result)["cards"].values() if c["slug"] == "soldier"]
    assert [c["zone"] for c in made] == ["play"]  # only the recruited one exists


def test_card_fields_left_out_still_answer_expectations() -> None:
    knight = stable_id(0, 1)  # the first card the scenario creates
    result = run(
        player("Alice", play=["knight"]),
        player("Bob"),
        expect=[
            {"path": f"cards.{knight}.exhausted", "equals": False},
            {"path": f"cards.{knight}.tokens", "count": 0},
            {"path": f"cards.{knight}.attachments", "count": 0},
            {"path": f"cards.{knight}.slug", "equals": "knight"},
        ],
    )
    assert "exhausted" not in state(result)["cards"][knight]
    assert [e["passed"] for e in result.expect] == [True] * 4


def test_log_entries_carry_the_step_that_caused_them() -> None:
    result = run(
        player("Alice", hand=["strike"]),
        player("Bob", hand=["block"], play=["knight"]),
        steps=[
            {"player": "Alice", "play": "strike", "targets": {"target": "Bob/knight"}},
            {"player": "Bob", "play": "block"},
        ],
    )
    steps = [(e.player, e.step) for e in result.log]
    assert steps[0] == ("Alice", 0)
    # Block answers Strike's window while step 0 runs: its entries are step 1's.
    assert ("Bob", 1) in steps
    assert {e.step for e in result.log} == {0, 1}
