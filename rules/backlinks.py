"""Backlinks: what links to a page. ``Reference`` rows record every cross-link
found in content; this module turns the rows that point at a set of targets
into links to the topics, rules, cards, terms and rulings they came from, with
one query of plain values per kind of source."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
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
    topic, rule, card, term, ruling = (
        sources[kind] for kind in ("topic", "rule", "card", "term", "ruling")
    )
    return Backlinks(
        topics=[
            Link("topic", slug, title, urls.topic(slug), topic_code(prefix, number))
            for slug, title, prefix, number in _values(
                game.topics, "slug", topic, "title", "prefix", "number"
            )
        ],
        rules=[
            Link("rule", rule_id, title, urls.rule(slug, rule_id), rule_id)
            for rule_id, slug, title in _values(
                game.rules, "rule_id", rule, "topic__slug", "topic__title"
            )
        ],
        cards=[
            Link("card", slug, name, urls.card(slug))
            for slug, name in _values(game.cards, "slug", card, "name")
        ],
        terms=[
            Link("term", slug, text, urls.term(slug))
            for slug, text in _values(game.terms, "slug", term, "term")
        ],
        rulings=[
            Link("ruling", slug, question, urls.ruling(slug))
            for slug, question in _values(game.rulings, "slug", ruling, "question")
        ],
    )


def _values(
    rows: QuerySet[Any], key: str, keys: set[str], *fields: str
) -> list[tuple[Any, ...]]:
    """``key`` and ``fields`` of the rows whose ``key`` is one of ``keys``, in
    the model's order; no query when there are none."""
    if not keys:
        return []
    return list(rows.filter(**{f"{key}__in": keys}).values_list(key, *fields))
