from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.content.errors import ContentErrors
from rules.content.loader import load_game
from rules.models import Card, Game, Reference, Rule, Ruling, Term, Topic, TopicLinks
from tests.builders import RULING, TERMS, TOPIC_CARDS, write_game

pytestmark = pytest.mark.django_db


def snapshot() -> dict[str, list[tuple[object, ...]]]:
    """Everything the demo game has in the database, to compare before/after."""
    return {
        "topics": sorted(
            Topic.objects.filter(game__slug="demo").values_list("slug", "title")
        ),
        "rules": sorted(
            Rule.objects.filter(game__slug="demo").values_list("rule_id", "text_md")
        ),
        "cards": sorted(
            Card.objects.filter(game__slug="demo").values_list("slug", "effect_md")
        ),
        "terms": sorted(Term.objects.filter(game__slug="demo").values_list("slug")),
        "rulings": sorted(Ruling.objects.filter(game__slug="demo").values_list("slug")),
    }


def errors_of(directory: Path) -> list[str]:
    with pytest.raises(ContentErrors) as info:
        load_game(directory)
    return [str(error) for error in info.value.errors]


def test_loads_good_content(tmp_path: Path) -> None:
    report = load_game(write_game(tmp_path))

    assert report.changed
    game = Game.objects.get(slug="demo")
    assert list(game.topics.values_list("number", flat=True)) == [1, 2]
    rules = {rule.rule_id: rule for rule in game.rules.all()}
    assert set(rules) == {"1.1", "2.1", "2.2", "2.2a", "2.N1"}
    assert rules["2.2a"].parent == rules["2.2"]
    assert rules["2.N1"].is_note and rules["2.N1"].source == "faq"
    assert str(rules["2.N1"].date) == "2024-02-03"
    card = Card.objects.get(game__slug="demo", slug="cancel")
    assert list(card.cited_rules.values_list("rule_id", flat=True)) == ["2.1"]
    assert (
        Term.objects.get(game__slug="demo", slug="active-player").topic.slug == "turns"
    )
    assert list(
        Topic.objects.get(game__slug="demo", slug="cards").related.values_list(
            "slug", flat=True
        )
    ) == ["turns"]


def test_renders_cross_links_to_their_pages(tmp_path: Path) -> None:
    load_game(write_game(tmp_path))

    html = Rule.objects.get(game__slug="demo", rule_id="2.1").text_html
    assert 'href="/demo/cards/cancel/"' in html
    assert ">Cancel</a>" in html
    note = Rule.objects.get(game__slug="demo", rule_id="2.N1").text_html
    assert 'href="/demo/rules/cards/#2.2a"' in note
    answer = Ruling.objects.get(game__slug="demo", slug="cancel-a-cancel").answer_html
    assert ">Cancel</a>" in answer and 'data-xref="card:cancel"' in answer


def test_records_backlinks(tmp_path: Path) -> None:
    load_game(write_game(tmp_path))

    sources = set(
        Reference.objects.filter(
            game__slug="demo", target_kind="card", target_key="cancel"
        ).values_list("source_kind", "source_key")
    )
    assert sources == {("rule", "2.1"), ("ruling", "cancel-a-cancel")}


def test_loading_twice_changes_nothing(tmp_path: Path) -> None:
    directory = write_game(tmp_path)
    load_game(directory)
    before = snapshot()
    loaded_at = Game.objects.get(slug="demo").loaded_at

    report = load_game(directory)

    assert not report.changed
    assert snapshot() == before
    assert Game.objects.get(slug="demo").loaded_at == loaded_at


def test_forced_reload_gives_same_content(tmp_path: Path) -> None:
    directory = write_game(tmp_path)
    load_game(directory)
    before = snapshot()

    assert load_game(directory, force=True).changed
    assert snapshot() == before


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {"topics__002-cards.md": TOPIC_CARDS.replace("2.2 Hand", "2.1 Hand")},
            "demo/topics/002-cards.md:10: duplicate rule id 2.1",
        ),
        (
            {"topics__002-cards.md": TOPIC_CARDS.replace("2.2 Hand", "3.2 Hand")},
            "demo/topics/002-cards.md:10: rule 3.2 does not belong to topic 2",
        ),
        (
            {
                "topics__002-cards.md": TOPIC_CARDS.replace(
                    "[[card:cancel]]", "[[card:nope]]"
                )
            },
            "demo/topics/002-cards.md:9: broken link [[card:nope]]: no such card",
        ),
        (
            {
                "topics__002-cards.md": TOPIC_CARDS.replace(
                    "related: [turns]", "related: [turns"
                )
            },
            "demo/topics/002-cards.md:5: front matter: invalid YAML",
        ),
        (
            {
                "topics__002-cards.md": TOPIC_CARDS.replace(
                    "slug: cards", "slug: cards\ncolour: red"
                )
            },
            "demo/topics/002-cards.md:5: front matter: unknown field 'colour'",
        ),
        (
            {
                "cards__cancel.yaml": "slug: cancel\nname: Cancel\ntype: action\n"
                "expansion: base\neffect: x\nrarity: common\n"
            },
            "demo/cards/cancel.yaml:6: card: unknown field 'rarity'",
        ),
        (
            {"cards__cancel.yaml": "slug: cancel\nname: [Cancel\n"},
            "demo/cards/cancel.yaml:3: invalid YAML",
        ),
        (
            {
                "cards__cancel.yaml": "slug: cancel\nname: Cancel\ntype: spell\n"
                "expansion: base\neffect: x\n"
            },
            "demo/cards/cancel.yaml:3: unknown card type 'spell'",
        ),
        (
            {
                "cards__cancel.yaml": "slug: cancel\nname: Cancel\ntype: action\n"
                "expansion: base\neffect: x\nrules: [2.9]\n"
            },
            "demo/cards/cancel.yaml:6: card: quote the id 2.9",
        ),
        (
            {
                "rulings__cancel-a-cancel.yaml": "slug: cancel-a-cancel\nquestion: Q?\n"
                "answer: A\nsource: community\ndate: 2024-01-01\nrules: ['9.9']\n"
            },
            "demo/rulings/cancel-a-cancel.yaml:6: unknown rule id '9.9'",
        ),
        (
            {
                "topics__002-cards.md": TOPIC_CARDS.replace(
                    "2.2a Effects", "2.3a Effects"
                )
            },
            "demo/topics/002-cards.md:11: rule 2.3a: parent rule 2.3 missing",
        ),
        (
            {"terms.yaml": TERMS + '  rule: "9.9"\n'},
            "demo/terms.yaml:5: unknown rule id '9.9'",
        ),
        (
            {"terms.yaml": TERMS + "  rule: 1.1\n"},
            "demo/terms.yaml:5: term: quote the id 1.1 in rule",
        ),
    ],
    ids=[
        "duplicate-id",
        "rule-outside-topic",
        "broken-link",
        "malformed-front-matter",
        "unknown-front-matter-field",
        "unknown-card-field",
        "malformed-yaml",
        "unknown-card-type",
        "unquoted-rule-id",
        "unknown-rule-in-ruling",
        "orphan-sub-rule",
        "unknown-rule-defining-term",
        "unquoted-rule-defining-term",
    ],
)
def test_bad_content_names_file_and_line_and_changes_nothing(
    tmp_path: Path, files: dict[str, str], expected: str
) -> None:
    good = write_game(tmp_path / "good")
    load_game(good)
    before = snapshot()
    version = Game.objects.get(slug="demo").content_version

    messages = errors_of(write_game(tmp_path / "bad", **files))

    assert any(message.startswith(expected) for message in messages), messages
    assert snapshot() == before
    assert Game.objects.get(slug="demo").content_version == version


# The builders' term given the rule that defines it; then one with no rule.
TERM_WITH_RULE = TERMS.replace("  topic: turns\n", '  topic: turns\n  rule: "1.1"\n')
TERMS_WITH_RULES = (
    TERM_WITH_RULE
    + "- term: hand limit\n  slug: hand-limit\n  definition: At most seven cards.\n"
)


def test_a_term_points_at_the_rule_that_defines_it(tmp_path: Path) -> None:
    load_game(write_game(tmp_path, **{"terms.yaml": TERMS_WITH_RULES}))

    terms = {term.slug: term for term in Term.objects.filter(game__slug="demo")}
    assert terms["active-player"].rule.rule_id == "1.1"
    assert terms["hand-limit"].rule is None


def test_giving_a_term_its_rule_reloads_the_glossary(tmp_path: Path) -> None:
    directory = write_game(tmp_path)
    load_game(directory)
    (directory / "terms.yaml").write_text(TERM_WITH_RULE, encoding="utf-8")

    assert load_game(directory).changed
    term = Term.objects.get(game__slug="demo", slug="active-player")
    assert term.rule is not None and term.rule.rule_id == "1.1"
    assert not load_game(directory).changed


@pytest.mark.parametrize(("rule", "linked"), [("", True), ('  rule: "2.2"\n', False)])
def test_a_rule_does_not_link_the_term_it_defines(
    tmp_path: Path, rule: str, linked: bool
) -> None:
    # "hand limit" belongs to another topic than rule 2.2, which uses the words.
    terms = f"- term: hand limit\n  slug: hand-limit\n  topic: turns\n{rule}"
    load_game(write_game(tmp_path, **{"terms.yaml": terms + "  definition: Seven.\n"}))

    html = Rule.objects.get(game__slug="demo", rule_id="2.2").text_html
    assert ('data-xref="term:hand-limit"' in html) is linked


def test_reports_every_error_not_just_the_first(tmp_path: Path) -> None:
    topic = TOPIC_CARDS.replace("[[card:cancel]]", "[[card:nope]]").replace(
        "[[rule:2.2a]]", "[[rule:7.7]]"
    )
    messages = errors_of(
        write_game(tmp_path, topics__002_cards=None, **{"topics__002-cards.md": topic})
    )

    assert len(messages) == 2


def test_command_exits_non_zero_and_lists_errors(
    tmp_path: Path, settings: object, capsys: pytest.CaptureFixture[str]
) -> None:
    write_game(tmp_path, **{"cards__cancel.yaml": "slug: cancel\nname: [Cancel\n"})
    settings.FIXTURES_DIR = tmp_path  # type: ignore[attr-defined]

    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("load_content", "demo", "--no-index")

    assert "demo/cards/cancel.yaml:3: invalid YAML" in capsys.readouterr().err


def test_null_optional_field_means_not_given(tmp_path: Path) -> None:
    card = CARD_NULL_FACTION
    load_game(write_game(tmp_path, **{"cards__cancel.yaml": card}))

    assert Card.objects.get(game__slug="demo", slug="cancel").faction == ""


def test_blank_required_text_is_an_error(tmp_path: Path) -> None:
    card = CARD_NULL_FACTION.replace("name: Cancel", 'name: "  "')
    messages = errors_of(write_game(tmp_path, **{"cards__cancel.yaml": card}))

    assert "demo/cards/cancel.yaml:2: card: field 'name' is empty" in messages


CARD_NULL_FACTION = """\
slug: cancel
name: Cancel
type: action
expansion: base
effect: Cancel a card.
faction: null
"""


def test_a_topic_page_lists_are_worked_out_again_on_each_load(tmp_path: Path) -> None:
    directory = write_game(tmp_path)
    load_game(directory)
    turns = TopicLinks.objects.get(topic__game__slug="demo", topic__slug="turns")
    cards = TopicLinks.objects.get(topic__game__slug="demo", topic__slug="cards")
    assert [link["key"] for link in turns.data["mentions"]["topics"]] == ["cards"]
    assert [link["key"] for link in turns.data["terms"]] == ["active-player"]
    assert turns.data["next"]["key"] == "cards" and turns.data["previous"] is None
    assert cards.data["cards"] == [
        {"slug": "cancel", "name": "Cancel", "rules": ["2.1"]}
    ]
    # 2.N1 links to 2.2a: within its own topic, so not a backlink of it.
    assert cards.data["mentions"]["rules"] == []

    unlinked = TOPIC_CARDS.replace("see [[topic:turns]]", "see the turns topic")
    (directory / "topics" / "002-cards.md").write_text(unlinked, encoding="utf-8")
    load_game(directory)

    turns = TopicLinks.objects.get(topic__game__slug="demo", topic__slug="turns")
    assert turns.data["mentions"]["topics"] == []


def test_a_ruling_keeps_the_opening_of_its_answer_for_lists(tmp_path: Path) -> None:
    ruling = RULING.replace(
        "Yes: [[card:cancel]] may target another [[card:cancel|Cancel]].",
        "No. [[card:cancel|Cancel]] cannot target itself. It may target another.",
    )
    assert ruling != RULING
    load_game(write_game(tmp_path, **{"rulings__cancel-a-cancel.yaml": ruling}))

    opening = Ruling.objects.get(slug="cancel-a-cancel").answer_opening
    # A bare "No." takes the next sentence with it; links read as their words.
    assert opening == "No. Cancel cannot target itself."
