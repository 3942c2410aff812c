"""The stored form of a result is compact JSON with sorted keys, UTF-8 as it
is: the text of the API's answer and of every permalink."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from oracle.adapters import canonical_json
from oracle.models import Run
from tests.oracle.conftest import post_json

URL = "/api/v1/ti4/oracle/run/"


def test_a_stored_result_is_compact_sorted_json_of_the_answer(
    client: Client, ti4: Any, scenario: Any
) -> None:
    answer = post_json(client, URL, scenario).json()

    text = Run.objects.get().result_json
    stored = json.loads(text)
    added = ("permalink", "question")  # by the API, beside the stored result
    assert stored == {k: v for k, v in answer.items() if k not in added}
    assert text == json.dumps(
        stored, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )


@pytest.mark.parametrize(
    ("result", "text"),
    [
        (
            {"b": "Élan — “quoted”", "a": [1.5, -0.0, 1e-07, None, True]},
            '{"a":[1.5,-0.0,1e-07,null,true],"b":"Élan — “quoted”"}',
        ),
        ({"state": {2: "a number as a key"}}, '{"state":{"2":"a number as a key"}}'),
        ({"big": 2**70}, '{"big":1180591620717411303424}'),
    ],
)
def test_unusual_values_keep_their_meaning_and_the_key_order(
    result: Any, text: str
) -> None:
    assert canonical_json(result) == text
