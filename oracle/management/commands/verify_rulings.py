"""``manage.py verify_rulings [GAME]``: run every ruling that carries a
scenario, record on each whether the engine agrees, and exit non-zero when any
ruling disagrees or cannot be run."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from oracle.verify import verify_rulings
from rules.models import Game
from rulesite.progress import activity


class Command(BaseCommand):
    help = "Check every ruling's scenario with the oracle and record the outcome."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", nargs="?", help="a game slug (default: all)")
        parser.add_argument(
            "--stale",
            action="store_true",
            help="only the rulings this engine version has not checked since they "
            "were loaded",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        game = options["game"]
        if game is not None and not Game.objects.filter(slug=game).exists():
            raise CommandError(f"unknown game {game!r}")
        label = "Verifying the rulings with the oracle"
        with activity(self.stderr, label, enabled=options["verbosity"] > 0):
            report = verify_rulings(game, stale=options["stale"])
        verbose = options["verbosity"] > 1
        for check in report.checks:
            if check.passed and not verbose:
                continue
            mark = "agrees" if check.passed else "DISAGREES"
            self.stdout.write(f"{check.ruling.game.slug}/{check.ruling.slug}: {mark}")
            for line in check.detail.splitlines():
                self.stdout.write(f"    {line}")
        self.stdout.write(report.summary())
        if not report.ok:
            names = ", ".join(check.ruling.slug for check in report.failed)
            raise CommandError(f"the engine disagrees with: {names}")
