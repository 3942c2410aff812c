"""Game actions that move cards, tokens and resources, and several as one."""

from __future__ import annotations

from .helpers import card, gold, messages, player, run, state, statuses


def play(slug: str, **targets: str) -> dict[str, object]:
    step: dict[str, object] = {"player": "Alice", "play": slug}
    if targets:
        step["targets"] = targets
    return step


def test_discard_the_top_cards_of_a_deck() -> None:
    result = run(
        player("Alice", hand=["mill"]),
        player("Bob", deck=["knight", "soldier", "peasant"]),
        steps=[play("mill")],
    )
    assert statuses(result) == ["accepted"]
    bob = state(result)["players"]["Bob"]
    assert (bob["discard"], bob["deck"]) == (["knight", "soldier"], ["peasant"])
    assert "Bob discards the top 2 cards of their deck" in messages(result)
    empty = run(player("Alice", hand=["mill"]), player("Bob"), steps=[play("mill")])
    assert statuses(empty) == ["rejected"]
    assert empty.steps[0].reason == "Mill cannot be fully resolved"


def test_shuffle_into_deck_as_one_action() -> None:
    result = run(
        player("Alice", hand=["banish"]),
        player("Bob", play=["knight"], deck=["soldier", "peasant", "sage"]),
        steps=[play("banish", target="Bob/knight")],
    )
    assert statuses(result) == ["accepted"]
    bob = state(result)["players"]["Bob"]
    assert bob["play"] == []
    assert sorted(bob["deck"]) == ["knight", "peasant", "sage", "soldier"]
    assert "Alice shuffles Knight into Bob's deck" in messages(result)
    shuffle = [e for e in result.log if e.event == "shuffle_into_deck"]
    assert len(shuffle) == 1


def test_take_control_of_a_card() -> None:
    result = run(
        player("Alice", hand=["seduce"]),
        player("Bob", play=[{"card": "knight", "tokens": {"bounty": 1}}]),
        steps=[play("seduce", target="Bob/knight")],
    )
    assert statuses(result) == ["accepted"]
    knight = card(result, "knight")
    assert (knight["owner"], knight["controller"]) == ("Bob", "Alice")
    assert knight["tokens"] == {"bounty": 1}
    assert state(result)["players"]["Alice"]["play"] == ["knight"]
    assert state(result)["players"]["Bob"]["play"] == []
    assert "Alice takes control of Knight" in messages(result)


def test_move_tokens_from_one_card_to_another_as_one_action() -> None:
    result = run(
        player("Alice", hand=["siphon"], play=["soldier"]),
        player("Bob", play=[{"card": "knight", "tokens": {"bounty": 2}}]),
        steps=[play("siphon", target="Bob/knight", destination="Alice/soldier")],
    )
    assert statuses(result) == ["accepted"]
    assert card(result, "knight")["tokens"] == {"bounty": 1}
    assert card(result, "soldier")["tokens"] == {"bounty": 1}
    assert "Alice moves 1 bounty token from Knight to Soldier" in messages(result)
    assert [e.event for e in result.log].count("move_tokens") == 1


def test_transfer_a_resource_between_players_as_one_action() -> None:
    def taxed(bob_gold: int) -> object:
        return run(
            player("Alice", hand=["tax"], resources={"gold": 1}),
            player("Bob", resources={"gold": bob_gold}),
            steps=[play("tax")],
        )

    result = taxed(3)
    assert statuses(result) == ["accepted"]
    assert (gold(result, "Alice"), gold(result, "Bob")) == (3, 1)
    assert "Bob gives 2 gold to Alice" in messages(result)
    poor = taxed(1)
    assert statuses(poor) == ["rejected"]
    assert (gold(poor, "Alice"), gold(poor, "Bob")) == (1, 1)


def test_several_game_actions_resolved_as_one() -> None:
    volley = play("volley", target="Bob/knight")
    hands = (
        player("Alice", hand=["volley"]),
        player("Bob", hand=["parry"], play=["knight"]),
    )
    done = run(*hands, steps=[volley])
    assert statuses(done) == ["accepted"]
    assert state(done)["players"]["Bob"]["discard"] == ["knight"]
    assert gold(done, "Alice") == 2
    # One event: one cancel window offers Parry once, for both changes.
    windows = [d.window for d in done.decisions if d.player == "Bob"]
    assert windows.count("cancel:volley") == 1
    parried = run(*hands, steps=[volley, {"player": "Bob", "play": "parry"}])
    assert statuses(parried) == ["accepted", "accepted"]
    assert state(parried)["players"]["Bob"]["play"] == ["knight"]
    assert gold(parried, "Alice") == 0


def test_shuffle_a_deck_as_a_game_action() -> None:
    deck = ["knight", "soldier", "peasant", "sage", "ambush", "phoenix"]
    result = run(
        player("Alice", hand=["riffle"]),
        player("Bob", deck=deck),
        steps=[play("riffle")],
    )
    assert statuses(result) == ["accepted"]
    shuffled = state(result)["players"]["Bob"]["deck"]
    assert sorted(shuffled) == sorted(deck)
    assert shuffled != deck  # the seeded order of this scenario differs
    assert "Bob shuffles their deck" in messages(result)


def test_a_save_stops_a_discard_but_not_one_that_cannot_be_saved() -> None:
    bob = player("Bob", hand=["shield"], play=["knight"])
    smite = play("smite", target="Bob/knight")
    saved = run(
        player("Alice", hand=["smite"]),
        bob,
        steps=[smite, {"player": "Bob", "play": "shield"}],
    )
    assert statuses(saved) == ["accepted", "accepted"]
    assert state(saved)["players"]["Bob"]["play"] == ["knight"]
    assert "Bob plays Shield to save Knight" in messages(saved)
    execute = play("execute", target="Bob/knight")
    unsaved = run(player("Alice", hand=["execute"]), bob, steps=[execute])
    assert statuses(unsaved) == ["accepted"]
    assert state(unsaved)["players"]["Bob"]["discard"] == ["knight"]
    assert all(d.window != "cancel:discard" for d in unsaved.decisions)


def test_remove_a_card_from_the_game_save_allowed() -> None:
    exile = play("exile", target="Bob/knight")
    removed = run(
        player("Alice", hand=["exile"]), player("Bob", play=["knight"]), steps=[exile]
    )
    assert statuses(removed) == ["accepted"]
    assert state(removed)["players"]["Bob"]["removed"] == ["knight"]
    assert card(removed, "knight")["zone"] == "removed"
    assert "Alice removes Knight from the game" in messages(removed)
    saved = run(
        player("Alice", hand=["exile"]),
        player("Bob", hand=["shield"], play=["knight"]),
        steps=[exile, {"player": "Bob", "play": "shield"}],
    )
    assert state(saved)["players"]["Bob"]["play"] == ["knight"]


def test_put_into_play_paying_its_cost_as_effects_reduce_it() -> None:
    hire = {"player": "Alice", "use": "mercenary"}
    full = run(player("Alice", hand=["mercenary"], resources={"gold": 2}), steps=[hire])
    assert statuses(full) == ["accepted"]
    assert gold(full, "Alice") == 0
    assert state(full)["players"]["Alice"]["play"] == ["mercenary"]
    # Discount lowers the cost of cards in hand by 1: 1 gold is enough.
    reduced = run(
        player("Alice", hand=["mercenary"], play=["discount"], resources={"gold": 1}),
        steps=[hire],
    )
    assert statuses(reduced) == ["accepted"]
    assert gold(reduced, "Alice") == 0
    assert "Alice pays 1 gold" in messages(reduced)
    short = run(
        player("Alice", hand=["mercenary"], resources={"gold": 1}), steps=[hire]
    )
    assert statuses(short) == ["rejected"]
    assert short.steps[0].reason == "Alice cannot pay the cost of Mercenary (pay gold)"


def test_the_next_card_of_a_kind_costs_less() -> None:
    hire = {"player": "Alice", "use": "mercenary"}
    board = player(
        "Alice", hand=["haggle", "mercenary", "mercenary"], resources={"gold": 2}
    )
    result = run(board, steps=[play("haggle"), hire, hire])
    # The first Mercenary costs 1; the effect then ends: the second costs 2.
    assert statuses(result) == ["accepted", "accepted", "rejected"]
    assert gold(result, "Alice") == 1
    assert state(result)["lasting"] == []
    during = run(board, steps=[play("haggle")])
    assert state(during)["lasting"][0]["until"] == (
        "until the next unit is used or the end of the phase, whichever comes first"
    )


def test_search_the_top_cards_of_a_deck() -> None:
    search = play("prospect", target="Alice/knight@deck")
    deck = ["soldier", "knight", "sage", "peasant"]
    result = run(player("Alice", hand=["prospect"], deck=deck), steps=[search])
    assert statuses(result) == ["accepted"]
    # Only the top two are offered; the third unit is not.
    assert result.decisions[0].options == ("Alice/soldier@deck", "Alice/knight@deck")
    alice = state(result)["players"]["Alice"]
    assert alice["hand"] == ["knight"]
    assert sorted(alice["deck"]) == ["peasant", "sage", "soldier"]
    deep = run(
        player("Alice", hand=["prospect"], deck=deck),
        steps=[play("prospect", target="Alice/sage@deck")],
    )
    assert statuses(deep) == ["rejected"]
