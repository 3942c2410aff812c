"""``manage.py prune_runs --older-than DAYS --larger-than SIZE [--dry-run]``:
delete stored oracle runs not answered again for DAYS days, or whose result is
larger than SIZE (``500k``, ``4M``, or characters). Their permalinks then
answer 404; posting the scenario again stores it anew."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Sum

from oracle.models import Run

_SIZE = re.compile(r"^(\d+)([kKmMgG]?)$")
_UNITS = {"": 1, "k": 1_000, "m": 1_000_000, "g": 1_000_000_000}


def size(text: str) -> int:
    """``500k`` → 500,000; ``4M`` → 4,000,000; ``123`` → 123."""
    found = _SIZE.match(text.strip())
    if found is None:
        raise ValueError(f"not a size: {text!r} (write 500k, 4M or a number)")
    return int(found[1]) * _UNITS[found[2].lower()]


class Command(BaseCommand):
    help = "Delete stored oracle runs by age and by size."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than",
            type=int,
            metavar="DAYS",
            help="runs not answered again (by this engine or an earlier one) for "
            "this many days",
        )
        parser.add_argument(
            "--larger-than",
            metavar="SIZE",
            help="runs whose stored result is larger: 500k, 4M, or characters",
        )
        parser.add_argument("--game", help="only the runs of this game (a slug)")
        parser.add_argument(
            "--dry-run", action="store_true", help="say what would go; delete nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days, largest = options["older_than"], options["larger_than"]
        if days is None and largest is None:
            raise CommandError("say which runs to prune: --older-than, --larger-than")
        if days is not None and days < 0:
            raise CommandError("--older-than takes a number of days, 0 or more")
        try:
            larger_than = None if largest is None else size(largest)
        except ValueError as error:
            raise CommandError(str(error)) from None
        runs = Run.objects.prunable(
            older_than=None if days is None else timedelta(days=days),
            larger_than=larger_than,
        )
        if options["game"]:
            runs = runs.filter(game__slug=options["game"])
        found = runs.aggregate(total=Sum("result_size"))
        count, total = runs.count(), found["total"] or 0
        if options["dry_run"]:
            self.stdout.write(f"would delete {count} runs ({total:,} characters)")
            return
        # Only the ids are read: a result is never loaded to be deleted.
        deleted, _ = Run.objects.filter(pk__in=runs.values("pk")).delete()
        self.stdout.write(f"deleted {deleted} runs ({total:,} characters)")
