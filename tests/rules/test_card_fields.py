"""Card types' own fields (game.yaml card_fields), notes and revised cards:
what the loader stores, and the file:line errors it gives for each mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.content.errors import ContentErrors
from rules.content.loader import load_game
from rules.models import Card, Game, Reference
from tests.builders import CARD_CANCEL
from tests.components import (
    BLUE_FOLK,
    COMPONENT_GAME,
    CRUISER,
    CRUISER_II,
    VOTE,
    components,
)

pytestmark = pytest.mark.django_db


def errors_of(directory: Path) -> list[str]:
    with pytest.raises(ContentErrors) as info:
        load_game(directory)
    return [str(error) for error in info.value.errors]


def card(slug: str) -> Card:
    return Card.objects.get(game__slug="demo", slug=slug)


def test_stores_each_kind_of_attr_and_its_html(tmp_path: Path) -> None:
    load_game(components(tmp_path))

    cruiser = card("cruiser")
    assert cruiser.attrs == {
        "cost": "2",
        "combat": "7",
        "plastic_limit": 8,
        "abilities": ["Sustain Damage"],
        "upgrade": "cruiser-ii",
    }
    assert list(cruiser.attrs_html) == list(cruiser.attrs)  # declaration order
    assert 'href="/demo/cards/cruiser-ii/"' in cruiser.attrs_html["upgrade"]
    assert ">Cruiser II</a>" in cruiser.attrs_html["upgrade"]
    assert card("cruiser-ii").attrs_html["prerequisites"] == "Green, Blue"
    vote = card("vote")
    assert vote.attrs["outcomes"][0] == {
        "outcome": "For",
        "effect": "Play [[card:cancel]] at once.",
    }
    assert "<dt>For</dt>" in vote.attrs_html["outcomes"]
    assert 'data-xref="card:cancel"' in vote.attrs_html["outcomes"]
    assert vote.attrs_html["agenda_type"] == "Law"
    assert vote.attrs_html["secret"] == "No"


def test_card_list_links_slugs_and_keeps_written_names(tmp_path: Path) -> None:
    load_game(components(tmp_path))

    shown = card("blue-folk").attrs_html["starting_technologies"]
    assert ">Cruiser II</a>, Any 1 blue technology" in shown


def test_declares_card_fields_on_the_game(tmp_path: Path) -> None:
    load_game(components(tmp_path))

    fields = Game.objects.get(slug="demo").card_fields["unit"]
    assert [field["key"] for field in fields][:3] == ["cost", "combat", "plastic_limit"]
    assert fields[2]["label"] == "Pieces"
    assert fields[2]["kind"] == "int"


def test_notes_keep_their_source_and_date(tmp_path: Path) -> None:
    load_game(components(tmp_path))

    (note,) = card("cruiser").notes
    assert note["source"] == "community"
    assert note["date"] == "2024-05-06"
    assert 'href="/demo/rules/cards/#2.1"' in note["text_html"]


def test_revised_card_points_both_ways(tmp_path: Path) -> None:
    load_game(components(tmp_path))

    assert card("vote").replaces == card("old-vote")
    assert list(card("old-vote").revised_as.all()) == [card("vote")]


def test_links_in_attrs_and_card_references_are_backlinks(tmp_path: Path) -> None:
    load_game(components(tmp_path))

    sources = set(
        Reference.objects.filter(game__slug="demo", target_kind="card").values_list(
            "source_key", "target_key"
        )
    )
    assert ("vote", "cancel") in sources  # a link in an outcome's effect
    assert ("cruiser", "cruiser-ii") in sources  # the upgrade attr
    assert ("cruiser-ii", "cruiser") in sources  # and back


def test_components_need_no_window_or_timing(tmp_path: Path) -> None:
    report = load_game(components(tmp_path))

    assert report.cards == 6
    assert card("cruiser").window == "" and card("cruiser").timing_html == ""


def test_action_card_still_needs_window_and_timing(tmp_path: Path) -> None:
    cancel = """\
    slug: cancel
    name: Cancel
    type: action
    expansion: base
    effect: Cancel it.
    """
    errors = errors_of(components(tmp_path, **{"cards__cancel.yaml": cancel}))

    assert (
        "demo/cards/cancel.yaml:1: card cancel: a card of type 'action' needs 'window'"
        in (errors)
    )
    assert (
        "demo/cards/cancel.yaml:1: card cancel: a card of type 'action' needs 'timing'"
        in (errors)
    )


@pytest.mark.parametrize(
    ("line", "replacement", "message"),
    [
        (
            "  plastic_limit: 8",
            "  plastic_limit: eight",
            "cruiser.yaml:9: card cruiser: attr 'plastic_limit' must be a whole number",
        ),
        (
            '  combat: "7"',
            "  fire_power: 7",
            "cruiser.yaml:8: card cruiser: unknown attr 'fire_power' for type 'unit' "
            "(allowed: cost, combat, plastic_limit, abilities, upgrade)",
        ),
        (
            "  upgrade: cruiser-ii",
            "  upgrade: cruiser-iii",
            "cruiser.yaml:11: card cruiser: attr 'upgrade': unknown card 'cruiser-iii'",
        ),
        (
            "  upgrade: cruiser-ii",
            "  upgrade: vote",
            "cruiser.yaml:11: card cruiser: attr 'upgrade': 'vote' is a agenda, "
            "not a technology",
        ),
        (
            "    source: community",
            "    source: rumour",
            "cruiser.yaml:14: card note: unknown source 'rumour'",
        ),
    ],
)
def test_a_wrong_attr_is_an_error_at_its_line(
    tmp_path: Path, line: str, replacement: str, message: str
) -> None:
    assert line in CRUISER
    errors = errors_of(
        components(
            tmp_path, **{"cards__cruiser.yaml": CRUISER.replace(line, replacement)}
        )
    )

    assert any(error.startswith(f"demo/cards/{message}") for error in errors), errors


def test_a_choice_not_declared_is_an_error(tmp_path: Path) -> None:
    broken = CRUISER_II.replace("colour: green", "colour: purple")
    errors = errors_of(components(tmp_path, **{"cards__cruiser-ii.yaml": broken}))

    assert errors == [
        "demo/cards/cruiser-ii.yaml:7: card cruiser-ii: attr 'colour': "
        "'purple' is not a choice (use blue, green)"
    ]


def test_replacing_an_unknown_card_is_an_error(tmp_path: Path) -> None:
    errors = errors_of(
        components(
            tmp_path, **{"cards__vote.yaml": VOTE.replace("old-vote", "older-vote")}
        )
    )

    assert errors == [
        "demo/cards/vote.yaml:6: card vote: replaces unknown card 'older-vote'"
    ]


def test_unknown_faction_and_missing_required_attr_are_errors(tmp_path: Path) -> None:
    broken = BLUE_FOLK.replace("faction: blue-folk", "faction: red-folk").replace(
        "  commodities: 3\n", ""
    )
    errors = errors_of(components(tmp_path, **{"cards__blue-folk.yaml": broken}))

    assert errors[1:] == [
        "demo/cards/blue-folk.yaml:6: unknown faction 'red-folk' (known: blue-folk)",
        "demo/cards/blue-folk.yaml:8: card blue-folk: missing attr 'commodities'",
    ]


def test_attrs_on_a_type_without_fields_are_errors(tmp_path: Path) -> None:
    cancel = CARD_CANCEL + "attrs:\n  colour: blue\n"
    errors = errors_of(components(tmp_path, **{"cards__cancel.yaml": cancel}))

    assert errors == [
        "demo/cards/cancel.yaml:12: card cancel: unknown attr 'colour' for type "
        "'action' (allowed: none)"
    ]


def test_bad_declarations_in_game_yaml_are_errors(tmp_path: Path) -> None:
    game = COMPONENT_GAME.replace("cost: text", "cost: money").replace(
        "colour: {kind: choice, choices: [blue, green]}", "colour: {kind: choice}"
    )
    errors = errors_of(components(tmp_path, **{"game.yaml": game}))

    game_errors = [error for error in errors if error.startswith("demo/game.yaml")]
    assert len(game_errors) == 2
    assert (
        "demo/game.yaml:14: card field 'cost': unknown kind 'money' "
        in (game_errors[0])
    )
    assert game_errors[1] == (
        "demo/game.yaml:20: card field 'colour': a choice field needs its choices "
        "(a list or map)"
    )


def test_faction_card_must_name_its_own_faction(tmp_path: Path) -> None:
    broken = BLUE_FOLK.replace("faction: blue-folk\n", "")
    errors = errors_of(components(tmp_path, **{"cards__blue-folk.yaml": broken}))

    assert errors == [
        "demo/cards/blue-folk.yaml:1: card blue-folk: the card named after a "
        "faction is that faction's own card: give it 'faction: blue-folk'"
    ]
