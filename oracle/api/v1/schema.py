"""OpenAPI documentation of the oracle endpoint: description, request and
response examples, and every error answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
)

from oracle.api.v1.serializers import (
    OddsErrorSerializer,
    OddsOptionsSerializer,
    OddsSerializer,
    OracleErrorSerializer,
    OracleResultSerializer,
    OracleScenarioSerializer,
)
from rules.api.v1 import examples
from rules.api.v1.errors import ErrorSerializer
from rules.api.v1.schema import GAME

SCENARIO = {
    "question": "Alice plays Spy on Bob; can Bob cancel it with Sabotage?",
    "phase": "action",
    "active_player": "Alice",
    "players": [
        {"name": "Alice", "hand": ["spy"]},
        {"name": "Bob", "hand": ["sabotage"]},
    ],
    "steps": [
        {"player": "Alice", "play": "spy", "targets": {"target": "Bob"}},
        {"player": "Bob", "play": "sabotage"},
    ],
    "expect": [{"path": "players.Alice.hand", "count": 0}],
}

#: A real answer to ``SCENARIO``, its ``state`` shortened to a few fields of
#: each kind (a test compares it with a fresh run).
RESULT = {
    "ok": True,
    "game": "ti4",
    "engine_version": "3.6.0",
    "verdict": "legal",
    "steps": [
        {
            "index": 0,
            "status": "accepted",
            "verdict": "legal",
            "reason": None,
            "rules": [],
            "card": "spy",
            "card_id": "1dd6284a-409f-493d-8de4-f3fd16157d17",
        },
        {
            "index": 1,
            "status": "accepted",
            "verdict": "legal",
            "reason": None,
            "rules": [],
            "card": "sabotage",
            "card_id": "52702257-abbe-4ca1-840f-d63edaef910d",
        },
    ],
    "log": [
        {
            "seq": 1,
            "player": "Alice",
            "message": "Alice plays Spy",
            "event": "action",
            "cards": ["1dd6284a-409f-493d-8de4-f3fd16157d17"],
            "card_slugs": ["spy"],
            "rules": ["2.6a"],
            "step": 0,
        },
        {
            "seq": 2,
            "player": "Bob",
            "message": "Bob plays Sabotage against Spy",
            "event": "cancel",
            "cards": ["52702257-abbe-4ca1-840f-d63edaef910d"],
            "card_slugs": ["sabotage"],
            "rules": ["2.6"],
            "step": 1,
        },
        {
            "seq": 3,
            "player": "Bob",
            "message": "Bob cancels Spy",
            "event": "cancel",
            "cards": ["1dd6284a-409f-493d-8de4-f3fd16157d17"],
            "card_slugs": ["spy"],
            "rules": ["2.8"],
            "step": 1,
        },
        {
            "seq": 4,
            "player": "Alice",
            "message": "Alice's Spy is cancelled: it has no effect, goes to the "
            "discard pile and does not count as played",
            "event": "cancelled",
            "cards": [],
            "card_slugs": [],
            "rules": ["2.8", "2.N8", "2.6b"],
            "step": 1,
        },
        {
            "seq": 5,
            "player": "Alice",
            "message": "Alice keeps their action: a cancelled component action "
            "does not use it",
            "event": "cancelled",
            "cards": [],
            "card_slugs": [],
            "rules": ["22.4"],
            "step": 1,
        },
    ],
    "decisions": [
        {
            "at": 0,
            "player": "Alice",
            "window": "target:target",
            "options": ["Bob"],
            "prompt": "Choose a player",
        },
        {"at": 0, "player": "Bob", "window": "cancel:play", "options": ["sabotage"]},
    ],
    "state": {
        "phase": "action",
        "round": 1,
        "turn": 1,
        "active_player": "Alice",
        "players": {
            "Alice": {
                "seat": 0,
                "hand": [],
                "play": [],
                "reinforcements": {
                    "carrier": 4,
                    "cruiser": 8,
                    "destroyer": 8,
                    "dreadnought": 5,
                    "fighter": 10,
                    "flagship": 1,
                    "infantry": 12,
                    "mech": 4,
                    "pds": 6,
                    "space-dock": 3,
                    "war-sun": 2,
                },
                "hand_limit": 7,
            },
        },
        "zones": {"action_deck": {}, "action_discard": ["sabotage", "spy"]},
        "cards": {
            "1dd6284a-409f-493d-8de4-f3fd16157d17": {
                "controller": "Alice",
                "name": "Spy",
                "owner": "Alice",
                "slug": "spy",
                "type": "action",
                "zone": "action_discard",
                "zone_player": None,
            },
            "52702257-abbe-4ca1-840f-d63edaef910d": {
                "controller": "Bob",
                "name": "Sabotage",
                "owner": "Bob",
                "slug": "sabotage",
                "type": "action",
                "zone": "action_discard",
                "zone_player": None,
            },
        },
        "board": {
            "action_deck_count": 0,
            "action_discard": ["sabotage", "spy"],
            "strategy_area": [
                "leadership",
                "diplomacy",
                "politics",
                "construction",
                "trade",
                "warfare",
                "technology",
                "imperial",
            ],
        },
    },
    "expect": [
        {"path": "players.Alice.hand", "count": 0, "passed": True, "actual": []}
    ],
    "error": None,
    "permalink": f"{examples.SITE}/ti4/oracle/r/0c5f1e8a9b3d47e2a1c6f0b9d8e7a6b5/",
    "question": "Alice plays Spy on Bob; can Bob cancel it with Sabotage?",
}

INVALID = {
    "error": {
        "code": "invalid",
        "message": "The scenario is invalid; see details.",
        "details": [
            {
                "pointer": "/players/1/hand/0",
                "message": "unknown card 'sabotge'; did you mean 'sabotage'?",
            },
            {"pointer": "/steps/1/player", "message": "unknown player 'Rob'"},
        ],
    }
}

NOT_IMPLEMENTED = {
    "error": {
        "code": "not_implemented",
        "message": "The Twilight Imperium (Fourth Edition) oracle does not "
        "implement Ceasefire yet.",
        "details": [
            {
                "pointer": "/steps/0/play",
                "message": "the TI4 oracle does not implement Ceasefire yet: the "
                "abilities of promissory notes are not modelled yet (a scenario may "
                "still give notes to players)",
                "card": "ceasefire",
            }
        ],
    }
}


def _error(serializer: Any, description: str, **named: Any) -> OpenApiResponse:
    return OpenApiResponse(
        serializer,
        description=description,
        examples=[
            OpenApiExample(name, value=value, response_only=True)
            for name, value in named.items()
        ],
    )


#: The body errors the oracle's POST endpoints share.
TOO_LARGE = _error(
    ErrorSerializer,
    "The body is over 64 KiB.",
    too_large=examples.error("too_large", "The request body is over 64 KiB."),
)
UNSUPPORTED = _error(
    ErrorSerializer,
    "The body is not sent as application/json.",
    unsupported_media_type=examples.error(
        "unsupported_media_type",
        'Unsupported media type "text/plain" in request.',
    ),
)


DESCRIPTION = """\
Run a scenario with the game's rules engine and get its answer: every step
accepted or rejected (with the reason and the rule ids), the log, each decision
point with the legal options, the final state and the expectations checked.

`verdict` answers the question, for each step and for the whole run: `legal`,
`illegal` (a step was refused: the refusal is the answer) or `not_modelled`
(the step resolved, but part of it is only stated by the engine: log entries
with `modelled: false`); null when a guard stopped the run first. `ok` only
says the run completed and its expectations hold: a run with a refused play is
`ok`. Each step names the card it played by `card` (slug) and `card_id` (the
instance in `state.cards`); each log entry names its `cards` by id and by
`card_slugs`. An optional `question` (the question in words, one paragraph of
at most 500 characters) is stored with the run, changes its permalink, and
comes back as it was normalised; it does not change the run.

The body is a scenario (see docs/ORACLE.md); `game` may be left out and must
otherwise be the game of the URL. A rejected step is an answer, not an error.
Every run is stored under the hash of its normalised scenario: `permalink` is the
answer's page, the same for the same scenario whatever its key order.

Limits: JSON only (`415` otherwise); a body of at most 64 KiB (`413`); at most 8
players and 200 steps (`400`); the engine's step and recursion budget — a runaway
scenario answers `200` with `ok: false` and the guard's reason in `error`;
60 runs a minute per client (`429` with `Retry-After`).

The `state` shows a stock zone (in TI4 a player's `reinforcements` and
`tech_deck`, and `action_deck`) as `{slug: count}`, any other zone as a list of
slugs, top first; an expectation's `count` over a stock zone counts its cards.
`state.cards` lists every card instance by id and leaves out the fields that hold
their default (`attachments` [], `data` {}, `exhausted` false, `flags` [],
`parent` null, `stats` {}, `tokens` {}). Each log entry's `step` is the index of
the step it belongs to (null during set-up).

A malformed scenario is a `400` whose `details` lists every problem as a JSON
`pointer` and a `message`; a scenario that plays a card the oracle does not
implement yet is a `400` with code `not_implemented` naming the cards."""

run = extend_schema(
    tags=["oracle"],
    summary="Run a scenario",
    description=DESCRIPTION,
    parameters=[GAME],
    request=OracleScenarioSerializer,
    responses={
        200: OracleResultSerializer,
        400: _error(
            OracleErrorSerializer,
            "The scenario is malformed or plays unimplemented cards.",
            invalid=INVALID,
            not_implemented=NOT_IMPLEMENTED,
        ),
        404: _error(
            ErrorSerializer,
            "No oracle for this game.",
            not_found=examples.error(
                "not_found", "No oracle answers 'chess' scenarios."
            ),
        ),
        413: TOO_LARGE,
        415: UNSUPPORTED,
        429: _error(
            ErrorSerializer,
            "Too many runs from this client; see the `Retry-After` header.",
            throttled=examples.THROTTLED,
        ),
    },
    examples=[
        OpenApiExample("Spy, cancelled by Sabotage", value=SCENARIO, request_only=True),
        OpenApiExample(
            "The answer (state shortened)", value=RESULT, response_only=True
        ),
    ],
)


# -- combat odds --------------------------------------------------------------------

ODDS_SCENARIO = {
    "question": "What are Alice's chances attacking Bob's carrier group in Lodor?",
    "phase": "action",
    "active_player": "Alice",
    "players": [{"name": "Alice", "technologies": ["fighter-ii"]}, {"name": "Bob"}],
    "board": {
        "systems": [
            {
                "id": "lodor",
                "tokens": ["Alice"],
                "units": {
                    "Alice": ["dreadnought", "2 fighter"],
                    "Bob": ["carrier", "destroyer", "3 fighter"],
                },
            }
        ]
    },
}

#: The answer to ``ODDS_SCENARIO`` (a test compares it with a fresh one).
ODDS_RESULT = {
    "game": "ti4",
    "engine_version": "3.6.0",
    "combat": {
        "kind": "space",
        "system": "Lodor",
        "planet": None,
        "attacker": {
            "player": "Alice",
            "ships": {"dreadnought": 1, "fighter": 2},
            "damaged": {},
            "upgrades": ["Fighter II"],
            "not_used": [],
        },
        "defender": {
            "player": "Bob",
            "ships": {"carrier": 1, "destroyer": 1, "fighter": 3},
            "damaged": {},
            "upgrades": [],
            "not_used": [],
        },
    },
    "method": "exact",
    "policy": "sustain-first",
    "samples": None,
    "seed": None,
    "retreat_at": None,
    "chances": {
        "attacker_wins": 0.4891498158501852,
        "defender_wins": 0.48078913333441503,
        "no_one_survives": 0.030061050815400822,
        "retreat": 0.0,
    },
    "survivors": {
        "attacker": {"dreadnought": 0.4891498158501852, "fighter": 0.4833505458565005},
        "defender": {
            "carrier": 0.48078913333441503,
            "destroyer": 0.4020913912671298,
            "fighter": 0.4508013579908363,
        },
    },
    "expected_rounds": 3.978087660775289,
    "standard_error": None,
    "assumptions": [
        {
            "text": "Alice, the active player, attacks; Bob defends.",
            "rules": ["13.N1", "29.N1"],
        },
        {
            "text": "Each player cancels hits with Sustain Damage on "
            "every undamaged unit that has it, then loses ships "
            "from the worst combat value up (the cheapest of "
            "equal ones first, fighters before other ships).",
            "rules": ["78.6", "31.1", "87.1", "87.3"],
        },
        {
            "text": "The combat starts at its first round: anti-fighter "
            "barrage is rolled then only, its hits destroy "
            "fighters alone and any extra hits are lost; a side "
            "left without ships after it ends the combat.",
            "rules": [
                "78.3",
                "78.3a",
                "78.3b",
                "10.1",
                "10.1b",
                "10.2",
                "10.2a",
                "87.4a",
            ],
        },
        {
            "text": "Both players roll for every ship in every round "
            "until at most one of them has ships left.",
            "rules": ["78.5", "78.5a", "78.8", "78.9"],
        },
        {
            "text": "Nobody retreats.",
            "rules": ["78.4", "78.4b", "78.4c", "78.7", "78.7a", "78.7c"],
        },
        {
            "text": "No action card, promissory note, leader or faction "
            "ability is used, and space cannon fire before the "
            "combat is taken as already resolved.",
            "rules": [],
        },
        {
            "text": "Survivors are counted before the winner removes "
            "fighters its ships cannot carry.",
            "rules": ["78.10a"],
        },
        {"text": "Alice has Fighter II.", "rules": ["97.4"]},
    ],
}

GROUND_SCENARIO = {
    "question": "Will Alice's three infantry take Lodor I from Bob's infantry?",
    "phase": "action",
    "active_player": "Alice",
    "players": [{"name": "Alice"}, {"name": "Bob", "technologies": ["infantry-ii"]}],
    "board": {
        "systems": [
            {
                "id": "lodor",
                "tokens": ["Alice"],
                "planets": [
                    {
                        "id": "lodor-i",
                        "resources": 3,
                        "influence": 1,
                        "controller": "Bob",
                    }
                ],
                "units": {
                    "Alice": ["carrier", "3 infantry@lodor-i"],
                    "Bob": ["2 infantry@lodor-i", "pds@lodor-i"],
                },
            }
        ]
    },
}

#: The answer to ``GROUND_SCENARIO`` (a test compares it with a fresh one).
GROUND_RESULT: dict[str, Any] = {
    "game": "ti4",
    "engine_version": "3.6.0",
    "combat": {
        "kind": "ground",
        "system": "Lodor",
        "planet": "Lodor I",
        "attacker": {
            "player": "Alice",
            "ships": {"infantry": 3},
            "damaged": {},
            "upgrades": [],
            "not_used": [],
        },
        "defender": {
            "player": "Bob",
            "ships": {"infantry": 2},
            "damaged": {},
            "upgrades": ["Infantry II"],
            "not_used": [],
        },
    },
    "method": "exact",
    "policy": "sustain-first",
    "samples": None,
    "seed": None,
    "retreat_at": None,
    "chances": {
        "attacker_wins": 0.706409452157026,
        "defender_wins": 0.24301641305881067,
        "no_one_survives": 0.050574134784163,
        "retreat": 0.0,
    },
    "survivors": {
        "attacker": {"infantry": 1.3824313471968614},
        "defender": {"infantry": 0.3305234820525119},
    },
    "expected_rounds": 2.5817318925131283,
    "standard_error": None,
    "assumptions": [
        {
            "text": "Alice, the active player, attacks; Bob defends.",
            "rules": ["13.N1", "29.N1"],
        },
        {
            "text": "The ground forces on Lodor I (Lodor) now are those "
            "that fight: the invasion's bombardment, commitments "
            "and Space Cannon Defense are taken as already "
            "resolved, so Planetary Shield and space cannon play "
            "no part.",
            "rules": ["49.1", "49.2", "49.3"],
        },
        {
            "text": "Each player cancels hits with Sustain Damage on "
            "every undamaged mech, then loses ground forces from "
            "the worst combat value up (the cheapest of equal "
            "ones first).",
            "rules": ["42.2", "42.N5", "31.1", "87.1", "87.3"],
        },
        {
            "text": "Both players roll for every ground force on the "
            "planet in every round until at most one of them has "
            "ground forces left; there is no anti-fighter "
            "barrage and nobody retreats.",
            "rules": ["42.1", "42.1a", "42.3", "42.4", "42.N6"],
        },
        {
            "text": "The attacker takes control of Lodor I when it wins; "
            "if both sides lose every ground force, the defender "
            "keeps it.",
            "rules": ["42.4c", "42.4d", "49.5", "49.5d"],
        },
        {
            "text": "No action card, promissory note, leader or faction "
            "ability is used, and no unit joins the combat once "
            "it has begun.",
            "rules": [],
        },
        {
            "text": "Survivors are counted when the combat ends, before "
            "Establish Control.",
            "rules": ["49.5"],
        },
        {"text": "Bob has Infantry II.", "rules": ["97.4"]},
    ],
}

NO_COMBAT = {
    "error": {
        "code": "no_combat",
        "message": "The scenario has no combat to compute; see details.",
        "details": [
            {
                "pointer": "",
                "message": "no combat to compute: only one player has ships in "
                "Lodor, and no planet there holds ground forces of Alice and of "
                "another player",
            }
        ],
    }
}

ODDS_DESCRIPTION = """\
The odds of the space combat a scenario ends in, or, when its active system has
none, of the ground combat on one of its planets: the chance that the attacker
wins (in a ground combat: takes the planet), that the defender wins, that
nobody has units left, and that the attacker retreats (0 unless `retreat_at` is
given; never in a ground combat); the expected units left by type on each side,
the expected number of rounds, and the assumptions behind the figures, each
with the rule ids it rests on.

A ground combat (`combat.kind` `ground`, with its `planet`) is the one the run
fought in the active system, from the ground forces each side had as it began,
or else the one still to come on the planet where the active player and another
player both have ground forces: the invasion's bombardment and Space Cannon
Defense are taken as resolved. With a space combat still to fight there, the
answer is that space combat's, and its assumptions say the invasion is not
counted.

The body is the same scenario as for `run/`, validated with the same limits
and errors. The engine runs it; the combat is in the system the last tactical
action of its steps activated, or, with none, in the one system holding a
command token of the active player, their ships and another player's ships.
The active player attacks (13, 29). Unit upgrades apply (97.4). What the odds
cannot take into account exactly (a flagship, Assault Cannon when it fires,
Unrelenting, Fragile, Duranium Armor with a unit it could repair, mechs whose
ability changes their rolls) is a `400` with code `not_implemented`; a scenario
without such a combat is a `400` with code `no_combat`.

`method` is `exact` when every state of the combat could be computed (about
a second at most; a 10-against-10 combat takes a fraction of it), else
`simulation`: `samples` combats rolled with `seed`, each figure with its
`standard_error`. Query parameters: `policy` (how each player assigns hits:
`sustain-first`, the default, or `no-sustain`), `samples` (100 to 50,000,
default 20,000) and `seed` (default 1), both used only by a simulation, and
`retreat_at`: the attacker announces a retreat in the first round in which it
has that many ships or fewer, fights that round and then retreats if the
defender still has ships (78.4, 78.7; the defender never retreats). A retreat
needs a system to go to (78.4c, 78.7c): without one the answer is a `400`. A bad
value is a `400` naming the parameter. Nothing is stored: there is no
permalink. Odds count towards the `oracle` rate limit, as runs do."""

odds = extend_schema(
    tags=["oracle"],
    summary="Odds of the scenario's space or ground combat",
    description=ODDS_DESCRIPTION,
    parameters=[GAME, OddsOptionsSerializer],
    request=OracleScenarioSerializer,
    responses={
        200: OddsSerializer,
        400: _error(
            OddsErrorSerializer,
            "The scenario or a parameter is malformed, uses what the odds do not "
            "model, or has no combat.",
            invalid=INVALID,
            not_implemented=NOT_IMPLEMENTED,
            no_combat=NO_COMBAT,
        ),
        404: _error(
            ErrorSerializer,
            "No combat odds for this game.",
            not_found=examples.error(
                "not_found", "No combat odds for 'chess' scenarios."
            ),
        ),
        413: TOO_LARGE,
        415: UNSUPPORTED,
        429: _error(
            ErrorSerializer,
            "Too many requests from this client; see the `Retry-After` header.",
            throttled=examples.THROTTLED,
        ),
    },
    examples=[
        OpenApiExample(
            "A carrier group attacked", value=ODDS_SCENARIO, request_only=True
        ),
        OpenApiExample("The odds", value=ODDS_RESULT, response_only=True),
        OpenApiExample(
            "Infantry landed on a defended planet",
            value=GROUND_SCENARIO,
            request_only=True,
        ),
        OpenApiExample(
            "The odds of that ground combat", value=GROUND_RESULT, response_only=True
        ),
    ],
)
