"""Numeric choices, psi games, traces, pulls and jobs."""

from __future__ import annotations

from oracle.engine import Result

from .helpers import card, gold, messages, player, run, state, statuses


def offered(result: object, window: str) -> list[tuple[str, ...]]:
    """The options offered at each decision of ``window``."""
    return [d.options for d in result.decisions if d.window == window]  # type: ignore[attr-defined]


def test_number_up_to_a_resource() -> None:
    result = run(
        player("Alice", play=["invest"], resources={"gold": 2}),
        steps=[{"player": "Alice", "use": "invest"}, {"player": "Alice", "choose": 2}],
    )
    assert offered(result, "target:target") == [("0", "1", "2")]
    assert gold(result, "Alice") == 0
    assert card(result, "invest")["tokens"] == {"power": 2}


def test_number_up_to_counters_on_the_card() -> None:
    result = run(
        player("Alice", play=[{"card": "battery", "tokens": {"charge": 3}}]),
        steps=[{"player": "Alice", "use": "battery", "targets": {"target": 2}}],
    )
    assert offered(result, "target:target") == [("1", "2", "3")]
    assert card(result, "battery")["tokens"] == {"charge": 1}
    assert gold(result, "Alice") == 2


def test_number_needs_a_legal_value() -> None:
    result = run(
        player("Alice", play=["battery"]), steps=[{"player": "Alice", "use": "battery"}]
    )
    assert result.steps[0].reason == "Battery has no legal target"


def test_number_up_to_a_computed_bound() -> None:
    result = run(
        player("Alice", play=["quota", "soldier", "knight"]),
        steps=[{"player": "Alice", "use": "quota", "targets": {"target": 3}}],
    )
    assert statuses(result) == ["rejected"]
    assert result.steps[0].reason == "3 is not a legal target for Quota"
    result = run(
        player("Alice", play=["quota", "soldier", "knight"]),
        steps=[{"player": "Alice", "use": "quota", "targets": {"target": 2}}],
    )
    assert gold(result, "Alice") == 2


def psi(alice: int, bob: int, *, bob_first: bool = False) -> object:
    """Alice starts a psi game; both bid secretly (in either order)."""
    bids = [{"player": "Alice", "choose": alice}, {"player": "Bob", "choose": bob}]
    return run(
        player("Alice", play=["gamble"], resources={"gold": 2}),
        player("Bob", resources={"gold": 2}),
        steps=[
            {"player": "Alice", "use": "gamble"},
            *(reversed(bids) if bob_first else bids),
        ],
    )


def test_psi_game_with_equal_bids_resolves_the_equal_branch() -> None:
    result = psi(1, 1, bob_first=True)
    assert statuses(result) == ["accepted"] * 3
    assert (gold(result, "Alice"), gold(result, "Bob")) == (4, 1)
    assert "Alice bids 1 and Bob bids 1 in the psi game: the bids match" in messages(
        result
    )
    assert [(d.player, d.window) for d in result.decisions] == [
        ("Alice", "psi"),
        ("Bob", "psi"),
    ]


def test_psi_game_with_different_bids_does_nothing_more() -> None:
    result = psi(2, 0)
    assert (gold(result, "Alice"), gold(result, "Bob")) == (0, 2)
    entry = next(e for e in result.log if e.event == "psi")
    assert entry.rules == ("R40",)


def trace(alice: int, bob: int, link: int = 1) -> object:
    """Alice traces at base 2 against Bob's link."""
    return run(
        player("Alice", play=["tracker"], resources={"gold": 5}),
        player("Bob", resources={"gold": 5, "link": link}),
        steps=[
            {"player": "Alice", "use": "tracker"},
            {"player": "Alice", "choose": alice},
            {"player": "Bob", "choose": bob},
        ],
    )


def test_trace_succeeds_when_strength_beats_the_link() -> None:
    result = trace(1, 1)
    assert gold(result, "Alice") == 4 + 2
    assert card(result, "tracker")["tokens"] == {}
    assert "Alice traces at strength 3 against link 2 and succeeds" in messages(result)


def test_trace_at_the_threshold_adds_the_bonus() -> None:
    result = trace(3, 0)
    assert card(result, "tracker")["tokens"] == {"power": 1}
    assert (
        "Alice traces at strength 5 against link 1 and succeeds with the bonus"
        in messages(result)
    )


def test_trace_fails_when_the_link_holds() -> None:
    result = trace(0, 2)
    assert card(result, "tracker")["tokens"] == {"shame": 1}
    assert gold(result, "Bob") == 3


def test_pull_succeeds_when_the_value_meets_the_difficulty() -> None:
    result = run(
        player("Alice", play=["hex"], deck=["coin-7", "coin-2"]),
        steps=[{"player": "Alice", "use": "hex"}],
    )
    assert gold(result, "Alice") == 2
    assert state(result)["players"]["Alice"]["discard"] == ["coin-7"]
    assert (
        "Alice pulls Seven of Coins for 8 against difficulty 5 and succeeds"
        in messages(result)
    )


def test_pull_fails_below_the_difficulty() -> None:
    result = run(
        player("Alice", play=["hex"], deck=["coin-2"]),
        steps=[{"player": "Alice", "use": "hex"}],
    )
    assert card(result, "hex")["tokens"] == {"curse": 1}
    assert state(result)["players"]["Alice"]["deck"] == []


def test_pull_needs_a_card_to_reveal() -> None:
    result = run(
        player("Alice", play=["hex"]), steps=[{"player": "Alice", "use": "hex"}]
    )
    assert result.steps[0].reason == "Hex cannot be fully resolved"


def test_job_succeeds_and_resolves_its_success_branch() -> None:
    result = run(
        player("Alice", play=["heister"]),
        player("Bob", play=["knight"]),
        steps=[
            {"player": "Alice", "use": "heister", "targets": {"target": "Bob/knight"}}
        ],
    )
    assert card(result, "heister")["exhausted"] is True
    assert state(result)["players"]["Bob"]["discard"] == ["knight"]
    assert "Alice's job led by Heister succeeds" in messages(result)


def test_opposed_job_fails_and_the_opposition_ends_with_the_job() -> None:
    result = run(
        player("Alice", play=["heister"]),
        player("Bob", play=["knight", "deputy"]),
        steps=[
            {"player": "Alice", "use": "heister", "targets": {"target": "Bob/knight"}},
            {"player": "Bob", "use": "deputy"},
        ],
    )
    assert statuses(result) == ["accepted", "accepted"]
    assert state(result)["players"]["Bob"]["play"] == ["knight", "deputy"]
    assert gold(result, "Alice") == 1
    assert card(result, "knight")["stats"]["strength"] == 2
    assert "Alice's job led by Heister fails" in messages(result)


def test_pull_against_a_computed_difficulty() -> None:
    def pull(hand: list[str]) -> Result:
        return run(
            player("Alice", play=["scry"], hand=hand, deck=["coin-7"]),
            steps=[{"player": "Alice", "use": "scry"}],
        )

    easy, hard = pull([]), pull(["soldier"] * 5)
    assert "Alice pulls Seven of Coins for 7 against difficulty 3 and succeeds" in (
        messages(easy)
    )
    assert "Alice pulls Seven of Coins for 7 against difficulty 8 and fails" in (
        messages(hard)
    )
    assert (gold(easy, "Alice"), gold(hard, "Alice")) == (2, 0)


def test_reaction_with_a_cost_pays_it_and_is_not_offered_when_it_cannot() -> None:
    def oppose(deputy: object) -> Result:
        return run(
            player("Alice", play=["heister"]),
            player("Bob", play=["knight", deputy]),
            steps=[
                {
                    "player": "Alice",
                    "use": "heister",
                    "targets": {"target": "Bob/knight"},
                },
                {"player": "Bob", "use": "deputy"},
            ],
        )

    paid = oppose("deputy")
    assert card(paid, "deputy")["exhausted"] is True
    assert "Bob exhausts Deputy" in messages(paid)
    spent = oppose({"card": "deputy", "exhausted": True})
    assert not [d for d in spent.decisions if d.window == "reaction:period_start"]
    assert statuses(spent)[1] == "rejected"
    assert state(spent)["players"]["Bob"]["discard"] == ["knight"]
