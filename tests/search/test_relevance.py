"""What a player types, and what must come first, on the real ti4 content.

Each expectation was chosen by reading the fixture text: the first hit is the
document that answers the question, not merely one that contains the words.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.search import search

QUERIES = [
    # A glossary term: the numbered rule that defines it (terms.yaml `rule:`),
    # ahead of the glossary line that restates it, even in another topic.
    ("hand limit", "rule", "2.4"),
    ("same name", "rule", "2.6b"),
    ("offensive action card", "rule", "2.N9"),
    ("public objective", "rule", "61.11"),
    ("timing window", "rule", "2.6"),
    # A term no single rule defines: its glossary line.
    ("rider", "term", "rider"),
    ("combat round", "term", "combat-round"),
    # The numbered rule that states it.
    ("hold more than seven action cards", "rule", "2.4"),
    ("action card deck runs out", "rule", "2.N4"),
    ("shuffle the action discard pile", "rule", "2.N4"),
    ("cancelled card does not count as played", "rule", "2.N8"),
    ("gain and redistribute command tokens", "rule", "81.5"),
    ("who goes first", "rule", "48.2"),
    ("spend influence", "rule", "47.2"),
    ("spend resources", "rule", "75.2"),
    # A subject: its topic, ahead of the glossary line of the same name.
    ("draw action cards status phase", "topic", "status-phase"),
    ("status phase", "topic", "status-phase"),
    ("fleet pool", "topic", "fleet-pool"),
    ("initiative order", "topic", "initiative-order"),
    ("sustain damage", "topic", "sustain-damage"),
    ("strategy card", "topic", "strategy-card"),
    # Stemming: singular, plural and -ing forms meet.
    ("promissory note", "topic", "promissory-notes"),
    ("rerolling dice", "topic", "rerolls"),
    ("component actions", "topic", "component-action"),
    # Typos.
    ("sabotge", "card", "sabotage"),
    ("luky shot", "card", "lucky-shot"),
    ("speeker", "topic", "speaker"),
    # A question a ruling answers.
    ("lucky shot on my own ship", "ruling", "lucky-shot-on-your-own-ship"),
    # A card by name, and a filter.
    ("neural motivator", "card", "neural-motivator"),
    ("kind:card retreat", "card", "skilled-retreat"),
    ("2.4a", "rule", "2.4a"),
]


@pytest.mark.parametrize(("query", "kind", "key"), QUERIES)
def test_first_hit_answers_the_query(
    indexed: Any, query: str, kind: str, key: str
) -> None:
    results = search(indexed, query, limit=5)

    first = results.hits[0]
    assert (first.kind, first.key) == (kind, key), [
        (hit.kind, hit.key, hit.score) for hit in results.hits
    ]


def test_there_are_at_least_twenty_relevance_queries() -> None:
    assert len(QUERIES) >= 20


@pytest.mark.parametrize("query", ["sabotge", "luky shot", "speeker"])
def test_misspelt_query_suggests_the_correct_spelling(indexed: Any, query: str) -> None:
    results = search(indexed, query)

    assert results.suggestion in {"sabotage", "lucky shot", "speaker"}


def test_a_rule_is_found_under_its_topic_anchor(indexed: Any) -> None:
    hit = search(indexed, "hold more than seven action cards").hits[0]

    assert hit.url == "/ti4/rules/action-cards/#2.4"
    assert hit.title == "2.4 Action Cards"


def test_a_term_finds_its_defining_rule_then_the_glossary_line(indexed: Any) -> None:
    hits = search(indexed, "hand limit", limit=5).hits

    assert [(hit.kind, hit.key) for hit in hits[:2]] == [
        ("rule", "2.4"),
        ("term", "hand-limit"),
    ]
    assert hits[0].title == "2.4 Action Cards"
    assert hits[0].url == "/ti4/rules/action-cards/#2.4"
