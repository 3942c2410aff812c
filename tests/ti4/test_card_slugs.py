"""The pack names every card by the content's slug (``fixtures/ti4/cards``), so
a slug copied from a card page works in a scenario; the old slugs the pack
once used still read as the new ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

import oracle.games.ti4 as ti4
from oracle.engine import run_scenario
from oracle.games.ti4 import cards, data
from oracle.games.ti4 import state as st
from oracle.games.ti4.spelling import ALIASES

from . import golden

#: The content's card type for each kind of card the pack defines.
CONTENT_TYPE = {
    st.ACTION: "action",
    st.TECHNOLOGY: "technology",
    st.FACTION_ABILITY: "faction-ability",
    st.STRATEGY_CARD: "strategy",
    st.LAW: "agenda",
    st.DIRECTIVE: "agenda",
    st.PROMISSORY_NOTE: "promissory-note",
    st.UNIT: "unit",
}

#: Slugs of the pack with no content card of the same slug and type, and why.
#: Do not add to this list to silence the test: give the card the content's slug
#: (with an alias in ``spelling.ALIASES`` when scenarios already use the old one).
KNOWN_EXCEPTIONS = {
    # The War Sun unit upgrade: the content has one card, the unit ``war-sun``,
    # which the pack also has (as a unit).
    "war-sun-upgrade": "technology",
    # Flagships and mechs differ by faction: the content has one card per
    # faction (``faction_units.py``), the pack one generic unit.
    "flagship": "unit",
    "mech": "unit",
    # These three laws are agendas whose content slugs end in ``-agenda``; the
    # slugs the pack uses are those of the relics of the same name. Left as
    # they are while the agenda phase is being reworked elsewhere.
    "shard-of-the-throne": "law",
    "the-crown-of-emphidia": "law",
    "the-crown-of-thalnos": "law",
    # Factions whose content slug differs: ``sardakk`` and ``jol-nar``.
    "norr": "faction",
    "jolnar": "faction",
}


def _pack_slugs() -> dict[str, str]:
    """Every card slug the pack knows, with its kind (rule components, which
    are no game cards, left out), and the factions."""
    found = {c.slug: c.type for c in cards.ALL_CARDS if c.type != st.RULE}
    found.update(dict.fromkeys(data.FACTIONS, "faction"))
    return found


def test_every_card_slug_of_the_pack_is_a_content_card_of_its_type() -> None:
    content = golden.fixture_cards()
    wrong = {
        slug: kind
        for slug, kind in _pack_slugs().items()
        if content.get(slug, {}).get("type") != CONTENT_TYPE.get(kind, kind)
        and KNOWN_EXCEPTIONS.get(slug) != kind
    }

    assert not wrong, f"slugs with no content card of their type: {wrong}"


def test_the_known_exceptions_are_still_exceptions() -> None:
    content = golden.fixture_cards()
    ours = _pack_slugs()
    for slug, kind in KNOWN_EXCEPTIONS.items():
        assert ours.get(slug) == kind, slug
        assert content.get(slug, {}).get("type") != CONTENT_TYPE.get(kind, kind), slug


def test_each_alias_leads_from_a_slug_no_card_has_to_a_content_card() -> None:
    content = golden.fixture_cards()
    for old, new in ALIASES.items():
        assert not ti4.PACK.has_card(old), old
        assert ti4.PACK.has_card(new), new
        assert new in content, new


def _with(value: Any, old: str, new: str) -> Any:
    """``value`` with every occurrence of the slug ``new`` written ``old``."""
    return json.loads(json.dumps(value).replace(f'"{new}', f'"{old}'))


@pytest.mark.parametrize("old", ["lightwave-deflector", "LightWave-Deflector"])
def test_a_scenario_with_the_old_slug_runs_as_with_the_new(old: str) -> None:
    scenario = golden.load(golden.SCENARIOS / "rules" / "mv-light-wave-deflector.yaml")[
        "scenario"
    ]
    scenario["players"][1]["tech_deck"] = ["light-wave-deflector"]
    written = _with(scenario, old, "light-wave-deflector")
    assert old in json.dumps(written)

    assert run_scenario(written).to_dict() == run_scenario(scenario).to_dict()


def test_a_step_may_use_a_technology_by_its_old_slug() -> None:
    scenario = golden.load(
        golden.SCENARIOS / "x-89-bacterial-weapon" / "c-x-89-bacterial-weapon.yaml"
    )["scenario"]
    written = _with(scenario, "x89-bacterial-weapon", "x-89-bacterial-weapon")
    assert '"use": "x89-bacterial-weapon"' in json.dumps(written)

    assert run_scenario(written).to_dict() == run_scenario(scenario).to_dict()


def test_a_technology_deck_holds_one_printing_of_x89_and_none_once_owned() -> None:
    scenario: dict[str, Any] = {
        "game": "ti4",
        "phase": "action",
        "players": [
            {"name": "Alice", "technologies": ["x-89-bacterial-weapon-omega"]},
            {"name": "Bob"},
        ],
    }
    players = run_scenario(scenario).state["players"]
    alice, bob = players["Alice"]["tech_deck"], players["Bob"]["tech_deck"]  # type: ignore[index]

    assert bob["x-89-bacterial-weapon"] == 1
    assert "x-89-bacterial-weapon-omega" not in bob
    assert not {"x-89-bacterial-weapon", "x-89-bacterial-weapon-omega"} & set(alice)
