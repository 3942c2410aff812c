"""Scenario parsing, validation, round trips, results and expectations."""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.engine import (
    ENGINE_VERSION,
    Scenario,
    ScenarioError,
    UnknownCard,
    run_scenario,
)

from .helpers import player, run, scenario, state


def problems(data: Any) -> list[tuple[str, str]]:
    """The (path, message) pairs a malformed scenario raises."""
    with pytest.raises(ScenarioError) as caught:
        Scenario.parse(data)
    return [(p.path, p.message) for p in caught.value.problems]


def test_parse_rejects_a_non_mapping() -> None:
    assert problems([1, 2]) == [("", "must be a mapping")]


def test_parse_reports_unknown_and_missing_fields_with_paths() -> None:
    found = problems({"game": "synth", "colour": "red", "players": [{"hand": []}]})
    assert ("/colour", "unknown field") in found
    assert ("/players/0/name", "must be a non-empty string") in found


def test_parse_reports_unknown_game() -> None:
    assert problems({"game": "chess", "players": []}) == [
        ("/game", "unknown game 'chess'")
    ]


def test_parse_reports_ill_typed_fields() -> None:
    found = problems(
        scenario(
            player("Alice", resources={"gold": "two"}),
            seed="x",
            steps=[{"player": "Alice", "pass": "yes"}],
        )
    )
    assert ("/seed", "must be an integer") in found
    assert ("/players/0/resources/gold", "must be an integer") in found
    assert ("/steps/0/pass", "must be true") in found


def test_parse_reports_bad_steps_with_their_index() -> None:
    found = problems(
        scenario(
            steps=[
                {"player": "Alice", "pass": True},
                {"player": "Alice", "play": "strike", "pass": True},
                {"player": "Carol", "choose": "x"},
                {"advance": "lunch"},
                {"end": "week"},
                {"player": "Alice", "choose": {"a": 1}},
                {"player": "Alice", "pass": True, "targets": {}},
            ]
        )
    )
    assert found == [
        (
            "/steps/1",
            "a step needs exactly one of play, use, pass, choose, advance, end",
        ),
        ("/steps/2/player", "unknown player 'Carol'"),
        ("/steps/3/advance", "must be one of setup, action, combat, end"),
        ("/steps/4/end", "must be one of turn, phase, round, combat_round, job"),
        (
            "/steps/5/choose",
            "must be a string, a number, true/false or a list of strings",
        ),
        ("/steps/6", "ability and targets go with play or use"),
    ]


def test_unknown_card_raises_unknown_card_with_its_path() -> None:
    with pytest.raises(UnknownCard) as caught:
        Scenario.parse(
            scenario(
                player("Alice", hand=["strike", "nuke"]),
                steps=[{"player": "Alice", "play": "Alice/bomb@hand"}],
            )
        )
    assert (caught.value.slug, caught.value.path) == ("nuke", "/players/0/hand/1")
    assert [p.path for p in caught.value.problems] == [
        "/players/0/hand/1",
        "/steps/0/play",
    ]
    assert isinstance(caught.value, ScenarioError)


def test_unknown_names_suggest_the_nearest_card_or_player() -> None:
    found = problems(
        scenario(
            player("Alice", hand=["strke"]),
            player("Bob"),
            steps=[
                {"player": "Alicee", "pass": True},
                {"player": "Carol", "pass": True},
            ],
        )
    )
    assert (
        "/players/0/hand/0",
        "unknown card 'strke'; did you mean 'strike'?",
    ) in found
    # A typo is no player of the scenario, but says whom it resembles.
    assert (
        "/steps/0/player",
        "unknown player 'Alicee'; did you mean 'Alice'?",
    ) in found
    assert ("/steps/1/player", "unknown player 'Carol'") in found


def test_names_in_another_case_are_the_declared_ones() -> None:
    declared = scenario(
        player("Alice", hand=["strike"]),
        player("Bob"),
        active_player="Alice",
        steps=[
            {"player": "Alice", "play": "Alice/strike@hand"},
            {"player": "Bob", "choose": ["Alice", "strike"]},
        ],
        expect=[{"path": "players.Alice.hand", "count": 0}],
    )
    written = scenario(
        player("Alice", hand=["STRIKE"]),
        player("Bob"),
        active_player="ALICE",
        steps=[
            {"player": "alice", "play": "alice/Strike@Hand"},
            {"player": "bob", "choose": ["aLiCe", "Strike"]},
        ],
        expect=[{"path": "players.alice.hand", "count": 0}],
    )

    assert Scenario.parse(written).dump() == Scenario.parse(declared).dump()


def test_two_players_named_alike_but_for_case_are_refused() -> None:
    found = problems(scenario(player("Bob"), player("bob")))

    assert found == [
        (
            "/players/1/name",
            "players 'Bob' and 'bob' differ only in case; give them different names",
        )
    ]


def test_parse_enforces_size_limits() -> None:
    many = [player(f"P{i}") for i in range(9)]
    assert ("/players", "must have at most 8 items") in problems(scenario(*many))
    steps = [{"player": "Alice", "pass": True}] * 201
    assert ("/steps", "must have at most 200 items") in problems(scenario(steps=steps))
    assert ("/players/0/hand", "must have at most 200 items") in problems(
        scenario(player("Alice", hand=["soldier"] * 201))
    )


def test_parse_rejects_duplicate_and_malformed_player_names() -> None:
    found = problems(scenario(player("Alice"), player("Alice"), player("A/B")))
    assert ("/players/1/name", "duplicate player name 'Alice'") in found
    assert ("/players/2/name", "must not contain / @ # : or .") in found


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\uff21lice", "must be written 'Alice' (its Unicode NFKC form)"),
        (
            "\uff21\uff4c\uff49\uff43\uff45",
            "must be written 'Alice' (its Unicode NFKC form)",
        ),
        ("A\u0301lice", "must be written 'Álice' (its Unicode NFKC form)"),
        ("Al\u200bice", "must not contain invisible formatting characters"),
        ("\u2060Alice", "must not contain invisible formatting characters"),
        ("Alice ", "must not start or end with a space"),
        ("\u00a0Alice", "must not start or end with a space"),
    ],
)
def test_parse_refuses_player_names_that_look_like_another(
    name: str, message: str
) -> None:
    found = problems(scenario(player("Alice"), player(name)))

    assert found == [("/players/1/name", message)]


def test_parse_accepts_names_in_any_script_in_their_normal_form() -> None:
    data = scenario(player("Zoë"), player("Åsa"), player("李"), player("Ωmega"))

    assert [p.name for p in Scenario.parse(data).players] == [
        "Zoë",
        "Åsa",
        "李",
        "Ωmega",
    ]


def test_pack_parses_its_own_player_and_board_fields() -> None:
    data = scenario(
        player("Alice", faction="red"),
        player("Bob", faction="green", tech=1),
        board={"weather": "rain", "tides": 2},
    )
    assert problems(data) == [
        ("/players/1/faction", "must be red or blue"),
        ("/players/1/tech", "unknown field"),
        ("/board/tides", "unknown field"),
    ]
    good = scenario(player("Alice", faction="red"), board={"weather": "rain"})
    result = run_scenario(good)
    assert state(result)["players"]["Alice"]["faction"] == "red"
    assert state(result)["board"] == {"weather": "rain"}


def test_parse_rejects_unknown_shared_zones_and_expectations() -> None:
    found = problems(
        scenario(
            decks={"graveyard": []}, expect=[{"path": "x"}, {"path": "x", "count": "2"}]
        )
    )
    assert found == [
        ("/decks/graveyard", "unknown shared zone (known: market)"),
        ("/expect/0", "an expectation needs exactly one of count, equals, contains"),
        ("/expect/1/count", "must be an integer"),
    ]


def test_dump_round_trips() -> None:
    data = scenario(
        player(
            "Alice",
            hand=["strike"],
            play=[
                {
                    "card": "knight",
                    "exhausted": True,
                    "tokens": {"power": 2},
                    "attachments": ["blade"],
                }
            ],
            resources={"gold": 2},
            faction="blue",
        ),
        player("Bob", play=["soldier"]),
        seed=7,
        round=2,
        active_player="Bob",
        decks={"market": ["sage"]},
        board={"weather": "fog"},
        steps=[
            {"player": "Alice", "play": "strike", "targets": {"target": "Bob/soldier"}},
            {"advance": "combat"},
            {"player": "Bob", "choose": ["a", "b"]},
        ],
        expect=[{"path": "players.Bob.play", "count": 0}],
    )
    parsed = Scenario.parse(data)
    assert parsed.dump() == data
    assert Scenario.parse(parsed.dump()) == parsed


def test_result_has_the_documented_shape() -> None:
    result = run(
        player("Alice", hand=["strike"]),
        player("Bob", play=["soldier"]),
        steps=[{"player": "Alice", "play": "strike"}],
        expect=[{"path": "players.Bob.discard", "contains": "soldier"}],
    )
    out = result.to_dict()
    assert list(out) == [
        "ok",
        "game",
        "engine_version",
        "verdict",
        "steps",
        "log",
        "decisions",
        "state",
        "expect",
    ]
    assert (out["ok"], out["game"], out["engine_version"]) == (
        True,
        "synth",
        ENGINE_VERSION,
    )
    assert out["verdict"] == "legal"
    strike_id = out["log"][0]["cards"][0]
    assert out["steps"] == [
        {
            "index": 0,
            "status": "accepted",
            "verdict": "legal",
            "reason": None,
            "rules": [],
            "card": "strike",
            "card_id": strike_id,
        }
    ]
    assert set(out["log"][0]) == {
        "seq",
        "player",
        "message",
        "event",
        "cards",
        "card_slugs",
        "rules",
        "step",
    }
    assert out["log"][0]["step"] == 0
    assert out["log"][0]["card_slugs"] == ["strike", "soldier"]
    assert out["decisions"][0] == {  # a target prompt: it carries its text
        "at": 0,
        "player": "Alice",
        "window": "target:target",
        "options": ["Bob/soldier"],
        "prompt": "Choose a card",
    }
    state = out["state"]
    assert isinstance(state, dict)
    assert state["players"]["Alice"]["reserve"] == {"soldier": 2}  # a stock zone
    (soldier,) = [c for c in state["cards"].values() if c["slug"] == "soldier"]
    assert soldier == {  # the fields holding their default are left out
        "controller": "Bob",
        "name": "Soldier",
        "owner": "Bob",
        "slug": "soldier",
        "stats": {"cost": 1, "strength": 1},
        "type": "unit",
        "zone": "discard",
        "zone_player": "Bob",
    }
    assert out["expect"] == [
        {
            "path": "players.Bob.discard",
            "contains": "soldier",
            "passed": True,
            "actual": ["soldier"],
        }
    ]
    json.dumps(out)


def test_rejected_step_is_an_answer_with_its_rules() -> None:
    result = run(
        player("Alice"),
        player("Bob", hand=["block"]),
        steps=[{"player": "Bob", "play": "block"}],
    )
    assert result.ok  # the run completed: the refusal is its answer
    assert result.verdict == "illegal"
    assert result.to_dict()["steps"] == [
        {
            "index": 0,
            "status": "rejected",
            "verdict": "illegal",
            "reason": "Block can only be used in response",
            "rules": ["R3"],
            "card": "block",
            "card_id": None,
        }
    ]


@pytest.mark.parametrize(
    ("expectation", "passed"),
    [
        ({"path": "players.Alice.hand", "count": 2}, True),
        ({"path": "players.Alice.hand", "count": 1}, False),
        ({"path": "players.Alice.hand", "equals": ["soldier", "knight"]}, True),
        ({"path": "players.Alice.hand.1", "equals": "knight"}, True),
        ({"path": "players.Alice.hand", "contains": ["knight", "soldier"]}, True),
        ({"path": "players.Alice.hand", "contains": "sage"}, False),
        ({"path": "players.Alice.resources", "contains": "gold"}, True),
        ({"path": "players.Carol.hand", "count": 0}, False),
        ({"path": "phase", "equals": "action"}, True),
    ],
)
def test_expectations_check_the_final_state(
    expectation: dict[str, Any], passed: bool
) -> None:
    result = run(
        player("Alice", hand=["soldier", "knight"], resources={"gold": 1}),
        expect=[expectation],
    )
    assert result.expect[0]["passed"] is passed
    assert result.ok is passed


def test_shared_decks_fill_shared_zones_and_cards_take_an_owner_when_drawn() -> None:
    from oracle.engine.core.context import Context
    from oracle.engine.flow.basic import Draw
    from oracle.engine.io.runner import build_game

    game = build_game(Scenario.parse(scenario(decks={"market": ["sage", "soldier"]})))
    alice = game.player("Alice")
    Draw(deck="market").resolve(Context(game, alice))
    assert [c.slug for c in game.cards_in("hand", "Alice")] == ["sage"]
    assert game.cards_in("hand", "Alice")[0].owner == "Alice"
    assert [c.slug for c in game.cards_in("market")] == ["soldier"]


def test_same_input_gives_byte_identical_results() -> None:
    data = scenario(
        player(
            "Alice", hand=["strike", "counter"], play=["gamble"], resources={"gold": 2}
        ),
        player("Bob", hand=["block", "block"], play=["knight"], resources={"gold": 2}),
        seed=11,
        steps=[
            {"player": "Alice", "play": "strike"},
            {"player": "Bob", "play": "block"},
            {"player": "Alice", "play": "counter"},
            {"player": "Alice", "use": "gamble"},
        ],
    )
    first = json.dumps(run_scenario(data).to_dict(), sort_keys=True)
    second = json.dumps(
        run_scenario(json.loads(json.dumps(data))).to_dict(), sort_keys=True
    )
    assert first == second


def test_card_ids_are_stable_and_depend_on_the_seed() -> None:
    one = state(run(player("Alice", hand=["soldier"]), seed=1))["cards"]
    again = state(run(player("Alice", hand=["soldier"]), seed=1))["cards"]
    other = state(run(player("Alice", hand=["soldier"]), seed=2))["cards"]
    assert list(one) == list(again)
    assert list(one) != list(other)
    assert len(next(iter(one))) == 36
