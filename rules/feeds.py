"""``/<game>/new/feed.atom``: the "what's new" page as an Atom feed, through
Django's syndication framework."""

from __future__ import annotations

import datetime as dt

from django.contrib.syndication.views import Feed
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape

from rules.models import Game
from rules.whatsnew import Change, recent_changes


class WhatsNewFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request: HttpRequest, game: str) -> Game:
        return get_object_or_404(Game, slug=game)

    def title(self, obj: Game) -> str:
        return f"{obj.short_name}: what's new on Rulesite"

    def subtitle(self, obj: Game) -> str:
        return (
            f"New and changed rulings, topics and cards of {obj.name}, and answers "
            "that changed with the rules engine."
        )

    def link(self, obj: Game) -> str:
        return reverse("rules:whats_new", args=[obj.slug])

    def feed_url(self, obj: Game) -> str:
        return reverse("rules:whats_new_feed", args=[obj.slug])

    def items(self, obj: Game) -> list[Change]:
        return recent_changes(obj)

    def item_title(self, item: Change) -> str:
        return f"{item.label}: {item.title}"

    def item_description(self, item: Change) -> str:
        # Atom summaries are HTML; the summary is plain text.
        return escape(item.summary)

    def item_link(self, item: Change) -> str:
        return item.url

    def item_guid(self, item: Change) -> str:
        return item.guid

    item_guid_is_permalink = False

    def item_pubdate(self, item: Change) -> dt.datetime:
        return item.when

    def item_updateddate(self, item: Change) -> dt.datetime:
        return item.when
