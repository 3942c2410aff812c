"""Read-only admin: content is edited in fixtures/ and loaded by load_content."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from rules.models import Card, Game, Rule, Ruling, Term, Topic


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["slug", "name", "content_version", "loaded_at"]


@admin.register(Topic)
class TopicAdmin(ReadOnlyAdmin):
    list_display = ["number", "title", "game", "updated"]
    list_filter = ["game"]
    search_fields = ["title", "slug"]


@admin.register(Rule)
class RuleAdmin(ReadOnlyAdmin):
    list_display = ["rule_id", "kind", "topic"]
    list_filter = ["game", "kind"]
    search_fields = ["rule_id", "text_md"]


@admin.register(Card)
class CardAdmin(ReadOnlyAdmin):
    list_display = ["name", "type", "faction", "expansion", "count", "implemented_by"]
    list_filter = ["game", "type", "faction", "expansion"]
    search_fields = ["name", "slug"]


@admin.register(Term)
class TermAdmin(ReadOnlyAdmin):
    list_display = ["term", "topic"]
    search_fields = ["term"]


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ["slug", "source", "date", "verification"]
    list_filter = ["game", "source", "verification"]
    search_fields = ["slug", "question"]
