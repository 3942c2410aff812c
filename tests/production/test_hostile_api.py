"""Hostile input to the oracle's API: every case is a 4xx in the API's error
shape that says where the problem is (a JSON pointer, or the line and
column of the text), answered in bounded time, never a 500."""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest
from django.test import Client

from oracle.games.ti4 import data
from oracle.games.ti4.limits import TOKEN_CAP
from oracle.models import Run

pytestmark = pytest.mark.django_db

RUN = "/api/v1/ti4/oracle/run/"
SECONDS = 5.0
UNITS = "/board/systems/0/units/Alice/0"


def scenario(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"players": [{"name": "Alice"}, {"name": "Bob"}]}
    base.update(fields)
    return base


def board(*units: str, planets: int = 1, owner: str = "Alice") -> dict[str, Any]:
    system = {
        "id": "rex",
        "planets": [{"id": f"p{n}"} for n in range(planets)],
        "units": {owner: list(units)},
    }
    return scenario(board={"systems": [system]})


def player(**fields: Any) -> dict[str, Any]:
    return scenario(players=[{"name": "Alice", **fields}, {"name": "Bob"}])


def step(**fields: Any) -> dict[str, Any]:
    return scenario(steps=[fields])


def raw(text: str) -> bytes:
    return text.encode()


# (id, body, status, where the answer must point)
CASES: list[tuple[str, bytes | dict[str, Any], int, str]] = [
    # The cases.
    (
        "lone-surrogate-name",
        raw('{"players": [{"name": "\\ud800"}]}'),
        400,
        "/players/0/name",
    ),
    ("body-over-django-limit", b'{"a": "' + b"x" * 3_000_000 + b'"}', 413, ""),
    ("body-1mb", b'{"a": "' + b"x" * 1_000_000 + b'"}', 413, ""),
    ("body-just-over-64k", b'{"a": "' + b"x" * 65_530 + b'"}', 413, ""),
    ("json-30000-deep", raw("[" * 30_000 + "]" * 30_000), 400, "line 1, column 33"),
    (
        "json-995-deep-in-expect",
        raw(
            '{"players": [{"name": "A"}], "expect": [{"path": "x", "equals": '
            + "[" * 995
            + "]" * 995
            + "}]}"
        ),
        400,
        "line 1",
    ),
    (
        "json-995-deep-in-board",
        raw(
            '{"players": [{"name": "A"}], "board": {"x": '
            + "[" * 995
            + "]" * 995
            + "}}"
        ),
        400,
        "line 1",
    ),
    (
        "json-33-deep-over-lines",
        raw("{\n" + '"a": [\n' * 33 + "]" * 33 + "}"),
        400,
        "line 33",
    ),
    ("integer-5000-digits", raw('{"seed": ' + "1" * 5000 + "}"), 400, ""),
    ("million-infantry", board("1000000 infantry@p0"), 400, UNITS),
    ("billion-fighters", board("1000000000 fighter"), 400, UNITS),
    ("huge-count-digits", board("9" * 150 + " destroyer"), 400, UNITS),
    # Surrogates anywhere.
    (
        "surrogate-in-key",
        raw('{"players": [{"name": "A"}], "\\udc00x": 1}'),
        400,
        "/\\udc00x",
    ),
    (
        "surrogate-in-target",
        raw(
            '{"players": [{"name": "A", "hand": ["spy"]}], "steps": [{"player": "A",'
            ' "play": "spy", "targets": {"target": "\\udfff"}}]}'
        ),
        400,
        "/steps/0/targets/target",
    ),
    (
        "surrogate-in-expect",
        raw(
            '{"players": [{"name": "A"}], "expect": [{"path": "x", "equals": '
            '"\\ud83d"}]}'
        ),
        400,
        "/expect/0/equals",
    ),
    (
        "surrogate-in-board-name",
        raw(
            '{"players": [{"name": "A"}], "board": {"systems": [{"id": "rex", '
            '"name": "\\ud800"}]}}'
        ),
        400,
        "/board/systems/0/name",
    ),
    # Not JSON, or not a scenario.
    ("empty-body", b"", 400, "/players"),
    ("null", b"null", 400, ""),
    ("array", b"[]", 400, ""),
    ("string", b'"scenario"', 400, ""),
    ("number", b"7", 400, ""),
    ("nan", b'{"seed": NaN}', 400, ""),
    ("infinity", b'{"seed": Infinity}', 400, ""),
    ("invalid-utf8", b'{"players": [{"name": "\xff\xfe"}]}', 400, ""),
    ("truncated", b'{"players": [{"name": "A"', 400, ""),
    ("trailing-garbage", b'{"players": []} x', 400, ""),
    ("unknown-game", scenario(game="chess"), 400, "/game"),
    ("unknown-field", scenario(cheat=True), 400, "/cheat"),
    # Players.
    ("players-not-a-list", scenario(players="everyone"), 400, "/players"),
    ("no-players", scenario(players=[]), 400, "/players"),
    (
        "nine-players",
        scenario(players=[{"name": f"P{n}"} for n in range(9)]),
        400,
        "/players",
    ),
    ("player-not-a-mapping", scenario(players=["Alice"]), 400, "/players/0"),
    ("name-missing", scenario(players=[{}]), 400, "/players/0/name"),
    ("name-too-long", scenario(players=[{"name": "A" * 41}]), 400, "/players/0/name"),
    (
        "name-control-char",
        scenario(players=[{"name": "A\x00"}]),
        400,
        "/players/0/name",
    ),
    ("name-with-slash", scenario(players=[{"name": "A/B"}]), 400, "/players/0/name"),
    (
        "name-duplicate",
        scenario(players=[{"name": "A"}, {"name": "A"}]),
        400,
        "/players/1/name",
    ),
    (
        "name-fullwidth",
        scenario(players=[{"name": "A"}, {"name": "\uff21"}]),
        400,
        "/players/1/name",
    ),
    (
        "name-zero-width",
        scenario(players=[{"name": "A\u200b"}]),
        400,
        "/players/0/name",
    ),
    (
        "name-bidi-override",
        scenario(players=[{"name": "\u202eA"}]),
        400,
        "/players/0/name",
    ),
    ("name-spaces-around", scenario(players=[{"name": " A "}]), 400, "/players/0/name"),
    ("name-number", scenario(players=[{"name": 7}]), 400, "/players/0/name"),
    ("hand-201-cards", player(hand=["spy"] * 201), 400, "/players/0/hand"),
    ("hand-unknown-card", player(hand=["sabotge"]), 400, "/players/0/hand/0"),
    ("hand-not-a-list", player(hand="spy"), 400, "/players/0/hand"),
    (
        "card-mapping-unknown-field",
        player(play=[{"card": "spy", "x": 1}]),
        400,
        "/players/0/play/0/x",
    ),
    (
        "attachments-nested",
        player(
            play=[
                {
                    "card": "spy",
                    "attachments": [{"card": "spy", "attachments": ["spy"]}],
                }
            ]
        ),
        400,
        "/players/0/play/0/attachments/0/attachments",
    ),
    (
        "tokens-negative",
        player(play=[{"card": "spy", "tokens": {"x": -1}}]),
        400,
        "/players/0/play/0/tokens/x",
    ),
    (
        "resources-huge",
        player(resources={"gold": 10**12}),
        400,
        "/players/0/resources/gold",
    ),
    ("faction-unknown", player(faction="nobody"), 400, "/players/0/faction"),
    (
        "technology-unknown",
        player(technologies=["warp-drive"]),
        400,
        "/players/0/technologies/0",
    ),
    (
        "strategy-unknown",
        player(strategy_cards=["chaos"]),
        400,
        "/players/0/strategy_cards/0",
    ),
    ("trade-goods-too-many", player(trade_goods=1001), 400, "/players/0/trade_goods"),
    ("commodities-negative", player(commodities=-1), 400, "/players/0/commodities"),
    (
        "command-tokens-unknown-pool",
        player(command_tokens={"secret": 1}),
        400,
        "/players/0/command_tokens/secret",
    ),
    (
        "command-tokens-float",
        player(command_tokens={"tactic": 1.5}),
        400,
        "/players/0/command_tokens/tactic",
    ),
    ("speaker-not-bool", player(speaker="yes"), 400, "/players/0/speaker"),
    (
        "too-many-technologies",
        player(technologies=["gravity-drive"] * 41),
        400,
        "/players/0/technologies",
    ),
    # Top-level values.
    ("seed-negative", scenario(seed=-1), 400, "/seed"),
    ("seed-too-large", scenario(seed=2**63), 400, "/seed"),
    ("seed-float", scenario(seed=1.5), 400, "/seed"),
    ("seed-string", scenario(seed="7"), 400, "/seed"),
    ("seed-bool", scenario(seed=True), 400, "/seed"),
    ("round-zero", scenario(round=0), 400, "/round"),
    ("round-huge", scenario(round=10**6), 400, "/round"),
    ("phase-unknown", scenario(phase="war"), 400, "/phase"),
    ("active-player-unknown", scenario(active_player="Eve"), 400, "/active_player"),
    ("decks-unknown-zone", scenario(decks={"graveyard": []}), 400, "/decks/graveyard"),
    (
        "decks-201-cards",
        scenario(decks={"action_deck": ["spy"] * 201}),
        400,
        "/decks/action_deck",
    ),
    (
        "cards-over-2000",
        scenario(
            players=[
                {"name": f"P{n}", "deck": ["spy"] * 200, "hand": ["spy"]}
                for n in range(8)
            ],
            decks={"action_deck": ["spy"] * 200, "action_discard": ["spy"] * 200},
        ),
        400,
        "/decks/action_discard",
    ),
    # Steps.
    (
        "steps-201",
        scenario(steps=[{"player": "Alice", "pass": True}] * 201),
        400,
        "/steps",
    ),
    ("step-two-kinds", step(player="Alice", play="spy", use="spy"), 400, "/steps/0"),
    ("step-no-kind", step(player="Alice"), 400, "/steps/0"),
    ("step-unknown-player", step(player="Eve", play="spy"), 400, "/steps/0/player"),
    ("step-missing-player", step(play="spy"), 400, "/steps/0/player"),
    ("step-unknown-card", step(player="Alice", play="sabotge"), 400, "/steps/0/play"),
    ("step-pass-false", step(player="Alice", **{"pass": False}), 400, "/steps/0/pass"),
    ("step-advance-unknown", step(advance="war"), 400, "/steps/0/advance"),
    ("step-end-unknown", step(end="game"), 400, "/steps/0/end"),
    (
        "step-targets-not-mapping",
        step(player="Alice", play="spy", targets=[1]),
        400,
        "/steps/0/targets",
    ),
    (
        "step-target-object",
        step(player="Alice", play="spy", targets={"t": {}}),
        400,
        "/steps/0/targets/t",
    ),
    ("step-choose-51", step(player="Alice", choose=["x"] * 51), 400, "/steps/0/choose"),
    (
        "step-ability-with-pass",
        step(player="Alice", ability="x", **{"pass": True}),
        400,
        "/steps/0",
    ),
    (
        "step-unimplemented-card",
        scenario(
            players=[
                {"name": "Alice", "promissory": ["ceasefire"]},
                {"name": "Bob"},
            ],
            steps=[{"player": "Alice", "play": "ceasefire"}],
        ),
        400,
        "/steps/0/play",
    ),
    # Expectations.
    ("expect-101", scenario(expect=[{"path": "x", "count": 1}] * 101), 400, "/expect"),
    (
        "expect-two-ops",
        scenario(expect=[{"path": "x", "count": 1, "equals": 1}]),
        400,
        "/expect/0",
    ),
    (
        "expect-count-string",
        scenario(expect=[{"path": "x", "count": "1"}]),
        400,
        "/expect/0/count",
    ),
    ("expect-no-path", scenario(expect=[{"count": 1}]), 400, "/expect/0/path"),
    # The board.
    ("board-not-mapping", scenario(board=[]), 400, "/board"),
    ("board-unknown-field", scenario(board={"fog": True}), 400, "/board/fog"),
    (
        "systems-61",
        scenario(board={"systems": [{"id": f"s{n}"} for n in range(61)]}),
        400,
        "/board/systems",
    ),
    (
        "system-bad-id",
        scenario(board={"systems": [{"id": "Rex!"}]}),
        400,
        "/board/systems/0/id",
    ),
    (
        "system-id-twice",
        scenario(board={"systems": [{"id": "a"}, {"id": "a"}]}),
        400,
        "/board/systems/1",
    ),
    (
        "planets-7",
        scenario(
            board={
                "systems": [{"id": "a", "planets": [{"id": f"p{n}"} for n in range(7)]}]
            }
        ),
        400,
        "/board/systems/0/planets",
    ),
    (
        "planet-resources-10",
        scenario(
            board={"systems": [{"id": "a", "planets": [{"id": "p", "resources": 10}]}]}
        ),
        400,
        "/board/systems/0/planets/0/resources",
    ),
    (
        "planet-trait-unknown",
        scenario(
            board={"systems": [{"id": "a", "planets": [{"id": "p", "trait": "toxic"}]}]}
        ),
        400,
        "/board/systems/0/planets/0/trait",
    ),
    (
        "planet-controller-unknown",
        scenario(
            board={
                "systems": [{"id": "a", "planets": [{"id": "p", "controller": "Eve"}]}]
            }
        ),
        400,
        "/board/systems/0",
    ),
    (
        "wormhole-unknown",
        scenario(board={"systems": [{"id": "a", "wormholes": ["omega"]}]}),
        400,
        "/board/systems/0/wormholes/0",
    ),
    (
        "adjacent-unknown",
        scenario(board={"systems": [{"id": "a", "adjacent": ["b"]}]}),
        400,
        "/board/systems/0/adjacent",
    ),
    (
        "units-not-mapping",
        scenario(board={"systems": [{"id": "a", "units": []}]}),
        400,
        "/board/systems/0/units",
    ),
    (
        "units-61-entries",
        board(*["destroyer"] * 61),
        400,
        "/board/systems/0/units/Alice",
    ),
    ("unit-malformed", board("two destroyers"), 400, UNITS),
    ("unit-unknown", board("3 titan"), 400, UNITS),
    ("unit-unknown-planet", board("infantry@nowhere"), 400, UNITS),
    ("ship-on-planet", board("destroyer@p0"), 400, UNITS),
    ("structure-in-space", board("pds"), 400, UNITS),
    ("unit-owner-unknown", board("destroyer", owner="Eve"), 400, "/board/systems/0"),
    (
        "infantry-13-places",
        scenario(
            board={
                "systems": [
                    {
                        "id": f"s{n}",
                        "planets": [{"id": f"s{n}-p"}],
                        "units": {"Alice": [f"infantry@s{n}-p"]},
                    }
                    for n in range(13)
                ]
            }
        ),
        400,
        "/board/systems/12/units/Alice/0",
    ),
    (
        "fighters-11-systems",
        scenario(
            board={
                "systems": [
                    {"id": f"s{n}", "units": {"Alice": ["fighter"]}} for n in range(11)
                ]
            }
        ),
        400,
        "/board/systems/10/units/Alice/0",
    ),
    (
        "destroyers-over-plastic-across-systems",
        scenario(
            board={
                "systems": [
                    {"id": "a", "units": {"Alice": ["5 destroyer"]}},
                    {"id": "b", "units": {"Alice": ["4 destroyer"]}},
                ]
            }
        ),
        400,
        "/board/systems/1/units/Alice/0",
    ),
    ("laws-unknown", scenario(board={"laws": ["anarchy"]}), 400, "/board/laws/0"),
    (
        "law-owner-unknown",
        scenario(board={"laws": [{"law": "executive-sanctions", "owner": "Eve"}]}),
        400,
        "/board/laws",
    ),
    ("dice-zero", scenario(board={"dice": [0]}), 400, "/board/dice/0"),
    ("dice-201", scenario(board={"dice": [1] * 201}), 400, "/board/dice"),
    ("dice-not-list", scenario(board={"dice": 7}), 400, "/board/dice"),
    ("dice-player-unknown", scenario(board={"dice": {"Eve": [3]}}), 400, "/board/dice"),
    (
        "dice-player-zero",
        scenario(board={"dice": {"Alice": [3, 0]}}),
        400,
        "/board/dice/Alice/1",
    ),
    (
        "dice-players-201",
        scenario(board={"dice": {"Alice": [1] * 101, "Bob": [1] * 100}}),
        400,
        "/board/dice",
    ),
    ("speaker-unknown", scenario(board={"speaker": "Eve"}), 400, "/board/speaker"),
    (
        "board-40-deep",
        scenario(board={"systems": json.loads("[" * 40 + "]" * 40)}),
        400,
        "line 1",
    ),
]
# Every unit over its limit: the plastic of 96.2, the cap for tokens.
for unit in data.UNITS:
    limit = TOKEN_CAP if unit in data.UNLIMITED_UNITS else data.UNIT_SUPPLY[unit]
    where = "@p0" if unit in (*data.GROUND_FORCES, *data.STRUCTURES) else ""
    CASES.append(
        (f"{unit}-over-limit", board(f"{limit + 1} {unit}{where}"), 400, UNITS)
    )


def post(client: Client, body: bytes | dict[str, Any]) -> Any:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post(RUN, data=data, content_type="application/json")


@pytest.mark.parametrize(
    ("body", "status", "where"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
def test_hostile_bodies_get_a_4xx_naming_where(
    client: Client, ti4: Any, body: bytes | dict[str, Any], status: int, where: str
) -> None:
    started = time.monotonic()
    response = post(client, body)
    elapsed = time.monotonic() - started

    assert response.status_code == status, response.content[:400]
    assert elapsed < SECONDS
    error = response.json()["error"]
    assert error["code"] and error["message"]
    if where:
        details = error["details"]
        pointers = [d["pointer"] + " " + d["message"] for d in details]
        assert any(where in text for text in pointers), pointers
    assert not Run.objects.exists()


def test_there_are_enough_hostile_cases() -> None:
    assert len(CASES) >= 120


def test_a_chunked_body_is_read(client: Client, ti4: Any) -> None:
    body = json.dumps(scenario()).encode()
    response = client.post(
        RUN,
        data=body,
        content_type="application/json",
        headers={"transfer-encoding": "chunked"},
        CONTENT_LENGTH="",
        # What gunicorn gives for a chunked body: the decoded stream, of no
        # stated length (the test client's own stream refuses to be over-read).
        **{"wsgi.input": io.BytesIO(body)},
    )

    assert response.status_code == 200, response.content[:300]
    assert response.json()["ok"] is True
    assert Run.objects.count() == 1


def test_a_chunked_body_over_the_limit_is_a_413(client: Client, ti4: Any) -> None:
    body = b'{"a": "' + b"x" * 3_000_000 + b'"}'
    response = client.post(
        RUN,
        data=body,
        content_type="application/json",
        headers={"transfer-encoding": "chunked"},
        CONTENT_LENGTH="",
        # What gunicorn gives for a chunked body: the decoded stream, of no
        # stated length (the test client's own stream refuses to be over-read).
        **{"wsgi.input": io.BytesIO(body)},
    )

    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
