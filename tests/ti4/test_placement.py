"""A TI4 scenario that places what the pack would ignore is refused with a
pointer: cards where TI4 puts no such card, tokens on cards that cannot carry
them, a strategy card placed twice, unknown resources (``placement``)."""

from __future__ import annotations

from typing import Any

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import ScenarioError, run_scenario
from oracle.engine.core.errors import Unmodelled


def _scenario(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "strategy_cards": ["leadership"]},
            {"name": "Bob", "strategy_cards": ["politics"]},
        ],
        "steps": [],
    }
    return {**base, **fields}


def _problems(scenario: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    return [(p.path, p.message) for p in caught.value.problems]


def test_a_strategy_card_listed_twice_in_the_common_area_is_refused() -> None:
    decks = {
        "strategy_area": ["trade", {"card": "trade", "tokens": {"trade_goods": 1}}]
    }
    assert _problems(_scenario(decks=decks)) == [
        ("/decks/strategy_area/1", "there is one Trade card, listed here twice")
    ]


def test_a_strategy_card_both_held_and_in_the_common_area_is_refused() -> None:
    decks = {"strategy_area": [{"card": "politics", "tokens": {"trade_goods": 2}}]}
    assert _problems(_scenario(decks=decks)) == [
        ("/decks/strategy_area/0", "Politics is held by Bob, so it is not here")
    ]


def test_tokens_are_refused_on_anything_but_a_strategy_card_in_the_area() -> None:
    scenario = _scenario(
        decks={"strategy_area": [{"card": "trade", "tokens": {"command": 1}}]}
    )
    scenario["players"][0]["hand"] = [{"card": "spy", "tokens": {"trade_goods": 1}}]
    assert [path for path, _ in _problems(scenario)] == [
        "/players/0/hand/0/tokens/trade_goods",
        "/decks/strategy_area/0/tokens/command",
    ]


def test_a_card_where_ti4_puts_no_such_card_is_refused() -> None:
    scenario = _scenario(decks={"action_deck": ["trade"], "unit_tokens": ["cruiser"]})
    scenario["players"][0]["hand"] = ["neural-motivator"]
    scenario["players"][1]["discard"] = ["spy"]
    assert _problems(scenario) == [
        (
            "/players/0/hand/0",
            "Neural Motivator cannot be in hand: give a player a technology with "
            "technologies",
        ),
        (
            "/players/1/discard/0",
            "Spy cannot be in discard: TI4 puts no such card in discard",
        ),
        (
            "/decks/action_deck/0",
            "Trade cannot be in action_deck: give a player a strategy card with "
            "strategy_cards, or put it in decks/strategy_area",
        ),
        (
            "/decks/unit_tokens/0",
            "Cruiser cannot be in unit_tokens: put units on the board with "
            "board/systems/units",
        ),
    ]


def test_an_unknown_resource_is_refused() -> None:
    scenario = _scenario()
    scenario["players"][0]["resources"] = {"trade_goods": 2, "gold": 1}
    (problem,) = _problems(scenario)
    assert problem[0] == "/players/0/resources/gold"


def test_state_only_a_card_in_play_has_is_refused_elsewhere() -> None:
    scenario = _scenario(decks={"action_deck": [{"card": "spy", "exhausted": True}]})
    scenario["players"][0]["hand"] = [{"card": "spy", "exhausted": True}]
    assert _problems(scenario) == [
        ("/players/0/hand/0/exhausted", "only a card in play can be exhausted"),
        ("/decks/action_deck/0/exhausted", "only a card in play can be exhausted"),
    ]


def _research(card: str, target: str, **alice: Any) -> dict[str, Any]:
    """A scenario whose one step is Alice playing ``card`` to research ``target``."""
    scenario = _scenario()
    scenario["players"][0].update(hand=[card], **alice)
    step = {"player": "Alice", "play": card, "targets": {"target": target}}
    scenario["steps"] = [step]
    return scenario


def _not_modelled(scenario: dict[str, Any]) -> Unmodelled:
    """The one problem of a scenario the pack refuses as not modelled."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    (problem,) = caught.value.problems
    assert isinstance(problem, Unmodelled)
    assert problem.path == "/steps/0/play"
    return problem


def test_research_the_pack_cannot_answer_for_is_refused_as_not_modelled() -> None:
    scenario = _research("focused-research", "e-res-siphons", trade_goods=4)
    assert "'e-res-siphons' is not modelled" in _not_modelled(scenario).message
    # The Nekro Virus researches nothing (Propagation): any technology will do.
    scenario["players"][0]["faction"] = "nekro"
    assert run_scenario(scenario).ok


def test_reveal_prototype_by_a_faction_with_its_own_upgrades_is_not_modelled() -> None:
    scenario = _research("reveal-prototype", "cruiser-ii", faction="sol")
    assert "unit upgrades of its own" in _not_modelled(scenario).message
    scenario["players"][0]["faction"] = "hacan"  # no upgrades of its own: an answer
    assert run_scenario(scenario).steps[0].status == "rejected"


def test_a_second_speaker_is_refused() -> None:
    scenario = _scenario(board={"speaker": "Bob"})
    scenario["players"][0]["speaker"] = True
    assert _problems(scenario) == [
        (
            "/players/0/speaker",
            "Bob is already the speaker (there is one speaker token)",
        )
    ]


def test_a_resource_set_twice_is_refused() -> None:
    scenario = _scenario()
    scenario["players"][0].update(
        trade_goods=2,
        command_tokens={"tactic": 1},
        resources={"trade_goods": 5, "tactic": 2, "fleet": 1},
    )
    assert [path for path, _ in _problems(scenario)] == [
        "/players/0/resources/trade_goods",
        "/players/0/resources/tactic",
    ]
