"""A scenario's canonical JSON is hashed into its permalink: whichever encoder
writes it, the text is the standard library's, byte for byte."""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Any

import pytest

from oracle.adapters import canonical_json, prepare
from tests.ti4 import golden

FILES = golden.files()


class Colour(enum.Enum):
    RED = 1


def stdlib_text(value: Any) -> str:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_golden_scenario_has_the_standard_canonical_text(path: Path) -> None:
    prepared = prepare(golden.load(path)["scenario"], "ti4")

    assert prepared.text == stdlib_text(prepared.canonical)


@pytest.mark.parametrize(
    "value",
    [
        {"b": "Élan — “quoted” \u2028 \x00 \x7f line", "a": [None, True, -(2**63)]},
        {"floats": [1.5, -0.0, 1e-07, 1e16, float("nan"), float("inf")]},
        {"big": 2**64},
        {2: "a number as a key"},
        {"\U0001f600": 1, "\uffff": 2, "é": 3, "e": 4},
        {"enum": Colour.RED, "tuple": (1, "x"), "set": set()},
        "\ud800",
        nested(600),
    ],
    ids=["text", "floats", "big", "key", "order", "other", "surrogate", "deep"],
)
def test_unusual_values_are_written_as_the_standard_library_writes_them(
    value: Any,
) -> None:
    assert canonical_json(value) == stdlib_text(value)
