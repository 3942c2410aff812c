"""The TI4 part of a result's state: per player and for the board.

Hands stay private in play but the result is a judge's view, so the engine's
``hand`` lists the cards; ``hand_count`` is the public number (2.N2).
"""

from __future__ import annotations

from oracle.engine.cards import Card, Player
from oracle.engine.game import PLAY, Game
from oracle.games.ti4 import state as st


def _held(game: Game, found: list[Card]) -> list[dict[str, object]]:
    return [{"card": c.slug, "exhausted": c.exhausted} for c in found]


def _units(found: list[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in found:
        counts[card.slug] = counts.get(card.slug, 0) + 1
    return dict(sorted(counts.items()))


def player(game: Game, who: Player) -> dict[str, object]:
    """Return the TI4 fields of one player."""
    name = who.name
    seat = st.seat(game, name)
    limit = st.hand_limit(game, name)
    strategy = st.strategy_cards(game, name)
    return {
        "faction": seat.faction,
        "speaker": st.table(game).speaker == name,
        "passed": seat.passed,
        "initiative": st.initiative_of(game, strategy[0]) if strategy else None,
        "strategy_cards": _held(game, strategy),
        "hand_count": st.hand_size(game, name),
        "hand_limit": "none" if limit is None else limit,
        "trade_goods": who.resource(st.TRADE_GOODS),
        "commodities": who.resource(st.COMMODITIES),
        "commodity_value": seat.commodity_value,
        "command_tokens": {
            "tactic": who.resource(st.TACTIC),
            "fleet": who.resource(st.FLEET),
            "strategy": who.resource(st.STRATEGY),
            "reinforcements": who.resource(st.TOKENS_LEFT),
        },
        "technologies": _held(game, st.technologies(game, name)),
        "planets": _held(game, st.controlled_planets(game, name)),
        "promissory_notes": [c.slug for c in game.cards_in(st.PROMISSORY, name)],
    }


def _system(game: Game, system: Card) -> dict[str, object]:
    tokens = sorted(
        key.split(":", 1)[1]
        for key, n in system.tokens.items()
        if key.startswith("command:") and n
    )
    space: dict[str, list[Card]] = {}
    for unit in st.units(game, system=system):
        if not unit.data.get("planet"):
            space.setdefault(unit.owner, []).append(unit)
    planets = {}
    for planet in st.planets_in(game, system):
        ground: dict[str, list[Card]] = {}
        for unit in st.on_planet(game, planet):
            ground.setdefault(unit.owner, []).append(unit)
        planets[planet.slug] = {
            "controller": st.controller(game, planet),
            "exhausted": planet.exhausted,
            "units": {o: _units(u) for o, u in sorted(ground.items())},
        }
    return {
        "home": st.home_owner(game, system),
        "tokens": tokens,
        "space": {o: _units(u) for o, u in sorted(space.items())},
        "planets": planets,
    }


def board(game: Game) -> dict[str, object]:
    """Return the board, laws, decks and hand counts."""
    table = st.table(game)
    laws = [c.slug for c in game.cards_in(st.LAWS)]
    laws += [
        c.slug
        for p in game.players
        for c in game.cards_in(PLAY, p.name)
        if st.kind(game, c) == st.LAW
    ]
    return {
        "speaker": table.speaker,
        "custodians": table.custodians,
        "systems": {st.system_id(s): _system(game, s) for s in st.systems(game)},
        "laws": laws,
        "action_deck_count": game.stock_count(st.ACTION_DECK),
        "action_discard": [c.slug for c in game.cards_in(st.ACTION_DISCARD)],
        "hand_counts": {p.name: st.hand_size(game, p.name) for p in st.by_seat(game)},
        "strategy_area": [c.slug for c in game.cards_in(st.STRATEGY_AREA)],
        "dice_left": list(table.dice),
    }
