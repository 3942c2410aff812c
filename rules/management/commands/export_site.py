"""``manage.py export_site GAME DIR --origin URL``: the reference as static files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.export import export_site
from rules.models import Game
from rulesite.progress import activity


class Command(BaseCommand):
    help = (
        "Write every page of GAME's reference (topics, cards, rulings, glossary, "
        "indexes, rule permalinks as redirects) and the static assets into DIR, "
        "for any web server or CDN. Search, previews and the oracle point at "
        "--origin, a running Rulesite."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="the game's slug")
        parser.add_argument("directory", type=Path, help="where to write the files")
        parser.add_argument(
            "--origin",
            required=True,
            help="the running site that answers search, previews, the oracle "
            "and the API, e.g. https://rulesite.example",
        )
        parser.add_argument(
            "--site-url",
            default="",
            help="where the export is served, for canonical links and the "
            "sitemap (default: links relative to the host)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        game = Game.objects.filter(slug=options["game"]).first()
        if game is None:
            raise CommandError(f"unknown game {options['game']!r}")
        origin = options["origin"].rstrip("/")
        if not origin.startswith(("http://", "https://")):
            raise CommandError(f"--origin {origin!r} is not an http(s) URL")
        label = f"Exporting {game.slug}"
        with activity(self.stderr, label, enabled=options["verbosity"] > 0):
            report = export_site(
                game,
                options["directory"],
                origin=origin,
                site_url=options["site_url"],
            )
        self.stdout.write(str(report))
        if report.broken:
            raise CommandError("some links answer no page (listed above)")
