"""Links as the lists of a page show them: what a link points at, its label
and its URL. Lists of links (backlinks, the cards that cite a topic, related
topics) are built from plain values, not model instances, and each kind's URL
is one reverse for the whole page plus the key."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.urls import reverse

from rules.models import Ruling


@dataclass(frozen=True)
class Link:
    """A topic, rule, card, term or ruling in a list of links. ``code`` is
    shown before the label: a topic's number, or a rule's id (whose label is
    then its topic's title)."""

    kind: str
    key: str
    label: str
    url: str
    code: str = ""

    @property
    def xref(self) -> str:
        """The ``kind:key`` that previews and cross-links use."""
        return f"{self.kind}:{self.key}"


class PageUrls:
    """The URLs of one game's pages, each kind's base reversed once."""

    def __init__(self, game_slug: str) -> None:
        self.game_slug = game_slug

    @cached_property
    def topics(self) -> str:
        """The topic index; a topic's or a rule's permalink is this plus its key."""
        return reverse("rules:topics", args=[self.game_slug])

    @cached_property
    def _cards(self) -> str:
        return reverse("rules:cards", args=[self.game_slug])

    @cached_property
    def _rulings(self) -> str:
        return reverse("rules:rulings", args=[self.game_slug])

    @cached_property
    def _glossary(self) -> str:
        return reverse("rules:glossary", args=[self.game_slug])

    def topic(self, slug: str) -> str:
        return f"{self.topics}{slug}/"

    def rule(self, topic_slug: str, rule_id: str) -> str:
        return f"{self.topic(topic_slug)}#{rule_id}"

    def card(self, slug: str) -> str:
        return f"{self._cards}{slug}/"

    def term(self, slug: str) -> str:
        return f"{self._glossary}#term-{slug}"

    def ruling(self, slug: str) -> str:
        return f"{self._rulings}{slug}/"

    def link(self, stored: dict[str, Any]) -> Link:
        """A link from its stored form (see ``rules.content.topiclinks``)."""
        kind, key = stored["kind"], stored["key"]
        if kind == "rule":
            url = self.rule(stored["topic"], key)
        else:
            url = {
                "topic": self.topic,
                "card": self.card,
                "term": self.term,
                "ruling": self.ruling,
            }[kind](key)
        return Link(kind, key, stored["label"], url, stored.get("code", ""))


@dataclass(frozen=True)
class ListedRuling:
    """A line of a list of rulings: the ruling, its URL, its date and the date
    its answer last changed (empty if never) as shown, and the cards it
    concerns when the list names them."""

    ruling: Ruling
    url: str
    date: str
    cards: list[Link]
    updated: str = ""


def listed_rulings(
    game_slug: str, rulings: Iterable[Ruling], *, with_cards: bool = False
) -> list[ListedRuling]:
    """``rulings`` as list lines; ``with_cards`` reads each ruling's cards,
    which the queryset should prefetch."""
    urls = PageUrls(game_slug)
    return [
        ListedRuling(
            ruling,
            urls.ruling(ruling.slug),
            ruling.date.isoformat(),
            [
                Link("card", card.slug, card.name, urls.card(card.slug))
                for card in ruling.cards.all()
            ]
            if with_cards
            else [],
            ruling.updated.isoformat() if ruling.updated else "",
        )
        for ruling in rulings
    ]
