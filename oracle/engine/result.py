"""The result of a run: steps, log, decisions, final state and expectations."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from oracle.engine.cards import Card, Player
from oracle.engine.effects import Lasting
from oracle.engine.game import Game
from oracle.engine.records import Decision, LogEntry, StepOutcome
from oracle.engine.scenario import Expectation


@dataclass(frozen=True)
class Result:
    """What a scenario run answers; ``to_dict()`` is the documented JSON shape.

    ``ok`` is true when the run finished without stopping on a guard and every
    expectation passed. Rejected steps are answers and do not make it false.
    """

    ok: bool
    game: str
    engine_version: str
    steps: tuple[StepOutcome, ...]
    log: tuple[LogEntry, ...]
    decisions: tuple[Decision, ...]
    state: Mapping[str, object]
    expect: tuple[Mapping[str, object], ...]
    error: str | None = None

    def to_dict(self) -> dict[str, object]:
        """Return the result as a JSON-ready mapping."""
        return {
            "ok": self.ok,
            "game": self.game,
            "engine_version": self.engine_version,
            "steps": [s.to_dict() for s in self.steps],
            "log": [e.to_dict() for e in self.log],
            "decisions": [d.to_dict() for d in self.decisions],
            "state": dict(self.state),
            "expect": [dict(e) for e in self.expect],
        }

    def to_json(self) -> str:
        """Return the canonical JSON text (sorted keys): byte-identical per input."""
        return json.dumps(self.to_dict(), sort_keys=True)


def serialize(game: Game) -> dict[str, object]:
    """Return the game state as the JSON-ready mapping results expose."""
    clock = game.clock
    return {
        "phase": clock.phase,
        "round": clock.round,
        "turn": clock.turn,
        "active_player": clock.active_player,
        "window": clock.window,
        "periods": list(clock.periods),
        "players": {p.name: _player(game, p) for p in game.players},
        "zones": {z: _slugs(game, ids) for z, ids in game.shared.items()},
        "cards": _cards(game),
        "lasting": [_lasting(e) for e in game.lasting],
        "delayed": [
            {"period": d.period, "player": d.player, "source": d.source}
            for d in game.delayed
        ],
        "limits": dict(sorted(game.limits.items())),
        "board": game.pack.serialize_state(game),
    }


def _slugs(game: Game, ids: list[str]) -> list[str]:
    return [game.cards[i].slug for i in ids]


def _player(game: Game, player: Player) -> dict[str, object]:
    out: dict[str, object] = {"seat": player.seat}
    for zone, ids in player.zones.items():
        out[zone] = _slugs(game, ids)
    out["resources"] = dict(sorted(player.resources.items()))
    out["values"] = dict(sorted(game.view.player_stats.get(player.name, {}).items()))
    out.update(game.pack.serialize_player(game, player))
    return out


def _cards(game: Game) -> dict[str, object]:
    """Every card instance by id, in creation order."""
    printed: dict[str, dict[str, int]] = {}  # sorted printed stats, by slug
    out: dict[str, object] = {}
    for card in game.cards.values():
        stats = printed.get(card.slug)
        if stats is None:
            stats = dict(sorted(game.definition(card).stats.items()))
            printed[card.slug] = stats
        out[card.id] = _card(game, card, stats)
    return out


def _card(game: Game, card: Card, printed: dict[str, int]) -> dict[str, object]:
    definition = game.definition(card)
    view = game.view
    modified = view.card_stats.get(card.id)
    if modified:
        merged = dict(printed)
        for key, value in modified.items():
            merged[key] = merged.get(key, 0) + value
        stats = dict(sorted(merged.items()))
    else:
        stats = dict(printed)
    flags = view.card_flags.get(card.id)
    # The keys in sorted order: results are encoded with sorted keys, and the
    # hundreds of card mappings of a large game then sort in one pass.
    return {
        "attachments": list(card.attachments),
        "controller": card.controller,
        "data": dict(card.data),
        "exhausted": card.exhausted,
        "flags": sorted(flags) if flags else [],
        "name": definition.name,
        "owner": card.owner,
        "parent": card.parent,
        "slug": card.slug,
        "stats": stats,
        "tokens": dict(sorted(card.tokens.items())) if card.tokens else {},
        "type": definition.type,
        "zone": card.zone,
        "zone_player": card.zone_player,
    }


def _lasting(effect: Lasting) -> dict[str, object]:
    return {
        "player": effect.player,
        "source": effect.source,
        "until": effect.until.describe(),
        "cards": list(effect.cards or ()),
        "players": list(effect.players or ()),
    }


def resolve_path(state: Mapping[str, object], path: str) -> tuple[bool, object]:
    """Follow a dotted path (``players.Bob.hand``, ``cards.<id>.tokens.power``)."""
    value: object = state
    for part in path.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value


def check(state: Mapping[str, object], expectation: Expectation) -> dict[str, object]:
    """Evaluate one expectation against the final state."""
    found, actual = resolve_path(state, expectation.path)
    passed = found and _holds(expectation.op, actual, expectation.value)
    return {**expectation.dump(), "passed": passed, "actual": actual}


def _holds(op: str, actual: object, expected: object) -> bool:
    if op == "equals":
        return actual == expected
    if op == "count":
        return isinstance(actual, (list, dict, str)) and len(actual) == expected
    if isinstance(actual, str):
        return isinstance(expected, str) and expected in actual
    if isinstance(actual, (list, dict)):
        wanted = expected if isinstance(expected, list) else [expected]
        return all(_has(actual, item) for item in wanted)
    return False


def _has(container: list[object] | dict[str, object], item: object) -> bool:
    if isinstance(container, dict):
        return isinstance(item, str) and item in container
    return item in container
