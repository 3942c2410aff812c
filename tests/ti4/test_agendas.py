"""The agenda data table agrees with the content, and the agenda zones exist
only in a scenario that has agendas (so older results do not change)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import run_scenario
from oracle.engine.core.errors import ScenarioError
from oracle.games import ti4
from oracle.games.ti4.agendas import table
from tests.ti4 import golden

ELECT_WORDS = {
    "For/Against": table.FOR_AGAINST,
    "Player": table.PLAYER,
    "Planet": table.PLANET,
    "Cultural planet": table.CULTURAL_PLANET,
    "Hazardous planet": table.HAZARDOUS_PLANET,
    "Industrial planet": table.INDUSTRIAL_PLANET,
    "Non-home planet other than Mecatol Rex": table.NON_HOME_PLANET,
    "Law": table.LAW,
    "Scored secret objective": table.SECRET_OBJECTIVE,
    "Strategy card": table.STRATEGY_CARD,
    "The hidden agenda's outcomes": table.HIDDEN_AGENDA,
}


def _content() -> dict[str, dict[str, Any]]:
    return {
        slug: card
        for slug, card in golden.fixture_cards().items()
        if card["type"] == "agenda"
    }


def test_the_agenda_table_agrees_with_the_content() -> None:
    content = _content()
    assert set(table.AGENDAS) == set(content)
    for slug, agenda in table.AGENDAS.items():
        card = content[slug]
        assert agenda.name == card["name"], slug
        assert agenda.law == (card["attrs"]["agenda_type"] == "law"), slug
        assert agenda.elect == ELECT_WORDS[card["attrs"]["elect"]], slug
        assert agenda.expansion == card["expansion"], slug


def test_the_base_agenda_deck_holds_fifty_agendas() -> None:
    assert len(table.BASE_AGENDA_DECK) == 50
    assert all(table.AGENDAS[s].expansion == "base" for s in table.BASE_AGENDA_DECK)


def test_every_agenda_is_a_card_of_the_pack() -> None:
    for slug in table.AGENDAS:
        assert ti4.PACK.has_card(slug), slug


def _scenario(**decks: object) -> dict[str, object]:
    return {
        "game": "ti4",
        "phase": "status",
        "players": [{"name": "Alice", "speaker": True}, {"name": "Bob"}],
        "board": {"fill_agendas": bool(decks.pop("fill", False))},
        "decks": decks,
    }


def test_a_scenario_without_agendas_has_no_agenda_zones() -> None:
    zones = run_scenario(_scenario()).to_dict()["state"]["zones"]
    assert "agenda_deck" not in zones
    assert "agenda_area" not in zones


def test_fill_agendas_counts_the_rest_of_the_base_deck() -> None:
    result = run_scenario(_scenario(agenda_deck=["mutiny"], fill=True)).to_dict()
    deck = result["state"]["zones"]["agenda_deck"]
    assert sum(deck.values()) == 50
    assert deck["mutiny"] == 1


def test_a_scenario_with_agendas_starts_inside_the_agenda_phase() -> None:
    scenario = _scenario(agenda_deck=["mutiny", "minister-of-war"])
    scenario["phase"] = "agenda"
    result = run_scenario(scenario).to_dict()
    events = [e["event"] for e in result["log"]]
    assert "phase_start" not in events  # the opening window has passed
    assert events[0] == "agenda_step"  # before any step: the run starts with it
    assert events.count("reveal_agenda") == 2


def test_no_agenda_phase_to_start_in_under_the_custodians() -> None:
    scenario = _scenario(agenda_deck=["mutiny"])
    scenario["phase"] = "agenda"
    scenario["board"] = {"custodians": True}
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    assert caught.value.problems[0].path == "/phase"
    assert "custodians" in caught.value.problems[0].message
