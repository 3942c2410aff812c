"""The result of a run: steps, log, decisions, final state and expectations."""

from __future__ import annotations

import copy
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType

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
    """Return the game state as the JSON-ready mapping results expose.

    A stock zone shows as ``{slug: count}`` (instances and counted cards alike),
    any other zone as the slugs of its cards, top first. ``cards`` lists every
    instance by id, leaving out the fields that hold their default
    (``CARD_DEFAULTS``).
    """
    clock = game.clock
    return {
        "phase": clock.phase,
        "round": clock.round,
        "turn": clock.turn,
        "active_player": clock.active_player,
        "window": clock.window,
        "periods": list(clock.periods),
        "players": {p.name: _player(game, p) for p in game.players},
        "zones": {z: _zone(game, z, None) for z in game.shared},
        "cards": _cards(game),
        "lasting": [_lasting(e) for e in game.lasting],
        "delayed": [
            {"period": d.period, "player": d.player, "source": d.source}
            for d in game.delayed
        ],
        "limits": dict(sorted(game.limits.items())),
        "board": game.pack.serialize_state(game),
    }


#: The card fields a result leaves out when they hold these values.
CARD_DEFAULTS: Mapping[str, object] = MappingProxyType(
    {
        "attachments": [],
        "data": {},
        "exhausted": False,
        "flags": [],
        "parent": None,
        "stats": {},
        "tokens": {},
    }
)


def stock_paths(game: Game) -> frozenset[str]:
    """Return the state paths of the stock zones (``players.Bob.reinforcements``,
    ``zones.action_deck``): expectations count their cards, not their slugs."""
    stocks = game.pack.stock_zones
    paths = {f"zones.{z}" for z in game.shared if z in stocks}
    for player in game.players:
        paths.update(f"players.{player.name}.{z}" for z in player.zones if z in stocks)
    return frozenset(paths)


def _zone(game: Game, zone: str, player: str | None) -> object:
    if zone in game.pack.stock_zones:
        return game.stock_of(zone, player)
    cards = game.cards
    return [cards[i].slug for i in game.zone(zone, player)]


def _player(game: Game, player: Player) -> dict[str, object]:
    out: dict[str, object] = {"seat": player.seat}
    stocks = game.pack.stock_zones
    cards = game.cards
    name = player.name  # names are unique (the parser refuses duplicates)
    for zone, ids in player.zones.items():
        if zone in stocks:
            out[zone] = game.stock_of(zone, name)
        else:
            out[zone] = [cards[i].slug for i in ids]
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
    # The keys in sorted order: results are encoded with sorted keys, and the
    # card mappings of a large game then sort in one pass.
    out: dict[str, object] = {}
    if card.attachments:
        out["attachments"] = list(card.attachments)
    out["controller"] = card.controller
    if card.data:
        out["data"] = dict(card.data)
    if card.exhausted:
        out["exhausted"] = True
    flags = view.card_flags.get(card.id)
    if flags:
        out["flags"] = sorted(flags)
    out["name"] = definition.name
    out["owner"] = card.owner
    if card.parent is not None:
        out["parent"] = card.parent
    out["slug"] = card.slug
    modified = view.card_stats.get(card.id)
    if modified:
        merged = dict(printed)
        for key, value in modified.items():
            merged[key] = merged.get(key, 0) + value
        out["stats"] = dict(sorted(merged.items()))
    elif printed:
        out["stats"] = dict(printed)
    if card.tokens:
        out["tokens"] = dict(sorted(card.tokens.items()))
    out["type"] = definition.type
    out["zone"] = card.zone
    out["zone_player"] = card.zone_player
    return out


def _lasting(effect: Lasting) -> dict[str, object]:
    return {
        "player": effect.player,
        "source": effect.source,
        "until": effect.until.describe(),
        "cards": list(effect.cards or ()),
        "players": list(effect.players or ()),
    }


def resolve_path(state: Mapping[str, object], path: str) -> tuple[bool, object]:
    """Follow a dotted path (``players.Bob.hand``, ``cards.<id>.tokens.power``).

    A card field left out of the result for holding its default
    (``CARD_DEFAULTS``) resolves to that default.
    """
    value: object = state
    parts = path.split(".")
    for depth, part in enumerate(parts):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif depth == 2 and parts[0] == "cards" and part in CARD_DEFAULTS:
            value = copy.copy(CARD_DEFAULTS[part])
        else:
            return False, None
    return True, value


def check(
    state: Mapping[str, object],
    expectation: Expectation,
    stocks: Collection[str] = (),
) -> dict[str, object]:
    """Evaluate one expectation against the final state; ``stocks`` are the
    paths of stock zones, whose ``count`` is the number of cards they hold."""
    found, actual = resolve_path(state, expectation.path)
    op, expected = expectation.op, expectation.value
    if op == "count" and expectation.path in stocks and isinstance(actual, Mapping):
        passed = found and sum(actual.values()) == expected
    else:
        passed = found and _holds(op, actual, expected)
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
