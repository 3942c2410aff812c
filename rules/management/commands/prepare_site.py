"""``manage.py prepare_site``: everything `make run` needs before serving, in one
process — migrate, load every game's content, build the search index. Each step
is a quick no-op when nothing changed."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Migrate the database, load fixtures/ and build the search index."

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        call_command("load_content", "--no-index", stdout=self.stdout)
        call_command("build_search_index", stdout=self.stdout)
