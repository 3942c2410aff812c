from __future__ import annotations

from pathlib import Path

import pytest

from rules.content.glossary import TermLinker
from rules.content.loader import load_game
from rules.models import Rule
from tests.builders import TOPIC_CARDS, write_game

LINKER = TermLinker(
    [("active player", "active-player"), ("action card", "action-card")]
)


def test_links_first_use_of_each_term_only() -> None:
    text = "The active player plays an action card; the active player waits."

    assert LINKER.link(text) == (
        "The [[term:active-player|active player]] plays an "
        "[[term:action-card|action card]]; the active player waits."
    )


def test_matches_plurals_and_keeps_the_authors_case() -> None:
    assert LINKER.link("Action cards are hidden.") == (
        "[[term:action-card|Action cards]] are hidden."
    )


def test_leaves_links_code_and_skipped_terms_alone() -> None:
    text = "[[card:spy|an action card]] and `active player` and [x](/active-player)"

    assert LINKER.link(text) == text
    assert LINKER.link("an action card", skip=frozenset({"action-card"})) == (
        "an action card"
    )


def test_does_not_link_inside_longer_words() -> None:
    assert LINKER.link("hyperactive players") == "hyperactive players"


@pytest.mark.django_db
def test_rule_text_links_terms_defined_in_other_topics(tmp_path: Path) -> None:
    topic = TOPIC_CARDS.replace("2.2 Hand limit", "2.2 The active player's hand limit")
    load_game(write_game(tmp_path, **{"topics__002-cards.md": topic}))

    html = Rule.objects.get(game__slug="demo", rule_id="2.2").text_html
    assert 'data-xref="term:active-player"' in html
    # The term's own topic (turns) does not link it.
    own = Rule.objects.get(game__slug="demo", rule_id="1.1").text_html
    assert "data-xref" not in own
