"""``manage.py prepare_site``: everything `make run` needs before serving, in one
process — migrate, load every game's content, build the search index and, when
the oracle is installed, check the rulings no engine run has checked yet and
keep each engine version's answers (for "what's new"). Each step is a quick
no-op when nothing changed."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand, CommandError

from rules.models import Game
from rules.verdicts import record_verdicts


class Command(BaseCommand):
    help = (
        "Migrate the database, load fixtures/, build the search index and verify "
        "the rulings not yet checked."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        call_command("load_content", "--no-index", stdout=self.stdout)
        call_command("build_search_index", stdout=self.stdout)
        # By name: the oracle app adds the command, and rules never imports it.
        if "verify_rulings" in get_commands():
            try:
                call_command(
                    "verify_rulings", "--stale", stdout=self.stdout, stderr=self.stderr
                )
            except CommandError as error:
                # The pages show the disagreement; the site still starts.
                self.stderr.write(f"warning: {error}")
            for game in Game.objects.all():
                changed = record_verdicts(game)
                if changed:
                    self.stdout.write(
                        f"{game.slug}: {changed} answers changed with the engine"
                    )
