"""The stored form of a result is compact JSON with sorted keys, the text the
standard library writes for every result the engine gives, whichever encoder
writes it: permalinks answer what they always did."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from oracle.adapters import execute, prepare
from oracle.models import result_text
from tests.ti4 import golden

FILES = golden.files()


def stdlib_text(result: Any) -> str:
    return json.dumps(result, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_stored_result_is_the_standard_compact_sorted_json(path: Path) -> None:
    result = execute(prepare(golden.load(path)["scenario"], "ti4"))

    assert result_text(result) == stdlib_text(result)


@pytest.mark.parametrize(
    "result",
    [
        {"b": "Élan — “quoted” \u2028 line", "a": [1.5, -0.0, 1e-07, None, True]},
        {"state": {2: "a number as a key"}},
        {"big": 2**70},
    ],
)
def test_unusual_values_keep_their_meaning_and_the_key_order(result: Any) -> None:
    # Exponents may be spelt 1e-7 rather than 1e-07: the same number.
    text = result_text(result)

    assert json.loads(text) == json.loads(stdlib_text(result))
    assert list(json.loads(text)) == sorted(json.loads(text))
    assert ": " not in text and ", " not in text
