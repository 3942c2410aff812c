"""``prepare`` writes a scenario's canonical JSON checking only the parts kept as
given (the parser writes the rest): whatever a scenario holds, its text is the
standard library's, byte for byte."""

from __future__ import annotations

import enum
import json
from typing import Any

import pytest

from oracle.adapters import prepare


class Colour(enum.Enum):
    RED = 1


class Text(str):
    pass


class Number(int):
    pass


def stdlib_text(value: Any) -> str:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )


def scenario(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "ti4",
        "players": [
            {"name": "Alice", "hand": ["sabotage"], "trade_goods": 2},
            {"name": "Bob"},
        ],
        "steps": [{"player": "Alice", "play": "sabotage"}],
    }
    return {**base, **fields}


def expecting(value: object) -> dict[str, Any]:
    return scenario(expect=[{"path": "players.Alice.hand", "equals": value}])


@pytest.mark.parametrize(
    "data",
    [
        scenario(),
        expecting([1.5, -0.0, 1e-07, 1e16]),
        expecting({"nan": float("nan"), "inf": float("inf")}),
        expecting({"enum": Colour.RED, "tuple": (1, "x")}),
        expecting(2**64),
        expecting({"deep": [[[[[[[[[[1.0]]]]]]]]]]}),
        expecting(Text("text")),
        scenario(seed=Number(7)),
        scenario(
            players=[{"name": Text("Alice"), "hand": [Text("sabotage")]}],
            steps=[{"player": "Alice", "play": Text("sabotage")}],
        ),
        scenario(steps=[{"player": "Alice", "choose": Number(2)}]),
        scenario(
            steps=[{"player": "Alice", "play": "sabotage", "targets": {"t": Text("x")}}]
        ),
    ],
    ids=[
        "plain",
        "floats",
        "nan",
        "other",
        "big",
        "deep",
        "text-subclass",
        "int-subclass",
        "names",
        "answer",
        "target",
    ],
)
def test_a_scenario_has_the_standard_canonical_text(data: dict[str, Any]) -> None:
    prepared = prepare(data, "ti4")

    assert prepared.text == stdlib_text(prepared.canonical)
