"""The glossary page links each term to the numbered rule that defines it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from rules.content.loader import load_game
from tests.builders import TERMS, write_game

# The builders' "active player" defined by rule 1.1 of its own topic, one term
# defined by a rule of another topic, and one with neither topic nor rule.
GLOSSARY = TERMS.replace("  topic: turns\n", '  topic: turns\n  rule: "1.1"\n') + (
    "- term: limit change\n  slug: limit-change\n  topic: turns\n"
    '  rule: "2.2a"\n  definition: An effect that changes the hand limit.\n'
    "- term: hand limit\n  slug: hand-limit\n  definition: At most seven cards.\n"
)


def entry(client: Client, tmp_path: Path, slug: str) -> str:
    """The definition (``<dd>``) of one term on the glossary page."""
    load_game(write_game(tmp_path, **{"terms.yaml": GLOSSARY}))
    response = client.get("/demo/glossary/")
    assert response.status_code == 200
    return response.content.decode().split(f'id="term-{slug}"')[1].split("</dd>")[0]


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        (
            "active-player",
            'Defined in <a href="/demo/rules/turns/" data-xref="topic:turns">1 Turns'
            '</a>, <a href="/demo/rules/turns/#1.1" data-xref="rule:1.1">rule '
            '<span class="rule-ref">1.1</span></a></p>',
        ),
        (
            # A rule of another topic says which topic it is in.
            "limit-change",
            '<a href="/demo/rules/cards/#2.2a" data-xref="rule:2.2a">rule '
            '<span class="rule-ref">2.2a</span></a> (Cards)</p>',
        ),
    ],
)
def test_a_term_links_its_defining_rule_with_a_preview(
    client: Client, db: Any, tmp_path: Path, slug: str, expected: str
) -> None:
    assert expected in entry(client, tmp_path, slug)


def test_a_term_without_topic_or_rule_says_nothing_of_either(
    client: Client, db: Any, tmp_path: Path
) -> None:
    definition = entry(client, tmp_path, "hand-limit")

    assert "At most seven cards." in definition
    assert "Defined in" not in definition
