"""Example questions the editor offers to start from: data files under
``oracle/example_scenarios/<game>/``, one per example, in file-name order
(``1-spy-and-sabotage.yaml`` is the example ``spy-and-sabotage``).

Each file holds a ``title``, a one-sentence ``summary`` (the question it asks)
and a ``scenario`` the builder can show; tests/oracle/test_examples.py runs
every one through the engine.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent / "example_scenarios"
_FILE = re.compile(r"^\d+-(?P<slug>[a-z0-9-]+)\.yaml$")


@dataclass(frozen=True)
class Example:
    """A ready scenario to open in the builder."""

    slug: str
    title: str
    summary: str
    scenario: dict[str, Any]


@functools.cache
def examples(game: str) -> tuple[Example, ...]:
    """The examples of ``game`` (none for a game without a folder)."""
    folder = ROOT / game
    if not folder.is_dir():
        return ()
    found = []
    for path in sorted(folder.iterdir(), key=lambda p: _order(p.name)):
        match = _FILE.match(path.name)
        if match is None:
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found.append(
            Example(match["slug"], data["title"], data["summary"], data["scenario"])
        )
    return tuple(found)


def _order(name: str) -> tuple[int, str]:
    number, _, rest = name.partition("-")
    return (int(number) if number.isdigit() else 0, rest)


def example(game: str, slug: str) -> Example | None:
    """The example ``slug`` of ``game``, if there is one."""
    return next((found for found in examples(game) if found.slug == slug), None)
