"""``manage.py oracle run FILE.yaml [--json]``: answer a scenario file.

Prints the answer readably (verdict, steps, log, decision points,
expectations) or, with ``--json``, the result JSON. A file that holds its
scenario under a ``scenario`` key (a ruling, a golden scenario) is read as that
scenario. Exit status 0 when the scenario ran (rejected steps are answers), 2
when the file cannot be read or the scenario is malformed; each problem is
printed as ``path: message``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandError, CommandParser

from oracle.adapters import NotImplementedCards, TextError, load_text, unwrap_scenario
from oracle.answers import Answer, RuleLink, present
from oracle.ask import run_now
from oracle.engine import ScenarioError

MALFORMED = 2


class Command(BaseCommand):
    help = "Run an oracle scenario file (YAML or JSON) and print the answer."

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        run = actions.add_parser("run", help="run a scenario file")
        run.add_argument("file", help="scenario file, YAML or JSON; - reads stdin")
        run.add_argument("--json", action="store_true", help="print the result JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text("utf-8")
            data = load_text(text)
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {name}: {error}", returncode=2) from None
        except TextError as error:
            where = f"{name}:{error.line}" if error.line else name
            raise CommandError(f"{where}: {error.message}", returncode=2) from None
        data, prefix = unwrap_scenario(data)
        try:
            ran = run_now(data)
        except ScenarioError as error:
            self._problems(name, error, prefix)
        if options["json"]:
            self.stdout.write(json.dumps(ran.result, indent=2, sort_keys=True))
            return
        prepared = ran.prepared
        self.stdout.write(
            render(present(prepared.pack, prepared.canonical, ran.result))
        )

    def _problems(self, name: str, error: ScenarioError, prefix: str) -> NoReturn:
        if isinstance(error, NotImplementedCards):
            self.stderr.write(error.message)
        for problem in error.problems:
            self.stderr.write(f"{prefix}{problem.path or '/'}: {problem.message}")
        count = len(error.problems)
        raise CommandError(
            f"{name} is not a valid scenario ({count} problem{'s' * (count != 1)})",
            returncode=MALFORMED,
        )


def _ids(rules: list[RuleLink]) -> str:
    return f" [{', '.join(link.id for link in rules)}]" if rules else ""


def render(answer: Answer) -> str:
    """The answer as plain text, one section after another."""
    lines = [answer.verdict.line(), "", "Steps"]
    for step in answer.steps:
        why = f" — {step.reason}" if step.reason else ""
        lines.append(
            f"  {step.number}. {step.text}: {step.status}{why}{_ids(step.rules)}"
        )
    if not answer.steps:
        lines.append("  (none)")
    lines += ["", "Log"]
    for entry in answer.log:
        lines.append(f"  {entry.seq}. {entry.message}{_ids(entry.rules)}")
    if answer.decisions:
        lines += ["", "Decisions"]
        for decision in answer.decisions:
            when = f"step {decision.step}" if decision.step else "set-up"
            options = ", ".join(decision.options) or "no legal option"
            shown = f" “{decision.prompt}”" if decision.prompt else ""
            lines.append(
                f"  {when} · {decision.player} · {decision.window}{shown}: {options}"
            )
    if answer.expectations:
        lines += ["", "Expectations"]
        for item in answer.expectations:
            mark = "holds" if item.passed else f"FAILS (found {item.actual})"
            lines.append(f"  {item.text}: {mark}")
    return "\n".join(lines)
