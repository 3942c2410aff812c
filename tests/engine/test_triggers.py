"""Triggered abilities: reactions, forced triggers, cancels, ordering, prompts."""

from __future__ import annotations

from oracle.engine import Result

from .helpers import card, gold, messages, player, run, state, statuses


def strike(target: str = "Bob/knight") -> dict[str, object]:
    """Alice plays Strike on a target."""
    return {"player": "Alice", "play": "strike", "targets": {"target": target}}


def test_reaction_answers_each_of_its_triggering_events() -> None:
    result = run(
        player("Alice", play=["watcher", "well"], hand=["bargain"], deck=["soldier"]),
        steps=[
            {"player": "Alice", "use": "well"},
            {"player": "Alice", "use": "watcher"},
            {
                "player": "Alice",
                "play": "bargain",
                "targets": {"target": "draw a card"},
            },
            {"player": "Alice", "use": "watcher"},
        ],
    )
    assert statuses(result) == ["accepted"] * 4
    assert card(result, "watcher")["tokens"] == {"power": 2}
    windows = [
        d.window for d in result.decisions if d.options == ("Alice/watcher: Watch",)
    ]
    assert windows == ["reaction:gain", "reaction:draw"]


def test_unanswered_reaction_window_is_passed() -> None:
    result = run(
        player("Alice", play=["watcher", "well"]),
        steps=[{"player": "Alice", "use": "well"}],
    )
    assert card(result, "watcher")["tokens"] == {}
    assert [d.window for d in result.decisions] == ["reaction:gain"]


def test_explicit_pass_is_accepted_and_logged() -> None:
    result = run(
        player("Alice", play=["watcher", "well"]),
        steps=[{"player": "Alice", "use": "well"}, {"player": "Alice", "pass": True}],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert messages(result)[-1] == "Alice passes"


def test_forced_reaction_resolves_without_a_choice() -> None:
    result = run(
        player("Alice", hand=["ambush"]),
        player("Bob", play=["tripwire"]),
        steps=[{"player": "Alice", "play": "ambush"}],
    )
    assert card(result, "ambush")["exhausted"] is True
    assert "Bob springs Tripwire on Ambush" in messages(result)


def test_forced_interrupt_resolves_before_the_change() -> None:
    result = run(
        player("Alice", hand=["strike"]),
        player("Bob", play=["martyr"]),
        steps=[strike("Bob/martyr")],
    )
    assert gold(result, "Bob") == 1
    log = messages(result)
    assert log.index("Bob gains 1 gold") < log.index("Alice discards Martyr")


def test_cancel_interrupt_cancels_the_event() -> None:
    result = run(
        player("Alice", hand=["strike"]),
        player("Bob", hand=["block"], play=["knight"]),
        steps=[strike(), {"player": "Bob", "play": "block"}],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert state(result)["players"]["Bob"]["play"] == ["knight"]
    assert state(result)["players"]["Alice"]["discard"] == ["strike"]
    assert messages(result) == [
        "Alice plays Strike to discard Knight",
        "Bob plays Block to cancel Strike",
        "Bob cancels Strike",
    ]
    cancel = [d for d in result.decisions if d.window == "cancel:play"]
    assert [(d.player, d.options) for d in cancel] == [("Bob", ("Bob/block@hand",))]


def test_cancel_window_looks_again_so_a_cancel_can_be_cancelled() -> None:
    result = run(
        player("Alice", hand=["strike", "counter"]),
        player("Bob", hand=["block", "block"], play=["knight"]),
        steps=[
            strike(),
            {"player": "Bob", "play": "block"},
            {"player": "Alice", "play": "counter"},
            {"player": "Bob", "play": "block"},
        ],
    )
    assert statuses(result) == ["accepted"] * 4
    assert messages(result) == [
        "Alice plays Strike to discard Knight",
        "Bob plays Block to cancel Strike",
        "Alice plays Counter to stop the cancel of Strike",
        "Alice cancels the cancel of Strike",
        "Bob plays Block to cancel Strike",
        "Bob cancels Strike",
    ]
    assert state(result)["players"]["Bob"]["play"] == ["knight"]
    windows = [(d.player, d.window, d.options) for d in result.decisions]
    assert windows[:3] == [
        ("Alice", "target:target", ("Bob/knight",)),
        ("Bob", "cancel:play", ("Bob/block@hand#1", "Bob/block@hand#2")),
        ("Alice", "cancel:cancel", ("Alice/counter@hand",)),
    ]
    assert ("Bob", "cancel:play", ("Bob/block@hand",)) in windows


def test_cancelled_cancel_lets_the_event_resolve() -> None:
    result = run(
        player("Alice", hand=["strike", "counter"]),
        player("Bob", hand=["block"], play=["knight"]),
        steps=[
            strike(),
            {"player": "Bob", "play": "block"},
            {"player": "Alice", "play": "counter"},
        ],
    )
    assert state(result)["players"]["Bob"]["discard"] == ["block", "knight"]


def test_response_not_legal_in_the_window_is_rejected_later() -> None:
    result = run(
        player("Alice", hand=["strike"]),
        player("Bob", hand=["counter"], play=["knight"]),
        steps=[strike(), {"player": "Bob", "play": "counter"}],
    )
    assert statuses(result) == ["accepted", "rejected"]
    assert result.steps[1].reason == "Counter can only be used in response"


def test_optional_trigger_asks_yes_or_no() -> None:
    draw = {"player": "Alice", "play": "bargain", "targets": {"target": "draw a card"}}
    base = {"hand": ["bargain"], "play": ["scout"], "deck": ["soldier"]}
    yes = run(
        player("Alice", **base), steps=[draw, {"player": "Alice", "choose": "yes"}]
    )
    no = run(
        player("Alice", **base), steps=[draw, {"player": "Alice", "choose": False}]
    )
    silent = run(player("Alice", **base), steps=[draw])
    assert (gold(yes, "Alice"), gold(no, "Alice"), gold(silent, "Alice")) == (1, 0, 0)
    asked = [d for d in yes.decisions if d.window == "optional:Scout"]
    assert asked[0].options == ("yes", "no")


def test_automatic_order_for_simultaneous_non_interactive_triggers() -> None:
    result = run(
        player("Alice", play=["chime", "chime"]), steps=[{"advance": "combat"}]
    )
    assert not [d for d in result.decisions if d.window.startswith("order:")]
    assert [card(result, "chime", n)["tokens"] for n in (0, 1)] == [{"chime": 1}] * 2


def test_interactive_trigger_lets_its_controller_order_them() -> None:
    result = run(
        player("Alice", play=["chime", "echo"]),
        steps=[
            {"advance": "combat"},
            {"player": "Alice", "choose": ["Alice/echo", "Alice/chime"]},
        ],
    )
    order = [d for d in result.decisions if d.window.startswith("order:")]
    assert order[0].options == ("Alice/chime", "Alice/echo")
    log = messages(result)
    assert log.index("Alice places 1 echo token on Echo") < log.index(
        "Alice places 1 chime token on Chime"
    )


def test_triggers_of_several_players_resolve_in_seat_order_from_active() -> None:
    result = run(
        player("Alice", play=["chime"]),
        player("Bob", play=["chime"]),
        active_player="Bob",
        steps=[{"advance": "combat"}],
    )
    log = [m for m in messages(result) if "chime" in m]
    assert log == [
        "Bob places 1 chime token on Chime",
        "Alice places 1 chime token on Chime",
    ]


def test_prompt_queue_asks_higher_priority_first_in_stable_order() -> None:
    result = run(
        player("Alice", play=["census"]),
        player("Bob"),
        steps=[
            {"player": "Alice", "use": "census"},
            {"player": "Alice", "choose": "y"},
            {"player": "Bob", "choose": "x"},
            {"player": "Alice", "choose": "b"},
            {"player": "Bob", "choose": "a"},
        ],
    )
    asked = [(d.player, d.window) for d in result.decisions]
    assert asked == [
        ("Alice", "census:high"),
        ("Bob", "census:high"),
        ("Alice", "census:low"),
        ("Bob", "census:low"),
    ]
    assert state(result)["board"]["census"] == ["Alice:y", "Bob:x", "Alice:b", "Bob:a"]


def test_answer_that_is_not_an_option_is_rejected_and_the_default_taken() -> None:
    result = run(
        player("Alice", play=["census"]),
        player("Bob"),
        steps=[
            {"player": "Alice", "use": "census"},
            {"player": "Alice", "choose": "z"},
        ],
    )
    assert statuses(result) == ["accepted", "rejected"]
    assert result.steps[1].reason == "z is not one of the options (x, y)"
    assert result.steps[1].rules == ("R12",)
    assert state(result)["board"]["census"][0] == "Alice:x"


def test_choose_without_a_pending_decision_is_rejected() -> None:
    result = run(player("Alice"), steps=[{"player": "Alice", "choose": "x"}])
    assert (result.steps[0].reason, result.steps[0].rules) == (
        "no decision is pending for Alice",
        ("R12",),
    )


def test_pack_window_offers_its_actions_when_opened() -> None:
    result = run(
        player("Alice", play=["quickdraw"]),
        player("Bob", play=["quickdraw"]),
        steps=[{"advance": "combat"}, {"player": "Bob", "use": "quickdraw"}],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert gold(result, "Bob") == 1
    window = [d for d in result.decisions if d.window == "window:duel"]
    assert [(d.player, d.options) for d in window][:2] == [
        ("Alice", ("Alice/quickdraw",)),
        ("Bob", ("Bob/quickdraw",)),
    ]


def test_window_action_is_illegal_outside_its_window() -> None:
    result = run(
        player("Alice", play=["quickdraw"]),
        steps=[{"player": "Alice", "use": "quickdraw"}],
    )
    assert (result.steps[0].reason, result.steps[0].rules) == (
        "Quickdraw can only be used in duel",
        ("R2a",),
    )


def test_rule_ability_enforces_the_hand_limit_with_its_citation() -> None:
    result = run(
        player(
            "Alice",
            hand=["bargain", "soldier", "knight", "sage"],
            deck=["peasant"],
        ),
        steps=[
            {
                "player": "Alice",
                "play": "bargain",
                "targets": {"target": "draw a card"},
            },
            {"player": "Alice", "choose": ["Alice/sage@hand"]},
        ],
    )
    assert state(result)["players"]["Alice"]["hand"] == ["soldier", "knight", "peasant"]
    entry = next(e for e in result.log if e.message == "Alice discards Sage")
    assert entry.rules == ("R4",)


def test_player_effect_raises_the_hand_limit() -> None:
    result = run(
        player(
            "Alice",
            hand=["bargain", "soldier", "knight", "sage"],
            deck=["peasant"],
            play=["library"],
        ),
        steps=[
            {"player": "Alice", "play": "bargain", "targets": {"target": "draw a card"}}
        ],
    )
    assert len(state(result)["players"]["Alice"]["hand"]) == 4


def test_interrupt_is_offered_before_the_change() -> None:
    result = run(
        player("Alice", hand=["strike"]),
        player("Bob", play=["vigil"]),
        steps=[strike("Bob/vigil"), {"player": "Bob", "use": "vigil"}],
    )
    assert statuses(result) == ["accepted", "accepted"]
    window = [
        (d.player, d.options)
        for d in result.decisions
        if d.window == "interrupt:discard"
    ]
    assert window == [("Bob", ("Bob/vigil",))]
    log = messages(result)
    assert log.index("Bob gains 1 gold") < log.index("Alice discards Vigil")


def test_optional_forced_interrupt_asks_yes_or_no_before_the_change() -> None:
    def bob_answers(*answer: str) -> Result:
        steps = [strike("Bob/oath")] + [{"player": "Bob", "choose": a} for a in answer]
        return run(
            player("Alice", hand=["strike"]), player("Bob", play=["oath"]), steps=steps
        )

    yes, no, silent = bob_answers("yes"), bob_answers("no"), bob_answers()
    assert (gold(yes, "Bob"), gold(no, "Bob"), gold(silent, "Bob")) == (1, 0, 0)
    asked = [
        (d.player, d.options) for d in yes.decisions if d.window == "optional:Oath"
    ]
    assert asked == [("Bob", ("yes", "no"))]
    log = messages(yes)
    assert log.index("Bob gains 1 gold") < log.index("Alice discards Oath")
    assert state(no)["players"]["Bob"]["discard"] == ["oath"]


def test_repeatable_reaction_answers_one_event_up_to_its_limit() -> None:
    use = {"player": "Alice", "use": "bellows"}
    result = run(
        player("Alice", play=["bellows", "well"]),
        steps=[{"player": "Alice", "use": "well"}, use, use, use],
    )
    # One gain, two uses (the limit); the third is no longer offered.
    assert statuses(result) == ["accepted", "accepted", "accepted", "rejected"]
    assert card(result, "bellows")["tokens"] == {"power": 2}
    windows = [d.window for d in result.decisions]
    assert windows == ["reaction:gain", "reaction:gain"]


def test_multiple_choice_reaction_offers_its_options_and_may_be_declined() -> None:
    draw = {"player": "Alice", "play": "bargain", "targets": {"target": "draw a card"}}
    base = {"play": ["crier"], "hand": ["bargain"], "deck": ["soldier"]}
    chosen = run(
        player("Alice", **base),
        steps=[
            draw,
            {
                "player": "Alice",
                "use": "crier",
                "targets": {"target": "place a power token"},
            },
        ],
    )
    declined = run(
        player("Alice", **base), steps=[draw, {"player": "Alice", "pass": True}]
    )
    assert statuses(chosen) == ["accepted", "accepted"]
    offered = [d.options for d in chosen.decisions if d.player == "Alice"]
    assert offered[-2:] == [
        ("Alice/crier: Cry",),
        ("gain 1 gold", "place a power token"),
    ]
    assert (card(chosen, "crier")["tokens"], gold(chosen, "Alice")) == ({"power": 1}, 0)
    assert (card(declined, "crier")["tokens"], gold(declined, "Alice")) == ({}, 0)


def test_interactive_decided_by_a_function_asks_for_an_order_only_when_it_holds() -> (
    None
):
    def combat(*play: str) -> Result:
        return run(player("Alice", play=list(play)), steps=[{"advance": "combat"}])

    def orders(result: Result) -> list[tuple[str, ...]]:
        return [d.options for d in result.decisions if d.window.startswith("order:")]

    assert orders(combat("chime", "relay")) == []
    assert orders(combat("chime", "relay", "soldier")) == [
        ("Alice/chime", "Alice/relay")
    ]
