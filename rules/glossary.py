"""The glossary page's entries: the game's terms, and every topic title as an
entry of its own that leads to the topic. Topic entries are derived here on
each request rather than written into terms.yaml, so a topic is never described
twice and a new topic joins the glossary by existing."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.models import Game, Rule, Term, Topic, game_data


@dataclass(frozen=True)
class Entry:
    term: str
    slug: str
    definition_html: str
    topic: Topic | None
    rule: Rule | None
    from_topic: bool = False


def glossary_entries(game: Game) -> list[Entry]:
    """Terms and topic titles from A to Z. A term that names a topic (its
    singular or plural) stands for that topic, keeps its own definition and
    defining rule, and shows the topic when it names none."""
    terms = list(
        game.terms.select_related("topic__game", "rule__topic__game").defer(
            *game_data("topic__game"), *game_data("rule__topic__game")
        )
    )
    linked = game.topics.select_related("game").defer(*game_data())
    topics = {_key(topic.title): topic for topic in linked}
    slugs = {term.slug for term in terms}
    entries = [_term_entry(term, topics.pop(_key(term.term), None)) for term in terms]
    entries.extend(
        _topic_entry(topic) for topic in topics.values() if topic.slug not in slugs
    )
    return sorted(entries, key=lambda entry: entry.term.casefold())


def _term_entry(term: Term, named: Topic | None) -> Entry:
    return Entry(
        term=term.term,
        slug=term.slug,
        definition_html=term.definition_html,
        topic=term.topic or named,
        rule=term.rule,
    )


def _topic_entry(topic: Topic) -> Entry:
    return Entry(
        term=topic.title,
        slug=topic.slug,
        definition_html=_first_paragraph(topic.summary_html),
        topic=topic,
        rule=None,
        from_topic=True,
    )


def _first_paragraph(html: str) -> str:
    end = html.find("</p>")
    return html[: end + len("</p>")] if end >= 0 else html


def _key(name: str) -> str:
    """``"Action Cards"`` and ``"action card"`` → ``"action-card"``."""
    key = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    if key.endswith("ies"):
        return key[:-3] + "y"
    return key.removesuffix("s")
