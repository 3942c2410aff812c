"""The TI4 part of a result's state: per player and for the board.

Hands stay private in play but the result is a judge's view, so the engine's
``hand`` lists the cards; ``hand_count`` is the public number (2.N2).
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.game import HAND, PLAY, Game
from oracle.games.ti4 import state as st

# Most of a player's lists are empty: the helpers below then build no
# comprehension, which costs more than the rest of the call.


def _held(found: list[Card]) -> list[dict[str, object]]:
    if not found:
        return []
    return [{"card": c.slug, "exhausted": c.exhausted} for c in found]


def _slugs(game: Game, ids: list[str]) -> list[str]:
    if not ids:
        return []
    cards = game.cards
    return [cards[i].slug for i in ids]


def _units(found: list[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in found:
        counts[card.slug] = counts.get(card.slug, 0) + 1
    return dict(sorted(counts.items()))


def _play_area(game: Game, who: Player) -> tuple[list[Card], list[Card]]:
    """A player's strategy cards and technologies, as ``st.strategy_cards`` and
    ``st.technologies`` find them, in one pass over the play area."""
    strategy: list[Card] = []
    technologies: list[Card] = []
    strategy_types = game.pack.slugs_of_type(st.STRATEGY_CARD)
    technology_types = game.pack.slugs_of_type(st.TECHNOLOGY)
    cards = game.cards
    for card_id in who.zones[PLAY]:
        card = cards[card_id]
        if card.slug in strategy_types:
            strategy.append(card)
        elif card.slug in technology_types:
            technologies.append(card)
    if len(strategy) > 1:
        strategy.sort(key=lambda c: st.initiative_of(game, c))
    return strategy, technologies


def player(game: Game, who: Player) -> dict[str, object]:
    """Return the TI4 fields of one player."""
    name = who.name  # names are unique: ``who`` holds the zones named ``name``
    seat = st.seat(game, name)
    limit = st.hand_limit(game, name)
    strategy, technologies = _play_area(game, who)
    tokens = who.resources
    return {
        "faction": seat.faction,
        "speaker": st.table(game).speaker == name,
        "passed": seat.passed,
        "initiative": st.initiative_of(game, strategy[0]) if strategy else None,
        "strategy_cards": _held(strategy),
        "hand_count": len(who.zones[HAND]),
        "hand_limit": "none" if limit is None else limit,
        "trade_goods": tokens.get(st.TRADE_GOODS, 0),
        "commodities": tokens.get(st.COMMODITIES, 0),
        "commodity_value": seat.commodity_value,
        "command_tokens": {
            "tactic": tokens.get(st.TACTIC, 0),
            "fleet": tokens.get(st.FLEET, 0),
            "strategy": tokens.get(st.STRATEGY, 0),
            "reinforcements": tokens.get(st.TOKENS_LEFT, 0),
        },
        "technologies": _held(technologies),
        "planets": _held(st.controlled_planets(game, name)),
        "promissory_notes": _slugs(game, who.zones[st.PROMISSORY]),
        "victory_points": seat.victory_points,
    }


@dataclass(frozen=True)
class _Placed:
    """The cards on the board, grouped in one pass each: asking system by
    system (``st.units``, ``st.planets_in``, ``st.on_planet``) scans every card
    again for each system and planet. Lists keep creation order."""

    space: dict[str, dict[str, list[Card]]]  # system id -> owner -> units in space
    planets: dict[str, list[Card]]  # system card id -> its planet cards
    ground: dict[str, dict[str, list[Card]]]  # planet slug -> owner -> cards on it

    @classmethod
    def of(cls, game: Game) -> _Placed:
        space: dict[str, dict[str, list[Card]]] = {}
        for unit in st.units(game):
            where = unit.data.get("system")
            if isinstance(where, str) and not unit.data.get("planet"):
                space.setdefault(where, {}).setdefault(unit.owner, []).append(unit)
        planets: dict[str, list[Card]] = {}
        for planet in st.planet_cards(game):
            system = st.system_of(game, planet)
            if system is not None:
                planets.setdefault(system.id, []).append(planet)
        ground: dict[str, dict[str, list[Card]]] = {}
        for card in game.cards.values():
            where = card.data.get("planet")
            if card.zone == PLAY and isinstance(where, str):
                ground.setdefault(where, {}).setdefault(card.owner, []).append(card)
        return cls(space, planets, ground)


def _by_owner(found: dict[str, list[Card]]) -> dict[str, dict[str, int]]:
    return {owner: _units(cards) for owner, cards in sorted(found.items())}


def _system(game: Game, system: Card, placed: _Placed) -> dict[str, object]:
    tokens = sorted(
        key.split(":", 1)[1]
        for key, n in system.tokens.items()
        if key.startswith("command:") and n
    )
    planets = {
        planet.slug: _planet(game, planet, placed)
        for planet in placed.planets.get(system.id, ())
    }
    out: dict[str, object] = {
        "home": st.home_owner(game, system),
        "tokens": tokens,
        "space": _by_owner(placed.space.get(st.system_id(system), {})),
        "planets": planets,
    }
    damaged = _damaged(placed.space.get(st.system_id(system), {}))
    if damaged:  # only when a unit is damaged: older results stay as they were
        out["damaged"] = damaged
    if any(key.startswith(st.WORMHOLE_TOKEN) for key in system.tokens):
        out["wormholes"] = list(st.wormholes(game, system))  # a token was placed
    return out


def _planet(game: Game, planet: Card, placed: _Placed) -> dict[str, object]:
    out: dict[str, object] = {
        "controller": st.controller(game, planet),
        "exhausted": planet.exhausted,
        "units": _by_owner(placed.ground.get(planet.slug, {})),
    }
    damaged = _damaged(placed.ground.get(planet.slug, {}))
    if damaged:  # a damaged mech (55.1); absent otherwise, as in space
        out["damaged"] = damaged
    return out


def _damaged(found: dict[str, list[Card]]) -> dict[str, dict[str, int]]:
    """The damaged units in a space area or on a planet, by owner (87.1)."""
    out = {}
    for owner, cards in sorted(found.items()):
        hurt = [c for c in cards if c.data.get("damaged")]
        if hurt:
            out[owner] = _units(hurt)
    return out


def _systems(game: Game) -> dict[str, object]:
    systems = st.systems(game)
    if not systems:
        return {}
    placed = _Placed.of(game)
    return {st.system_id(s): _system(game, s, placed) for s in systems}


def _dice_left(table: st.Table) -> list[int] | dict[str, list[int]]:
    """The preset dice not rolled, in the shape the scenario gave them."""
    if table.player_dice:
        return {name: list(faces) for name, faces in table.player_dice.items()}
    return list(table.dice)


def _laws(game: Game) -> list[str]:
    """The common laws, then those players own (``game.players`` order)."""
    laws = _slugs(game, game.zone(st.LAWS))
    # Most games have no law in play: one look-up of the law cards (cached by
    # the game) rather than a scan of every card in play.
    in_play = game.cards_with(game.pack.slugs_of_type(st.LAW))
    if not any(card.zone == PLAY for card in in_play):
        return laws
    definitions = game.pack.cards
    owned = [game.cards[i] for p in game.players for i in p.zones[PLAY]]
    laws += [c.slug for c in owned if definitions[c.slug].type == st.LAW]
    return laws


def board(game: Game) -> dict[str, object]:
    """Return the board, laws, decks and hand counts."""
    table = st.table(game)
    return {
        "speaker": table.speaker,
        "custodians": table.custodians,
        "systems": _systems(game),
        "laws": _laws(game),
        "action_deck_count": game.stock_count(st.ACTION_DECK),
        "action_discard": _slugs(game, game.zone(st.ACTION_DISCARD)),
        "hand_counts": {p.name: len(p.zones[HAND]) for p in st.by_seat(game)},
        "strategy_area": st.strategy_area_slugs(game),
        "dice_left": _dice_left(table),
    }
