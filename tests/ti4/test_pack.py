"""The TI4 pack: registration, citations, deck composition, refusals of input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import oracle.games
import oracle.games.ti4 as ti4
from oracle.engine import ScenarioError, get_pack, run_scenario
from oracle.engine.__main__ import main
from oracle.games.ti4 import cards, data
from oracle.games.ti4.cards.common import Ti4Card

from . import golden


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


def test_discovery_registers_the_pack() -> None:
    assert "ti4" in oracle.games.discover()
    assert get_pack("ti4") is ti4.PACK


def test_every_rule_id_the_pack_can_cite_exists_in_the_topics() -> None:
    missing = ti4.PACK.cited_rule_ids() - golden.topic_rule_ids()
    assert not missing, f"the pack cites unknown rule ids {sorted(missing)}"


def test_base_action_deck_has_the_real_composition() -> None:
    assert sum(count for _name, count in data.BASE_ACTION_DECK.values()) == 80
    content = {
        slug: card["count"]
        for slug, card in golden.fixture_cards().items()
        if card["type"] == "action" and card["expansion"] == "base"
    }
    ours = {slug: count for slug, (_name, count) in data.BASE_ACTION_DECK.items()}
    assert ours == content


def test_card_names_match_the_content() -> None:
    content = golden.fixture_cards()
    for slug in ti4.implemented_cards():
        assert slug in content, slug
        assert ti4.PACK.card(slug).name == content[slug]["name"], slug


def test_offensive_flags_match_the_content() -> None:
    content = golden.fixture_cards()
    for slug, definition in cards.ACTION_CARDS.items():
        flagged = "offensive" in (content[slug].get("flags") or [])
        assert isinstance(definition, Ti4Card)
        assert definition.offensive == flagged, slug


def test_every_base_action_card_is_implemented_or_explained() -> None:
    for slug in data.BASE_ACTION_DECK:
        assert (slug in cards.ACTION_CARDS) != (slug in cards.NOT_IMPLEMENTED), slug


def test_playing_an_unimplemented_card_is_refused_naming_it() -> None:
    scenario = _scenario(steps=[{"player": "Alice", "play": "ceasefire"}])
    scenario["players"][0]["hand"] = ["veto"]
    scenario["players"][0]["promissory"] = ["ceasefire"]
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    assert caught.value.problems[0].path == "/steps/0/play"
    assert "Ceasefire" in caught.value.problems[0].message
    assert "promissory notes are not modelled" in caught.value.problems[0].message


def test_unimplemented_cards_may_sit_in_hands_and_decks() -> None:
    scenario = _scenario(board={"fill_deck": True})
    scenario["players"][0]["promissory"] = ["ceasefire"]
    result = run_scenario(scenario)
    assert result.ok
    board = result.state["board"]
    assert isinstance(board, dict)
    assert board["action_deck_count"] == 80


def test_a_hand_over_the_limit_at_the_start_is_bad_input() -> None:
    scenario = _scenario()
    scenario["players"][0]["hand"] = ["spy"] * 8
    with pytest.raises(ScenarioError, match="over the hand limit"):
        run_scenario(scenario)


def test_board_problems_have_paths() -> None:
    scenario = _scenario(
        board={"systems": [{"id": "rex", "units": {"Bob": ["2 destroyer@rex"]}}]}
    )
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    assert caught.value.problems[0].path == "/board/systems/0/units/Bob/0"


def test_a_strategy_card_held_twice_is_bad_input() -> None:
    scenario = _scenario()
    scenario["players"][0]["strategy_cards"] = ["politics"]
    scenario["players"][1]["strategy_cards"] = ["leadership", "politics"]
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    (problem,) = caught.value.problems
    assert problem.path == "/players/1/strategy_cards/1"
    assert problem.message == "Politics is already held by Alice"


def test_cli_runs_a_ti4_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    first = golden.files()[0]
    path.write_text(json.dumps(golden.load(first)["scenario"]))
    assert main(["run", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "ti4"


def test_a_target_name_the_card_does_not_take_is_bad_input() -> None:
    step = {"player": "Alice", "play": "lucky-shot", "targets": {"unit": "x"}}
    scenario = _scenario(steps=[step])
    scenario["players"][0]["hand"] = ["lucky-shot"]
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    assert caught.value.problems[0].path == "/steps/0/targets/unit"
    assert "its targets: target" in caught.value.problems[0].message


def test_each_implemented_card_is_one_module_named_after_its_slug() -> None:
    folder = Path(cards.__file__).parent
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__", *cards.SHARED}

    assert {m.replace("_", "-") for m in modules} == (
        ti4.implemented_cards() | cards.RULE_COMPONENTS
    )
    for slug in ti4.implemented_cards():
        assert ti4.PACK.card(slug) is cards.DEFINED[slug], slug
