"""Hostile or mistyped content: each mistake is a load error at ``file:line``
with the root cause first, and the database keeps the previous content."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.content.errors import ContentErrors
from rules.content.loader import load_game
from rules.models import Game, Rule
from tests.builders import RULING, TOPIC_CARDS, write_game

pytestmark = pytest.mark.django_db

CARDS = "topics__002-cards.md"
RULING_FILE = "rulings__cancel-a-cancel.yaml"


def errors_of(directory: Path) -> list[str]:
    with pytest.raises(ContentErrors) as info:
        load_game(directory)
    return [str(error) for error in info.value.errors]


def rule_2_2(text: str) -> dict[str, str]:
    """The demo topic with rule 2.2 (line 10 of the file) reading ``text``."""
    return {CARDS: TOPIC_CARDS.replace("2.2 Hand limit is seven.", f"2.2 {text}")}


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {RULING_FILE: RULING.replace("date: 2024-03-01", "date: 2024-02-30")},
            "demo/rulings/cancel-a-cancel.yaml:8: invalid YAML: '2024-02-30' is not "
            "a real date (day is out of range for month)",
        ),
        (
            {CARDS: TOPIC_CARDS.replace("related: [turns]", "updated: 2024-13-01")},
            "demo/topics/002-cards.md:5: front matter: invalid YAML: '2024-13-01' "
            "is not a real date",
        ),
        (rule_2_2("See [[card:cancel] first."), "demo/topics/002-cards.md:10: "),
        (rule_2_2("See [[Card:cancel]] first."), "demo/topics/002-cards.md:10: "),
        (rule_2_2("See [card:cancel]] first."), "demo/topics/002-cards.md:10: "),
        (
            rule_2_2("Seven.\n<style>p {}\n\nThe rest of the rule."),
            "demo/topics/002-cards.md:11: raw HTML <style> is not allowed",
        ),
        (
            rule_2_2("Seven <script>x\n\nThe rest."),
            "demo/topics/002-cards.md:10: raw HTML <script> is not allowed",
        ),
        (
            rule_2_2("Seven <textarea>x\n\nThe rest."),
            "demo/topics/002-cards.md:10: raw HTML <textarea> is not allowed",
        ),
        (
            rule_2_2("Seven <code>x\n\nThe rest."),
            "demo/topics/002-cards.md:10: <code> is never closed",
        ),
    ],
    ids=[
        "impossible-day",
        "impossible-month",
        "link-missing-bracket",
        "link-kind-capitalised",
        "link-missing-opening-bracket",
        "unclosed-style",
        "unclosed-script",
        "unclosed-textarea",
        "unclosed-allowed-tag",
    ],
)
def test_a_mistake_is_a_load_error_at_its_line_and_changes_nothing(
    tmp_path: Path, files: dict[str, str], expected: str
) -> None:
    load_game(write_game(tmp_path / "good"))
    before = list(
        Rule.objects.filter(game__slug="demo").values_list("rule_id", "text_html")
    )
    version = Game.objects.get(slug="demo").content_version

    messages = errors_of(write_game(tmp_path / "bad", **files))

    assert any(message.startswith(expected) for message in messages), messages
    assert (
        list(Rule.objects.filter(game__slug="demo").values_list("rule_id", "text_html"))
        == before
    )
    assert Game.objects.get(slug="demo").content_version == version


def test_a_malformed_link_says_how_to_write_one(tmp_path: Path) -> None:
    messages = errors_of(write_game(tmp_path, **rule_2_2("See [[Card:cancel]].")))

    assert messages == [
        "demo/topics/002-cards.md:10: malformed cross-link near "
        "'[[Card:cancel]].': write [[kind:target]] or [[kind:target|label]], the "
        "kind in lower case (rule, topic, card, term, ruling)"
    ]


def test_html_the_page_keeps_and_code_that_shows_tags_still_load(
    tmp_path: Path,
) -> None:
    text = "Seven <em>cards</em>, <abbr title='at most'>max</abbr>; `<style>` is code."
    load_game(write_game(tmp_path, **rule_2_2(text)))

    html = Rule.objects.get(game__slug="demo", rule_id="2.2").text_html
    assert "<em>cards</em>" in html and "&lt;style&gt;" in html


def test_a_broken_topic_is_reported_first_and_its_echoes_briefly(
    tmp_path: Path, settings: object, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rule 2.1 is cited by the card, the ruling and a link of the card; the
    # topic's front matter is broken, so each of those is an echo of it.
    topic = TOPIC_CARDS.replace("related: [turns]", "related: [turns\n  oops: [")
    write_game(tmp_path, **{CARDS: topic})
    settings.FIXTURES_DIR = tmp_path  # type: ignore[attr-defined]

    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("load_content", "demo", "--no-index")

    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("demo/topics/002-cards.md:")
    assert "invalid YAML" in lines[0]
    assert "which may only follow from the file(s) above" in lines[1]
    assert all(line.startswith("  demo/") for line in lines[2:])
    assert 3 <= len(lines) <= 7
