"""The guide pattern tables of docs/ENGINE.md cite tests that exist, and every
row has a status the tables define."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECTION = "## Patterns of the four guides"
CITED = re.compile(r"`(\w+)::(test_\w+)`")
STATUSES = ("done", "no fit")
FIRST_TABLE = "### L5R"


def pattern_rows() -> list[str]:
    text = (ROOT / "docs" / "ENGINE.md").read_text()
    section = text[text.index(SECTION) :]
    tables = section[section.index(FIRST_TABLE) :]  # after the counts
    return [
        line
        for line in tables.splitlines()
        if line.startswith("| ") and not line.startswith("| pattern")
    ]


def defined_tests(module: str) -> set[str]:
    tree = ast.parse((ROOT / "tests" / "engine" / f"test_{module}.py").read_text())
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_every_cited_conformance_test_exists() -> None:
    rows = pattern_rows()
    cited = {(m, t) for row in rows for m, t in CITED.findall(row)}
    assert len(rows) > 150 and len(cited) > 100
    missing = sorted(f"{m}::{t}" for m, t in cited if t not in defined_tests(m))
    assert missing == []


def test_every_pattern_is_done_or_argued_out() -> None:
    open_rows = [
        row.split("|")[1].strip()
        for row in pattern_rows()
        if not row.rstrip(" |").rsplit("|", 1)[-1].strip().startswith(STATUSES)
    ]
    assert open_rows == []
