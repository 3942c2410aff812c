"""A scenario's canonical JSON is hashed into its permalink: the text, and so
every permalink, must never change. The texts and hashes below were written
before the canonical encoding was last changed and must still come out."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from oracle.adapters import canonical_json, prepare
from tests.oracle.conftest import SPY_SABOTAGE


class Colour(enum.Enum):
    RED = 1


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def test_a_scenario_keeps_its_text_and_its_permalink() -> None:
    prepared = prepare({"players": [{"name": "Alice"}, {"name": "Bob"}]}, "ti4")

    assert prepared.text == (
        '{"game":"ti4","players":[{"name":"Alice"},{"name":"Bob"}],"seed":0,"steps":[]}'
    )
    assert prepared.hash == "f1210423e87153dd43bcd815c7b9ed5c"
    assert prepare(SPY_SABOTAGE, "ti4").hash == "8ab18fb90c1360f8ab4d1cb64d98ea8b"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (
            {"b": "Élan — “quoted” \u2028 \x00 \x7f line", "a": [None, True, -(2**63)]},
            '{"a":[null,true,-9223372036854775808],'
            '"b":"Élan — “quoted” \u2028 \\u0000 \x7f line"}',
        ),
        (
            {"floats": [1.5, -0.0, 1e-07, 1e16, float("nan"), float("inf")]},
            '{"floats":[1.5,-0.0,1e-07,1e+16,NaN,Infinity]}',
        ),
        ({"big": 2**64}, '{"big":18446744073709551616}'),
        ({2: "a number as a key"}, '{"2":"a number as a key"}'),
        (
            {"\U0001f600": 1, "\uffff": 2, "é": 3, "e": 4},
            '{"e":4,"é":3,"\uffff":2,"\U0001f600":1}',
        ),
        (
            {"enum": Colour.RED, "tuple": (1, "x"), "set": set()},
            '{"enum":"Colour.RED","set":"set()","tuple":[1,"x"]}',
        ),
        ("\ud800", '"\ud800"'),
        (nested(3), "[[[[]]]]"),
    ],
    ids=["text", "floats", "big", "key", "order", "other", "surrogate", "deep"],
)
def test_unusual_values_keep_their_text(value: Any, text: str) -> None:
    assert canonical_json(value) == text


def test_very_deep_lists_are_written_too() -> None:
    assert canonical_json(nested(600)) == "[" * 601 + "]" * 601
