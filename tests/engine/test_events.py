"""Events the engine raises of its own: windows, rounds, entering and leaving play."""

from __future__ import annotations

import pytest

from .helpers import card, gold, messages, player, run, statuses


def test_play_window_opening_and_closing_are_events() -> None:
    result = run(
        player("Alice", play=["bellman", "curfew"]), steps=[{"advance": "combat"}]
    )
    assert statuses(result) == ["accepted"]
    assert gold(result, "Alice") == 2
    found = [m for m in messages(result) if m.startswith("Alice gains 1 gold from")]
    assert found == [
        "Alice gains 1 gold from Bellman (window open)",
        "Alice gains 1 gold from Curfew (window close)",
    ]


@pytest.mark.parametrize(
    ("ending", "gained"), [("round", 1), ("phase", 0), ("turn", 0)]
)
def test_a_round_beginning_is_an_event(ending: str, gained: int) -> None:
    result = run(player("Alice", play=["dawn"]), steps=[{"end": ending}])
    assert statuses(result) == ["accepted"]
    assert gold(result, "Alice") == gained


LEAVING = [
    # (Alice's cards, Bob's cards, step): each takes Bob's unit out of play.
    (
        "smite",
        {"player": "Alice", "play": "smite", "targets": {"target": "Bob/knight"}},
    ),
    (
        "banish",
        {"player": "Alice", "play": "banish", "targets": {"target": "Bob/knight"}},
    ),
]


@pytest.mark.parametrize(("card", "step"), LEAVING)
def test_one_event_for_a_card_leaving_play_whatever_the_way(
    card: str, step: dict[str, object]
) -> None:
    result = run(
        player("Alice", hand=[card], play=["mourner"]),
        player("Bob", play=["knight"]),
        steps=[step],
    )
    assert statuses(result) == ["accepted"]
    assert gold(result, "Alice") == 1
    assert "Alice gains 1 gold from Mourner (leaves play)" in messages(result)


def test_one_event_for_a_card_returning_to_hand_or_entering_play() -> None:
    recall = {
        "player": "Alice",
        "play": "recall",
        "targets": {"target": "Alice/ambush"},
    }
    result = run(
        player("Alice", hand=["recall"], play=["ambush", "mourner", "greeter"]),
        steps=[recall, {"player": "Alice", "use": "ambush"}],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert gold(result, "Alice") == 2
    assert [m for m in messages(result) if "gold from" in m] == [
        "Alice gains 1 gold from Mourner (leaves play)",
        "Alice gains 1 gold from Greeter (enters play)",
    ]


@pytest.mark.parametrize(
    ("deck", "gains"), [("coin-7", "Charm"), ("coin-2", "Black Cat")]
)
def test_a_pull_succeeding_or_failing_is_an_event(deck: str, gains: str) -> None:
    result = run(
        player("Alice", play=["hex", "charm", "black-cat"], deck=[deck]),
        steps=[{"player": "Alice", "use": "hex"}],
    )
    assert statuses(result) == ["accepted"]
    found = [m for m in messages(result) if "gold from" in m]
    assert found == [f"Alice gains 1 gold from {gains} (pull)"]


def test_the_pull_record_is_open_to_the_handler() -> None:
    result = run(
        player("Alice", play=["augury"], deck=["coin-7"]),
        steps=[{"player": "Alice", "use": "augury"}],
    )
    assert statuses(result) == ["accepted"]
    # Seven of Coins against difficulty 4: the handler reads a margin of 3.
    assert gold(result, "Alice") == 3


def test_job_leader_that_stays_ready_and_an_action_before_the_job() -> None:
    job = {"player": "Alice", "use": "outlaw", "targets": {"target": "Bob/knight"}}
    result = run(
        player("Alice", play=["outlaw"]),
        player("Bob", play=["knight", "deputy"]),
        steps=[job, {"player": "Bob", "use": "deputy"}],
    )
    assert statuses(result) == ["accepted", "accepted"]
    outlaw = card(result, "outlaw")
    assert outlaw["exhausted"] is False
    assert outlaw["tokens"] == {"bounty": 1}
    log = messages(result)
    # The bounty is placed before the job opens, so before Bob can oppose.
    marked = log.index("Alice places 1 bounty token on Outlaw")
    opposed = next(i for i, m in enumerate(log) if m.startswith("Bob"))
    assert marked < opposed
    assert "Alice's job led by Outlaw fails" in log


def test_targets_being_chosen_is_an_event() -> None:
    smite = {"player": "Alice", "play": "smite", "targets": {"target": "Bob/knight"}}
    result = run(
        player("Alice", hand=["smite"], play=["watchman"]),
        player("Bob", play=["knight", "watchman"]),
        steps=[smite],
    )
    assert statuses(result) == ["accepted"]
    assert (gold(result, "Alice"), gold(result, "Bob")) == (0, 1)
    log = messages(result)
    # Bob answers once the target is chosen, before the effect resolves.
    assert log.index("Bob gains 1 gold from Watchman (targets chosen)") < log.index(
        "Alice discards Knight"
    )


def test_a_change_of_stats_by_effects_is_an_event() -> None:
    tonic = {
        "player": "Alice",
        "play": "tonic-phase",
        "targets": {"target": "Alice/soldier"},
    }
    board = player("Alice", hand=["tonic-phase"], play=["soldier", "scribe"])
    raised = run(board, steps=[tonic])
    assert statuses(raised) == ["accepted"]
    assert gold(raised, "Alice") == 1
    # The effect ends with the phase: the strength changes back, once more.
    ended = run(board, steps=[tonic, {"end": "phase"}])
    assert gold(ended, "Alice") == 2
    found = [m for m in messages(ended) if "gold from" in m]
    assert found == ["Alice gains 1 gold from Scribe (stats change)"] * 2


def test_a_card_becoming_blank_and_back_is_an_event() -> None:
    blight = {"player": "Bob", "play": "blight", "targets": {"target": "Alice/soldier"}}
    board = (
        player("Alice", play=["soldier", "gossip"]),
        player("Bob", hand=["blight"]),
    )
    blanked = run(*board, active_player="Bob", steps=[blight])
    assert statuses(blanked) == ["accepted"]
    assert gold(blanked, "Alice") == 1
    # The blank ends with the phase: the card's blank state changes back.
    ended = run(*board, active_player="Bob", steps=[blight, {"end": "phase"}])
    assert gold(ended, "Alice") == 2
    found = [m for m in messages(ended) if "gold from" in m]
    assert found == ["Alice gains 1 gold from Gossip (stats change)"] * 2


def test_leaving_play_inside_several_actions_resolved_as_one() -> None:
    volley = {"player": "Alice", "play": "volley", "targets": {"target": "Bob/knight"}}
    result = run(
        player("Alice", hand=["volley"], play=["mourner"]),
        player("Bob", play=["knight"]),
        steps=[volley],
    )
    assert statuses(result) == ["accepted"]
    # 2 gold from Volley itself, 1 from Mourner as the Knight leaves play.
    assert gold(result, "Alice") == 3
    assert "Alice gains 1 gold from Mourner (leaves play)" in messages(result)
