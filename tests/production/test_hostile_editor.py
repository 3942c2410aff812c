"""Hostile text pasted into the oracle's web editor: every case is a 400 page
that says where the problem is (the line, or the JSON pointer beside the
box), answered in bounded time, never a 500."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from django.test import Client

from oracle.models import Run

pytestmark = pytest.mark.django_db

URL = "/ti4/oracle/"
SECONDS = 5.0
PLAYERS = "players:\n  - name: Alice\n  - name: Bob\n"

# (id, pasted text, what the page must say)
CASES: list[tuple[str, str, str]] = [
    ("json-30000-deep", "[" * 30_000 + "]" * 30_000, "line 1: the JSON nests deeper"),
    (
        "json-995-deep-in-field",
        '{"players": [{"name": "A"}], "expect": [{"path": '
        '"x", "equals": ' + "[" * 995 + "]" * 995 + "}]}",
        "line 1: the JSON nests",
    ),
    ("yaml-20000-deep", "- " * 20_000 + "x", "line 1: the text nests deeper"),
    (
        "yaml-flow-20000-deep",
        "a: " + "[" * 20_000 + "]" * 20_000,
        "line 1: the text nests deeper",
    ),
    (
        "yaml-block-40-deep",
        "".join("  " * n + "a:\n" for n in range(40)) + "  " * 40 + "b",
        "line 32: the text nests deeper",
    ),
    (
        "yaml-5000-digit-integer",
        PLAYERS + "seed: " + "1" * 5000,
        "line 4: this number has too many digits",
    ),
    (
        "json-5000-digit-integer",
        '{\n"seed": ' + "1" * 5000 + "}",
        "line 2: a number has too many digits",
    ),
    ("json-lone-surrogate", '{"players": [{"name": "\\ud800"}]}', "/players/0/name"),
    ("yaml-lone-surrogate", 'players:\n  - name: "\\ud800"\n', "/players/0/name"),
    ("yaml-alias", "x: &a [1]\n" + PLAYERS + "y: *a\n", "aliases"),
    ("yaml-python-tag", "!!python/object/apply:os.system ['true']", "line 1"),
    ("yaml-set", PLAYERS + "s: !!set {a, b}\n", "only JSON values"),
    ("yaml-binary", PLAYERS + "b: !!binary aGVsbG8=\n", "only JSON values"),
    ("yaml-float-inf", PLAYERS + "seed: .inf\n", "only JSON values"),
    ("yaml-tab-indent", "players:\n\t- name: A\n", "line 2"),
    ("yaml-unclosed-flow", "players: [{name: A\n", "line 1: expected"),
    ("json-unclosed", '{"players": [\n{"name": "A"\n', "line 2: not valid JSON"),
    (
        "million-infantry",
        PLAYERS + "board:\n  systems:\n    - id: rex\n      planets:"
        " [{id: p}]\n      units: {Alice: ['1000000 infantry@p']}\n",
        "/board/systems/0/units/Alice/0",
    ),
    (
        "fullwidth-name",
        "players:\n  - name: Alice\n  - name: \uff21lice\n",
        "/players/1/name",
    ),
    (
        "unknown-card",
        PLAYERS + "steps:\n  - {player: Alice, play: sabotge}\n",
        "/steps/0/play",
    ),
    ("not-a-mapping", "just words", "/"),
    ("over-64-kib", "# " + "x" * 70_000, "at most 65536 characters"),
]


@pytest.mark.parametrize(
    ("text", "says"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_hostile_pasted_text_gets_a_400_saying_where(
    client: Client, ti4: Any, text: str, says: str
) -> None:
    started = time.monotonic()
    response = client.post(URL, {"mode": "paste", "text": text})
    elapsed = time.monotonic() - started

    page = response.content.decode()
    assert response.status_code == 400, page[:300]
    assert elapsed < SECONDS
    assert says in re.sub(r"\s+", " ", page.replace("&quot;", '"')), says
    assert not Run.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("players-1-name", "\uff21lice", "Unicode NFKC form"),
        ("players-1-name", "Al\u200bice", "invisible formatting characters"),
        ("scenario-seed", "9" * 5000, ""),
        ("players-0-trade_goods", "1" * 5000, ""),
        ("players-TOTAL_FORMS", "1000000", ""),
    ],
)
def test_hostile_builder_fields_get_a_4xx(
    client: Client, ti4: Any, field: str, value: str, says: str
) -> None:
    data = {
        "mode": "build",
        "scenario-phase": "action",
        "players-TOTAL_FORMS": "2",
        "players-INITIAL_FORMS": "0",
        "players-0-name": "Alice",
        "players-1-name": "Bob",
        "steps-TOTAL_FORMS": "0",
        "steps-INITIAL_FORMS": "0",
        field: value,
    }
    started = time.monotonic()
    response = client.post(URL, data)

    assert 400 <= response.status_code < 500
    assert time.monotonic() - started < SECONDS
    assert says in response.content.decode()
    assert not Run.objects.exists()
