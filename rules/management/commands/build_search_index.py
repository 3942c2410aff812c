"""``manage.py build_search_index``: build the search index and swap it in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules.search import build_index
from rulesite.progress import activity


class Command(BaseCommand):
    help = (
        "Build the search index of every game into a new folder next to the live "
        "one and swap it in atomically. Does nothing when the index already "
        "matches the loaded content, unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force", action="store_true", help="rebuild even when up to date"
        )
        parser.add_argument(
            "--directory",
            type=Path,
            help="index folder (default: settings.SEARCH_INDEX_DIR)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        label = "Building the search index"
        with activity(self.stderr, label, enabled=options["verbosity"] > 0):
            report = build_index(force=options["force"], directory=options["directory"])
        if options["verbosity"]:
            self.stdout.write(str(report))
