"""``manage.py load_content [GAME ...]``: validate fixtures and load them."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.content.errors import ContentErrors
from rules.content.loader import load_game

# Errors shown that may only follow from a file that could not be read.
FOLLOW_ONS = 5


class Command(BaseCommand):
    help = (
        "Validate fixtures/<game>/ and replace that game's content in one transaction."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="*", help="game slugs (default: every game)")
        parser.add_argument(
            "--force", action="store_true", help="reload even when nothing changed"
        )
        parser.add_argument(
            "--no-index", action="store_true", help="do not rebuild the search index"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        root = settings.FIXTURES_DIR
        slugs = options["games"] or sorted(
            path.name for path in root.iterdir() if (path / "game.yaml").exists()
        )
        changed = False
        for slug in slugs:
            directory = root / slug
            if not directory.is_dir():
                raise CommandError(f"no content folder {directory}")
            try:
                report = load_game(directory, force=options["force"])
            except ContentErrors as exc:
                self.report(exc)
                raise CommandError(
                    f"{slug}: {len(exc.errors)} error(s); nothing was changed"
                ) from None
            changed = changed or report.changed
            self.stdout.write(str(report))
        if changed and not options["no_index"]:
            call_command("build_search_index", verbosity=0)

    def report(self, exc: ContentErrors) -> None:
        """The root causes first, each as file:line; when some file could not be
        read, only the first few of the errors that may merely echo it."""
        for error in exc.roots:
            self.stderr.write(str(error))
        if not exc.follow_ons:
            return
        shown = exc.follow_ons if not exc.roots else exc.follow_ons[:FOLLOW_ONS]
        if exc.roots:
            self.stderr.write(
                f"{len(exc.follow_ons)} more error(s) in other files, which may only "
                "follow from the file(s) above (fix those first); the first "
                f"{len(shown)}:"
            )
        for error in shown:
            self.stderr.write(f"  {error}")
