"""``manage.py build_search_index``: placeholder until search lands (issue 5)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Build the search index from the database."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write("search index: nothing to build yet")
