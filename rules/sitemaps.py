"""``/sitemap.xml``: every game's index pages, topics, cards and rulings."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.sitemaps import Sitemap
from django.db.models import QuerySet
from django.urls import reverse

from rules.models import CARD_TEXTS, RULING_TEXTS, Card, Game, Ruling, Topic, game_data

INDEX_PAGES = (
    "rules:game",
    "rules:topics",
    "rules:cards",
    "rules:rulings",
    "rules:glossary",
    "rules:whats_new",
)


class IndexSitemap(Sitemap):
    """The home page and each game's index pages."""

    changefreq = "weekly"

    def items(self) -> list[tuple[str, str]]:
        pages = [("rules:home", "")]
        for slug in Game.objects.values_list("slug", flat=True):
            pages += [(name, slug) for name in INDEX_PAGES]
        return pages

    def location(self, item: tuple[str, str]) -> str:
        name, game = item
        return reverse(name, args=[game] if game else [])


class TopicSitemap(Sitemap):
    changefreq = "monthly"
    priority = 0.8

    def items(self) -> QuerySet[Topic]:
        return (
            Topic.objects.select_related("game")
            .defer(*game_data())
            .order_by("game__slug", "prefix", "number")
        )

    def lastmod(self, item: Topic) -> dt.date | None:
        return item.updated


class CardSitemap(Sitemap):
    changefreq = "monthly"

    def items(self) -> QuerySet[Card]:
        return (
            Card.objects.select_related("game")
            .defer(*game_data(), *CARD_TEXTS)
            .order_by("game__slug", "slug")
        )


class RulingSitemap(Sitemap):
    changefreq = "monthly"

    def items(self) -> QuerySet[Ruling]:
        return (
            Ruling.objects.select_related("game")
            .defer(*game_data(), *RULING_TEXTS)
            .order_by("game__slug", "slug")
        )

    def lastmod(self, item: Ruling) -> dt.date:
        return item.updated or item.date


SITEMAPS: dict[str, Any] = {
    "pages": IndexSitemap,
    "topics": TopicSitemap,
    "cards": CardSitemap,
    "rulings": RulingSitemap,
}
