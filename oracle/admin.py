"""Stored oracle runs in the admin: listed with their size and age, so that
the large and the old can be found and deleted (``prune_runs`` does it in
bulk). Results are never loaded by the list or the delete pages."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html

from oracle.models import Run


class SizeFilter(admin.SimpleListFilter):
    title = "result size"
    parameter_name = "size"
    BANDS = {
        "small": ("under 100 kB", 0, 100_000),
        "large": ("100 kB to 4 MB", 100_000, 4_000_000),
        "huge": ("over 4 MB", 4_000_000, None),
    }

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(key, label) for key, (label, _, _) in self.BANDS.items()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Run]) -> QuerySet[Run]:
        if self.value() not in self.BANDS:
            return queryset
        _, low, high = self.BANDS[str(self.value())]
        queryset = queryset.filter(result_size__gte=low)
        return queryset if high is None else queryset.filter(result_size__lt=high)


@admin.register(Run)
class RunAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["hash", "game", "engine_version", "size", "created", "updated"]
    list_filter = ["game", "engine_version", SizeFilter]
    list_select_related = ["game"]
    search_fields = ["hash"]
    date_hierarchy = "updated"
    ordering = ["-updated"]
    fields = ["link", "game", "engine_version", "size", "created", "updated"]
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Run]:
        return super().get_queryset(request).defer("result_json", "scenario")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="result size", ordering="result_size")
    def size(self, run: Run) -> str:
        return f"{run.result_size:,}"

    @admin.display(description="permalink")
    def link(self, run: Run) -> str:
        return format_html('<a href="{0}">{0}</a>', run.get_absolute_url())
