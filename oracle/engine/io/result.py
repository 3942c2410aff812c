"""The result of a run: steps, log, decisions, final state and expectations."""

from __future__ import annotations

import copy
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.effects import Lasting
from oracle.engine.core.game import Game
from oracle.engine.core.records import Decision, LogEntry, StepOutcome
from oracle.engine.core.specs import Expectation


@dataclass(frozen=True)
class Result:
    """What a scenario run answers; ``to_dict()`` is the documented JSON shape.

    ``ok`` is true when the run finished without stopping on a guard and every
    expectation passed. Rejected steps are answers and do not make it false.
    ``verdict`` is the judge's answer for the whole run: ``illegal`` when a
    step was refused, else ``not_modelled`` when something it needed is only
    stated, else ``legal``; None when a guard stopped the run first.
    """

    ok: bool
    game: str
    engine_version: str
    verdict: str | None
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
            "verdict": self.verdict,
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
        "zones": _zones(game, game.shared, None),
        "cards": _cards(game),
        "lasting": [_lasting(e) for e in game.lasting],
        "delayed": [
            {"period": d.period, "player": d.player, "source": d.source}
            for d in game.delayed
        ],
        "limits": _by_key(game.limits),
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
    stocks = game.pack.stock_zones  # a few zones of many: look them up
    paths = {f"zones.{z}" for z in stocks.intersection(game.shared)}
    for player in game.players:
        name = player.name
        paths.update(f"players.{name}.{z}" for z in stocks.intersection(player.zones))
    return frozenset(paths)


def _zones(
    game: Game, zones: Mapping[str, list[str]], holder: str | None
) -> dict[str, object]:
    """Zones as the result shows them (see ``serialize``); ``holder`` is the
    player whose zones they are, None for the shared ones."""
    cards = game.cards
    # Most zones are empty: no list to build from. The few stock zones are
    # shown as counts instead, in their places. (Mapping the ids in C, with
    # ``map`` and ``attrgetter``, runs fewer opcodes but more instructions.)
    out: dict[str, object] = {
        zone: [cards[i].slug for i in ids] if ids else [] for zone, ids in zones.items()
    }
    for zone in game.pack.stock_zones.intersection(zones):
        out[zone] = game.stock_of(zone, holder)
    return out


def _by_key(values: Mapping[str, int]) -> dict[str, int]:
    """A copy of ``values`` sorted by key; most hold at most one key, with
    nothing to sort (and sorting the keys alone is cheaper than the items)."""
    if len(values) < 2:
        return dict(values)
    return {key: values[key] for key in sorted(values)}


def _player(game: Game, player: Player) -> dict[str, object]:
    name = player.name  # names are unique (the parser refuses duplicates)
    out: dict[str, object] = {"seat": player.seat, **_zones(game, player.zones, name)}
    out["resources"] = _by_key(player.resources)
    out["values"] = _by_key(game.view.player_stats.get(name, {}))
    out.update(game.pack.serialize_player(game, player))
    return out


def _cards(game: Game) -> dict[str, object]:
    """Every card instance by id, in creation order."""
    definitions = game.pack.cards
    flags = game.view.card_flags
    stats = game.view.card_stats
    changed = flags.keys() | stats.keys()  # the cards effects touch: few
    out: dict[str, object] = {}
    for card_id, card in game.cards.items():
        definition = definitions[card.slug]
        if (
            card.attachments
            or card.data
            or card.exhausted
            or card.parent is not None
            or card.tokens
            or card_id in changed
        ):
            out[card_id] = _card(
                card, definition, stats.get(card_id), flags.get(card_id)
            )
        # Most cards hold every default: one literal each, the keys in the
        # order ``_card`` gives them.
        elif definition.stats:
            out[card_id] = {
                "controller": card.controller,
                "name": definition.name,
                "owner": card.owner,
                "slug": card.slug,
                "stats": dict(definition.stats),
                "type": definition.type,
                "zone": card.zone,
                "zone_player": card.zone_player,
            }
        else:
            out[card_id] = {
                "controller": card.controller,
                "name": definition.name,
                "owner": card.owner,
                "slug": card.slug,
                "type": definition.type,
                "zone": card.zone,
                "zone_player": card.zone_player,
            }
    return out


def _card(
    card: Card,
    definition: CardDef,
    modified: dict[str, int] | None,
    flags: set[str] | None,
) -> dict[str, object]:
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
    if flags:
        out["flags"] = sorted(flags)
    out["name"] = definition.name
    out["owner"] = card.owner
    if card.parent is not None:
        out["parent"] = card.parent
    out["slug"] = card.slug
    if modified:
        out["stats"] = _modified_stats(definition.stats, modified)
    elif definition.stats:  # sorted already (``CardDef``)
        out["stats"] = dict(definition.stats)
    if card.tokens:
        out["tokens"] = _by_key(card.tokens)
    out["type"] = definition.type
    out["zone"] = card.zone
    out["zone_player"] = card.zone_player
    return out


def _modified_stats(
    printed: Mapping[str, int], modified: dict[str, int]
) -> dict[str, int]:
    merged = dict(printed)
    for key, value in modified.items():
        merged[key] = merged.get(key, 0) + value
    return dict(sorted(merged.items()))


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
