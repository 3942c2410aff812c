"""Backlinks: what links to a page. ``Reference`` rows record every cross-link
found in content; this module turns the rows that point at a set of targets
into the topics, rules, cards, terms and rulings they came from, with one
query per kind of source."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from django.db.models import Model, Q, QuerySet

from rules.models import (
    CARD_TEXTS,
    GAME_DATA,
    RULING_TEXTS,
    Card,
    Game,
    Reference,
    Rule,
    Ruling,
    Term,
    Topic,
)

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class Backlinks:
    topics: list[Topic] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)

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
    return Backlinks(
        topics=_rows(game.topics.all(), "slug", sources["topic"]),
        rules=_rows(
            game.rules.select_related("topic__game").defer(
                "text_md", "text_html", *(f"topic__{name}" for name in GAME_DATA)
            ),
            "rule_id",
            sources["rule"],
        ),
        # A link needs no texts: they (and their JSON) stay in the database.
        cards=_rows(game.cards.defer(*CARD_TEXTS), "slug", sources["card"]),
        terms=_rows(game.terms.all(), "slug", sources["term"]),
        rulings=_rows(game.rulings.defer(*RULING_TEXTS), "slug", sources["ruling"]),
    )


def _rows(queryset: QuerySet[M], key: str, values: set[str]) -> list[M]:
    if not values:
        return []
    return list(queryset.filter(**{f"{key}__in": values}))
