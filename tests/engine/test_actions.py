"""Actions: conditions, costs, targets, options, default targets, messages."""

from __future__ import annotations

from .helpers import card, gold, messages, player, run, state, statuses, strength


def test_action_with_false_condition_is_rejected_and_pays_no_cost() -> None:
    result = run(
        player("Alice", play=["tower"], resources={"gold": 1}),
        steps=[{"player": "Alice", "use": "tower"}],
    )
    step = result.steps[0]
    assert (step.status, step.reason, step.rules) == (
        "rejected",
        "the condition of Tower is not met",
        ("R7",),
    )
    assert card(result, "tower")["exhausted"] is False
    assert gold(result, "Alice") == 1


def test_action_with_true_condition_pays_its_single_cost() -> None:
    result = run(
        player("Alice", play=["tower"], resources={"gold": 3}),
        steps=[{"player": "Alice", "use": "tower"}],
    )
    assert statuses(result) == ["accepted"]
    assert card(result, "tower")["exhausted"] is True
    assert gold(result, "Alice") == 4


def test_action_with_several_costs_pays_them_all() -> None:
    result = run(
        player("Alice", play=["forge"], resources={"gold": 2}),
        steps=[{"player": "Alice", "use": "forge"}],
    )
    assert card(result, "forge")["exhausted"] is True
    assert state(result)["players"]["Alice"]["resources"] == {"gold": 0, "steel": 1}


def test_unpayable_cost_rejects_the_action_and_pays_nothing() -> None:
    result = run(
        player("Alice", play=["forge"], resources={"gold": 1}),
        steps=[{"player": "Alice", "use": "forge"}],
    )
    step = result.steps[0]
    assert step.reason == "Alice cannot pay the cost of Forge (pay gold)"
    assert step.rules == ("R8",)
    assert card(result, "forge")["exhausted"] is False
    assert gold(result, "Alice") == 1


def test_filtered_target_offers_only_matching_cards() -> None:
    result = run(
        player("Alice", play=["sniper", "knight"]),
        player("Bob", play=["soldier", "knight", "lone-wolf", "banner"]),
        steps=[
            {"player": "Alice", "use": "sniper", "targets": {"target": "Bob/knight"}}
        ],
    )
    offered = [d for d in result.decisions if d.window == "target:target"]
    assert offered[0].options == ("Bob/soldier", "Bob/knight")
    assert state(result)["players"]["Bob"]["discard"] == ["knight"]


def test_illegal_named_target_is_rejected_with_the_target_rule() -> None:
    result = run(
        player("Alice", play=["sniper"]),
        player("Bob", play=["lone-wolf"]),
        steps=[
            {"player": "Alice", "use": "sniper", "targets": {"target": "Bob/lone-wolf"}}
        ],
    )
    assert result.steps[0].reason == "Sniper has no legal target"
    result = run(
        player("Alice", play=["sniper"]),
        player("Bob", play=["lone-wolf", "soldier"]),
        steps=[
            {"player": "Alice", "use": "sniper", "targets": {"target": "Bob/lone-wolf"}}
        ],
    )
    assert result.steps[0].reason == "Bob/lone-wolf is not a legal target for Sniper"
    assert result.steps[0].rules == ("R10",)
    assert card(result, "sniper")["exhausted"] is False


def test_game_action_legality_filters_targets() -> None:
    result = run(
        player(
            "Alice",
            hand=["wake"],
            play=[{"card": "knight", "exhausted": True}, "soldier"],
        ),
        steps=[{"player": "Alice", "play": "wake"}],
    )
    offered = [d for d in result.decisions if d.window == "target:target"]
    assert offered[0].options == ("Alice/knight",)
    assert card(result, "knight")["exhausted"] is False


def test_several_named_targets_are_chosen_and_used_by_name() -> None:
    result = run(
        player("Alice", hand=["swap"], play=["soldier"]),
        player("Bob", play=["knight"]),
        steps=[
            {
                "player": "Alice",
                "play": "swap",
                "targets": {"mine": "Alice/soldier", "theirs": "Bob/knight"},
            }
        ],
    )
    assert strength(result, "soldier") == 2
    assert strength(result, "knight") == 1
    assert "Alice plays Swap to strengthen Soldier and weaken Knight" in messages(
        result
    )


def test_option_choice_offers_only_legal_options() -> None:
    result = run(
        player("Alice", hand=["bargain"], resources={"gold": 1}),
        steps=[
            {"player": "Alice", "play": "bargain"},
            {"player": "Alice", "choose": "gain 2 gold"},
        ],
    )
    offered = [d for d in result.decisions if d.window == "target:target"]
    assert offered[0].options == ("gain 2 gold",)
    assert gold(result, "Alice") == 3
    assert "Alice plays Bargain to gain 2 gold" in messages(result)


def test_option_legal_by_game_action_and_by_condition() -> None:
    result = run(
        player("Alice", hand=["bargain"], deck=["soldier"], resources={"gold": 3}),
        steps=[
            {"player": "Alice", "play": "bargain", "targets": {"target": "draw a card"}}
        ],
    )
    offered = [d for d in result.decisions if d.window == "target:target"]
    assert offered[0].options == ("gain 2 gold", "draw a card", "gain 5 gold if rich")
    assert state(result)["players"]["Alice"]["hand"] == ["soldier"]


def test_choosing_an_illegal_option_is_rejected() -> None:
    result = run(
        player("Alice", hand=["bargain"]),
        steps=[
            {"player": "Alice", "play": "bargain", "targets": {"target": "draw a card"}}
        ],
    )
    assert statuses(result) == ["rejected"]
    assert state(result)["players"]["Alice"]["hand"] == ["bargain"]


def test_game_action_without_target_defaults_to_its_source() -> None:
    result = run(
        player("Alice", play=["rest"]), steps=[{"player": "Alice", "use": "rest"}]
    )
    assert card(result, "rest")["exhausted"] is True
    assert messages(result) == ["Alice uses Rest", "Alice exhausts Rest"]


def test_action_that_cannot_be_fully_resolved_is_rejected() -> None:
    result = run(
        player("Alice", play=[{"card": "rest", "exhausted": True}]),
        steps=[{"player": "Alice", "use": "rest"}],
    )
    assert (result.steps[0].reason, result.steps[0].rules) == (
        "Rest cannot be fully resolved",
        ("R11",),
    )


def test_message_arguments_are_rendered_from_the_context() -> None:
    result = run(
        player("Alice", play=["herald"], hand=["soldier", "knight"]),
        steps=[{"player": "Alice", "use": "herald"}],
    )
    assert messages(result) == [
        "Alice exhausts Herald",
        "Alice uses Herald to gain 3 gold for Soldier and Knight",
        "Alice gains 3 gold",
    ]
    assert gold(result, "Alice") == 3


def test_card_without_an_action_is_rejected_with_the_timing_rule() -> None:
    result = run(
        player("Alice"),
        player("Bob", hand=["block"]),
        steps=[{"player": "Bob", "play": "block"}],
    )
    step = result.steps[0]
    assert (step.reason, step.rules) == ("Block can only be used in response", ("R3",))


def test_playing_a_card_the_player_does_not_have_is_rejected() -> None:
    result = run(player("Alice"), steps=[{"player": "Alice", "play": "strike"}])
    assert (result.steps[0].reason, result.steps[0].rules) == (
        "Alice has no Strike to use",
        ("R1",),
    )


def test_player_restriction_forbids_playing_events() -> None:
    result = run(
        player("Alice", play=["silence"]),
        player("Bob", hand=["strike"], play=["soldier"]),
        steps=[{"player": "Bob", "play": "strike"}],
    )
    assert result.steps[0].reason == "Bob cannot play events while Silence is in play"
    assert result.steps[0].rules == ("R20",)


def test_pack_rule_check_refuses_with_its_rule() -> None:
    result = run(
        player("Alice", play=["well"]),
        phase="end",
        steps=[{"player": "Alice", "use": "well"}],
    )
    assert (result.steps[0].reason, result.steps[0].rules) == (
        "Alice cannot take actions in the end phase",
        ("R5",),
    )


def test_player_target_offers_only_players_the_action_can_affect() -> None:
    result = run(
        player("Alice", play=["levy"]),
        player("Bob", resources={"gold": 2}),
        player("Carol"),
        steps=[{"player": "Alice", "use": "levy"}],
    )
    offered = [d for d in result.decisions if d.window == "target:target"]
    assert offered[0].options == ("Bob",)
    assert gold(result, "Bob") == 1
    assert messages(result)[:2] == ["Alice uses Levy to tax Bob", "Bob pays 1 gold"]


def test_naming_a_target_the_ability_does_not_have_is_rejected() -> None:
    result = run(
        player("Alice", play=["well"]),
        steps=[{"player": "Alice", "use": "well", "targets": {"unit": "x"}}],
    )
    assert (result.steps[0].reason, result.steps[0].rules) == (
        "Well has no target called unit",
        ("R10",),
    )
    assert gold(result, "Alice") == 0


def test_choosing_an_action_by_title() -> None:
    result = run(
        player("Alice", play=["crossroads"], deck=["knight"]),
        steps=[
            {"player": "Alice", "use": "crossroads", "ability": "Study"},
            {"player": "Alice", "use": "crossroads"},
            {"player": "Alice", "use": "crossroads", "ability": "Nap"},
        ],
    )
    # The title picks the second action; without one the first usable is used.
    assert statuses(result) == ["accepted", "accepted", "rejected"]
    assert state(result)["players"]["Alice"]["hand"] == ["knight"]
    assert gold(result, "Alice") == 1
    assert result.steps[2].reason == "Crossroads has no ability to use"


def test_opponent_chooses_the_target() -> None:
    result = run(
        player("Alice", play=["tribute"]),
        player("Bob", play=["soldier", "knight"]),
        steps=[
            {"player": "Alice", "use": "tribute"},
            {"player": "Bob", "choose": "Bob/knight"},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    asked = [(d.player, d.window, d.options) for d in result.decisions]
    assert asked == [("Bob", "target:target", ("Bob/soldier", "Bob/knight"))]
    assert state(result)["players"]["Bob"]["discard"] == ["knight"]


def test_counter_cost_removes_tokens_and_refuses_without_enough() -> None:
    result = run(
        player("Alice", play=[{"card": "reactor", "tokens": {"charge": 3}}]),
        steps=[{"player": "Alice", "use": "reactor"}] * 2,
    )
    assert statuses(result) == ["accepted", "rejected"]
    assert (result.steps[1].reason, result.steps[1].rules) == (
        "Alice cannot pay the cost of Reactor (remove charge)",
        ("R8",),
    )
    assert card(result, "reactor")["tokens"] == {"charge": 1}
    assert gold(result, "Alice") == 1


def test_cost_exhausting_the_attached_card() -> None:
    result = run(
        player("Alice", play=[{"card": "knight", "attachments": ["reins"]}]),
        steps=[{"player": "Alice", "use": "reins"}] * 2,
    )
    assert statuses(result) == ["accepted", "rejected"]
    assert result.steps[1].reason == (
        "Alice cannot pay the cost of Reins (exhaust the attached card)"
    )
    assert card(result, "knight")["exhausted"] is True
    assert card(result, "reins")["exhausted"] is False
    assert gold(result, "Alice") == 1


def test_sacrifice_cost_discards_the_source_before_the_effect() -> None:
    result = run(
        player("Alice", play=["fuse"]), steps=[{"player": "Alice", "use": "fuse"}]
    )
    assert state(result)["players"]["Alice"]["discard"] == ["fuse"]
    assert gold(result, "Alice") == 2
    assert messages(result) == [
        "Alice discards Fuse",
        "Alice uses Fuse",
        "Alice gains 2 gold",
    ]


def test_return_to_hand_game_action_moves_the_target_to_its_owners_hand() -> None:
    result = run(
        player("Alice", hand=["recall"], play=["knight"]),
        player("Bob", play=["knight"]),
        steps=[{"player": "Alice", "play": "recall"}],
    )
    offered = [d for d in result.decisions if d.window == "target:target"]
    assert offered[0].options == ("Alice/knight",)
    alice = state(result)["players"]["Alice"]
    assert (alice["hand"], alice["play"]) == (["knight"], [])
    assert "Alice returns Knight to hand" in messages(result)


def test_attach_game_action_hangs_the_source_under_the_chosen_card() -> None:
    result = run(
        player("Alice", hand=["saddle"], play=["knight"]),
        steps=[
            {"player": "Alice", "use": "saddle", "targets": {"target": "Alice/knight"}}
        ],
    )
    knight, saddle = card(result, "knight"), card(result, "saddle")
    knight_id = next(
        i for i, c in state(result)["cards"].items() if c["slug"] == "knight"
    )
    assert saddle["zone"] == "play" and saddle["parent"] == knight_id
    assert len(knight["attachments"]) == 1
    assert "Alice attaches Saddle to Knight" in messages(result)
