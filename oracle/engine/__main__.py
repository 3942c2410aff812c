"""Command line: ``python -m oracle.engine run FILE.json [--pretty]``.

Runs a scenario file (JSON; YAML files go through the Django command) and prints
the result as JSON. Game packs are discovered from ``oracle.games`` when it is
importable. Exit status: 0 ok, 1 a failed run or expectation, 2 bad input.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from oracle.engine import ScenarioError, run_scenario


def _discover() -> None:
    try:
        games = importlib.import_module("oracle.games")
    except ImportError:
        return
    discover = getattr(games, "discover", None)
    if callable(discover):
        discover()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m oracle.engine")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run a JSON scenario file")
    run.add_argument("file", help="scenario file (JSON); - reads standard input")
    run.add_argument("--pretty", action="store_true", help="indent the output")
    args = parser.parse_args(argv)
    _discover()
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text()
        data = json.loads(text)
        result = run_scenario(data)
    except (OSError, json.JSONDecodeError) as error:
        print(f"cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    except ScenarioError as error:
        print(json.dumps(error.to_dict(), indent=2, sort_keys=True), file=sys.stderr)
        return 2
    print(
        json.dumps(result.to_dict(), indent=2 if args.pretty else None, sort_keys=True)
    )
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
