"""Durations, phases, limits, locations, delayed abilities and ability resets."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import gold, messages, player, run, state, statuses, strength

TONICS = [
    ("tonic-turn", "turn"),
    ("tonic-phase", "phase"),
    ("tonic-round", "round"),
    ("tonic-combat", "combat round"),
]


@pytest.mark.parametrize(("tonic", "period"), TONICS)
def test_lasting_effect_ends_with_its_period(tonic: str, period: str) -> None:
    ending = {"end": period.replace(" ", "_")}
    play = {"player": "Alice", "play": tonic, "targets": {"target": "Alice/soldier"}}
    during = run(player("Alice", hand=[tonic], play=["soldier"]), steps=[play])
    after = run(player("Alice", hand=[tonic], play=["soldier"]), steps=[play, ending])
    assert strength(during, "soldier") == 3
    assert state(during)["lasting"][0]["until"] == f"until the end of the {period}"
    assert strength(after, "soldier") == 1
    assert state(after)["lasting"] == []


def test_lasting_effect_survives_a_shorter_period() -> None:
    play = {
        "player": "Alice",
        "play": "tonic-round",
        "targets": {"target": "Alice/soldier"},
    }
    result = run(
        player("Alice", hand=["tonic-round"], play=["soldier"]),
        steps=[play, {"end": "turn"}, {"end": "phase"}],
    )
    assert strength(result, "soldier") == 3


def test_lasting_effect_until_a_named_event_ends_after_that_event() -> None:
    play = {
        "player": "Alice",
        "play": "tonic-draw",
        "targets": {"target": "Alice/soldier"},
    }
    kept = run(
        player("Alice", hand=["tonic-draw", "well"], play=["soldier", "well"]),
        steps=[play, {"player": "Alice", "use": "well"}],
    )
    assert strength(kept, "soldier") == 3

    def after_bargain(option: str) -> Any:
        return run(
            player(
                "Alice",
                hand=["tonic-draw", "bargain"],
                play=["soldier"],
                deck=["knight"],
            ),
            steps=[
                play,
                {"player": "Alice", "play": "bargain", "targets": {"target": option}},
            ],
        )

    # Another card played (gold, not a draw): the effect lasts.
    other_event = after_bargain("gain 2 gold")
    assert statuses(other_event) == ["accepted", "accepted"]
    assert strength(other_event, "soldier") == 3
    drawn = after_bargain("draw a card")
    assert statuses(drawn) == ["accepted", "accepted"]
    assert strength(drawn, "soldier") == 1


def test_phase_restricted_action_works_only_in_its_phase() -> None:
    result = run(
        player("Alice", play=["drill"]),
        steps=[
            {"player": "Alice", "use": "drill"},
            {"advance": "combat"},
            {"player": "Alice", "use": "drill"},
        ],
    )
    assert statuses(result) == ["rejected", "accepted", "accepted"]
    assert result.steps[0].reason == "Drill can only be used in the combat phase"
    assert result.steps[0].rules == ("R2",)
    assert gold(result, "Alice") == 1


def test_limit_per_turn_refuses_a_second_use_and_resets_at_end_of_turn() -> None:
    use = {"player": "Alice", "use": "well"}
    result = run(
        player("Alice", play=["well"]),
        player("Bob"),
        steps=[use, use, {"end": "turn"}, use],
    )
    assert statuses(result) == ["accepted", "rejected", "accepted", "accepted"]
    assert (result.steps[1].reason, result.steps[1].rules) == (
        "Well has reached its limit",
        ("R6",),
    )
    assert gold(result, "Alice") == 2


def test_shared_limit_key_spans_copies_and_resets_at_end_of_round() -> None:
    first = {"player": "Alice", "use": "shrine#1"}
    second = {"player": "Alice", "use": "shrine#2"}
    result = run(
        player("Alice", play=["shrine", "shrine"]),
        steps=[first, second, {"end": "turn"}, second, {"end": "round"}, second],
    )
    assert statuses(result) == [
        "accepted",
        "rejected",
        "accepted",
        "rejected",
        "accepted",
        "accepted",
    ]
    assert gold(result, "Alice") == 2


def test_shared_limit_counts_each_player_separately() -> None:
    result = run(
        player("Alice", play=["shrine"]),
        player("Bob", play=["shrine"]),
        steps=[
            {"player": "Alice", "use": "shrine"},
            {"player": "Bob", "use": "shrine"},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]


def test_ability_usable_from_discard() -> None:
    result = run(
        player("Alice", discard=["phoenix"], hand=["phoenix"], resources={"gold": 1}),
        steps=[{"player": "Alice", "use": "phoenix@discard"}],
    )
    assert statuses(result) == ["accepted"]
    assert state(result)["players"]["Alice"]["play"] == ["phoenix"]
    assert state(result)["players"]["Alice"]["hand"] == ["phoenix"]


def test_ability_from_discard_is_not_usable_from_hand() -> None:
    result = run(
        player("Alice", hand=["phoenix"], resources={"gold": 1}),
        steps=[{"player": "Alice", "use": "phoenix"}],
    )
    assert (result.steps[0].reason, result.steps[0].rules) == (
        "Phoenix can only be used from discard",
        ("R1",),
    )


def test_ability_usable_from_hand() -> None:
    result = run(
        player("Alice", hand=["ambush"]), steps=[{"player": "Alice", "play": "ambush"}]
    )
    assert state(result)["players"]["Alice"]["play"] == ["ambush"]
    assert messages(result)[0] == "Alice springs Ambush from hand"


def test_delayed_ability_resolves_at_end_of_turn() -> None:
    play = {"player": "Alice", "play": "flare"}
    waiting = run(player("Alice", hand=["flare"]), player("Bob"), steps=[play])
    done = run(
        player("Alice", hand=["flare"]), player("Bob"), steps=[play, {"end": "turn"}]
    )
    assert gold(waiting, "Alice") == 0
    assert len(state(waiting)["delayed"]) == 1
    assert gold(done, "Alice") == 2
    assert state(done)["delayed"] == []
    assert "Alice gains 2 gold from Flare" in messages(done)


def test_then_clause_runs_when_the_first_part_resolved() -> None:
    result = run(
        player("Alice", hand=["recycle", "soldier"], deck=["knight", "sage"]),
        steps=[
            {
                "player": "Alice",
                "play": "recycle",
                "targets": {"target": ["Alice/soldier@hand"]},
            }
        ],
    )
    hand = state(result)["players"]["Alice"]["hand"]
    assert hand == ["knight", "sage"]
    assert "Alice draws 2 cards for Recycle" in messages(result)


def test_then_clause_is_skipped_when_the_first_part_did_nothing() -> None:
    result = run(
        player("Alice", hand=["recycle", "soldier"], deck=["knight", "sage"]),
        steps=[{"player": "Alice", "play": "recycle", "targets": {"target": []}}],
    )
    assert statuses(result) == ["accepted"]
    assert state(result)["players"]["Alice"]["hand"] == ["soldier"]


def test_up_to_target_can_target_zero_when_nothing_is_legal() -> None:
    result = run(
        player("Alice", hand=["recycle"]),
        steps=[{"player": "Alice", "play": "recycle"}],
    )
    assert statuses(result) == ["accepted"]
    assert state(result)["players"]["Alice"]["discard"] == ["recycle"]


def test_ability_use_reset_allows_another_use() -> None:
    use = {"player": "Alice", "use": "sage"}
    result = run(
        player("Alice", play=["sage"], hand=["renew"]),
        steps=[
            use,
            use,
            {"player": "Alice", "play": "renew", "targets": {"target": "Alice/sage"}},
            use,
        ],
    )
    assert statuses(result) == ["accepted", "rejected", "accepted", "accepted"]
    assert gold(result, "Alice") == 2


def test_reset_needs_a_card_whose_abilities_were_used() -> None:
    result = run(
        player("Alice", play=["sage"], hand=["renew"]),
        steps=[{"player": "Alice", "play": "renew"}],
    )
    assert result.steps[0].reason == "Renew has no legal target"


def test_delayed_ability_at_end_of_phase_keeps_its_target() -> None:
    play = {"player": "Alice", "play": "dusk", "targets": {"target": "Alice/knight"}}
    result = run(
        player("Alice", hand=["dusk"], play=["knight", "soldier"]),
        steps=[play, {"end": "turn"}],
    )
    assert state(result)["players"]["Alice"]["play"] == ["knight", "soldier"]
    result = run(
        player("Alice", hand=["dusk"], play=["knight", "soldier"]),
        steps=[play, {"advance": "combat"}],
    )
    assert state(result)["players"]["Alice"]["play"] == ["soldier"]
    assert state(result)["players"]["Alice"]["discard"] == ["dusk", "knight"]


def test_timed_player_effect_ends_with_its_period() -> None:
    play = {"player": "Alice", "play": "respite"}
    during = run(player("Alice", hand=["respite"]), player("Bob"), steps=[play])
    after = run(
        player("Alice", hand=["respite"]), player("Bob"), steps=[play, {"end": "turn"}]
    )
    assert state(during)["players"]["Alice"]["values"] == {"hand_limit": 2}
    assert state(during)["players"]["Bob"]["values"] == {}
    assert state(during)["lasting"][0]["players"] == ["Alice"]
    assert state(after)["players"]["Alice"]["values"] == {}
    assert state(after)["lasting"] == []


def test_timed_restriction_on_the_opponent_ends_with_the_phase() -> None:
    strike = {"player": "Bob", "play": "strike"}
    result = run(
        player("Alice", hand=["embargo"], play=["soldier"]),
        player("Bob", hand=["strike", "strike"]),
        steps=[
            {"player": "Alice", "play": "embargo"},
            strike,
            {"end": "turn"},
            strike,
            {"end": "phase"},
            strike,
        ],
    )
    assert statuses(result) == ["accepted", "rejected"] * 2 + ["accepted"] * 2
    assert (result.steps[1].reason, result.steps[1].rules) == (
        "Bob cannot play events under Embargo",
        ("R20",),
    )
    assert state(result)["players"]["Alice"]["discard"] == ["embargo", "soldier"]


@pytest.mark.parametrize(
    ("slug", "period"), [("bell", "phase"), ("drum", "combat_round")]
)
def test_limit_per_phase_or_pack_period_resets_only_when_that_period_ends(
    slug: str, period: str
) -> None:
    use = {"player": "Alice", "use": slug}
    result = run(
        player("Alice", play=[slug]),
        player("Bob"),
        steps=[use, use, {"end": "turn"}, use, {"end": period}, use],
    )
    # A turn ends in between: the use stays counted until the period ends.
    assert statuses(result) == ["accepted", "rejected"] * 2 + ["accepted"] * 2
    assert result.steps[3].rules == ("R6",)
    assert gold(result, "Alice") == 2
