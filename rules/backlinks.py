"""Backlinks: what links to a page. ``Reference`` rows record every cross-link
found in content; this module turns the rows that point at a set of targets
into links to the topics, rules, cards, terms and rulings they came from, with
one query of plain values per kind of source."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet

from rules.ids import topic_code
from rules.models import Game, Reference
from rules.pagelinks import Link, PageUrls


@dataclass(frozen=True)
class Backlinks:
    topics: list[Link] = field(default_factory=list)
    rules: list[Link] = field(default_factory=list)
    cards: list[Link] = field(default_factory=list)
    terms: list[Link] = field(default_factory=list)
    rulings: list[Link] = field(default_factory=list)

    def __bool__(self) -> bool:
        return any((self.topics, self.rules, self.cards, self.terms, self.rulings))


def find_backlinks(
    game: Game,
    targets: Mapping[str, Iterable[str]],
    *,
    exclude: Iterable[tuple[str, str]] = (),
) -> Backlinks:
    """Everything in ``game`` that links to one of ``targets`` ({kind: keys}),
    leaving out the ``exclude`` sources ((kind, key) pairs, e.g. the page itself).
    """
    query = Q()
    for kind, keys in targets.items():
        query |= Q(target_kind=kind, target_key__in=list(keys))
    if not query:
        return Backlinks()
    skip = set(exclude)
    sources: dict[str, set[str]] = defaultdict(set)
    rows = (
        Reference.objects.filter(query, game=game)
        .values_list("source_kind", "source_key")
        .distinct()
    )
    for kind, key in rows:
        if (kind, key) not in skip:
            sources[kind].add(key)
    urls = PageUrls(game.slug)
    topics = game.topics.filter(slug__in=sources["topic"])
    rules = game.rules.filter(rule_id__in=sources["rule"])
    return Backlinks(
        topics=[
            Link("topic", slug, title, urls.topic(slug), topic_code(prefix, number))
            for slug, title, prefix, number in topics.values_list(
                "slug", "title", "prefix", "number"
            )
        ]
        if sources["topic"]
        else [],
        rules=[
            Link("rule", rule_id, title, urls.rule(topic, rule_id), rule_id)
            for rule_id, topic, title in rules.values_list(
                "rule_id", "topic__slug", "topic__title"
            )
        ]
        if sources["rule"]
        else [],
        cards=_links(game.cards, "card", "name", urls.card, sources["card"]),
        terms=_links(game.terms, "term", "term", urls.term, sources["term"]),
        rulings=_links(
            game.rulings, "ruling", "question", urls.ruling, sources["ruling"]
        ),
    )


def _links(
    rows: QuerySet[Any],
    kind: str,
    label: str,
    url: Callable[[str], str],
    slugs: set[str],
) -> list[Link]:
    """Links to the rows of ``rows`` whose slug is one of ``slugs``, labelled
    by their field ``label``; no query when there are none."""
    if not slugs:
        return []
    matching = rows.filter(slug__in=slugs).values_list("slug", label)
    return [Link(kind, slug, text, url(slug)) for slug, text in matching]
