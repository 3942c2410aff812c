"""The TI4 state on top of the engine's game: what is where, and who holds what.

Everything physical is a card instance, so the engine's conservation holds:
action cards (hands, ``action_deck``, ``action_discard``), planet cards (a
controller's ``play`` area, or ``planets`` while nobody controls them), system
tiles (``systems``), units (``play`` on the board with their location in
``card.data``, else the owner's ``reinforcements``), technologies (``play``
once owned, ``tech_deck`` before), strategy cards (``play`` or the common
``strategy_area``), laws (``laws`` or an owner's ``play``) and promissory notes.
The one exception: fighter and infantry tokens have no limit (23.2), so a token
placed beyond the plastic comes from ``unit_tokens`` (the supply), or is created
there when the supply holds none, and returns there (see ``reserve``).
Untouched stock is counted, not created: a player's ``reinforcements`` and
``tech_deck``, the filled part of ``action_deck`` and the ``strategy_area`` are
engine stock zones (``STOCK_ZONES``), whose cards become instances only when one
leaves (placed, researched, drawn) or, for the strategy area, when its cards are
needed as cards (``strategy_area_cards``); read them with
``game.stock_count``/``stock_of`` and take with
``in_reinforcements``/``from_reinforcements``/``game.draw_from_stock``.
Counts that are tokens live in ``player.resources``; the rest of the pack's
bookkeeping lives in one ``Table`` under ``game.flags["ti4"]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.game import HAND, PLAY, Game
from oracle.games.ti4 import data

# Zones of the pack.
ACTION_DECK = "action_deck"
ACTION_DISCARD = "action_discard"
STRATEGY_AREA = "strategy_area"
PLANETS = "planets"
SYSTEMS = "systems"
LAWS = "laws"
AGENDA_DISCARD = "agenda_discard"
REINFORCEMENTS = "reinforcements"
TECH_DECK = "tech_deck"
PROMISSORY = "promissory"
UNIT_TOKENS = "unit_tokens"
AGENDA_DECK = "agenda_deck"
AGENDA_AREA = "agenda_area"

SHARED_ZONES = (
    ACTION_DECK,
    ACTION_DISCARD,
    STRATEGY_AREA,
    PLANETS,
    SYSTEMS,
    LAWS,
    AGENDA_DISCARD,
    UNIT_TOKENS,
    AGENDA_DECK,
    AGENDA_AREA,
)
PLAYER_ZONES = (REINFORCEMENTS, TECH_DECK, PROMISSORY)
#: Zones whose untouched cards are counted, not created, until one leaves.
STOCK_ZONES = (REINFORCEMENTS, TECH_DECK, ACTION_DECK, STRATEGY_AREA, AGENDA_DECK)
#: Zones only a scenario with an agenda deck has (``agenda.prepare``).
AGENDA_ZONES = (AGENDA_DECK, AGENDA_AREA)

# Player resources (token counts).
TRADE_GOODS = "trade_goods"
COMMODITIES = "commodities"
TACTIC = "tactic"
FLEET = "fleet"
STRATEGY = "strategy"
POOLS = (TACTIC, FLEET, STRATEGY)
TOKENS_LEFT = "command_reinforcements"

# Player values computed by effects (``game.player_stat``).
HAND_LIMIT = "hand_limit"
NO_HAND_LIMIT = "no_hand_limit"
STATUS_DRAWS = "status_draws"
EXTRA_DRAWS = "extra_draws"

# Card types.
ACTION = "action"
PLANET = "planet"
SYSTEM = "system"
UNIT = "unit"
TECHNOLOGY = "technology"
STRATEGY_CARD = "strategy"
LAW = "law"
FACTION_ABILITY = "faction-ability"
PROMISSORY_NOTE = "promissory-note"
RULE = "rule"
DIRECTIVE = "directive"

PHASES = ("strategy", "action", "status", "agenda")


@dataclass
class Seat:
    """What the pack keeps per player besides cards and tokens."""

    faction: str | None = None
    commodity_value: int = 0
    passed: bool = False
    keeps_strategy_cards: bool = False
    victory_points: int = 0


@dataclass
class Table:
    """The pack's bookkeeping: speaker, turn state, dice and windows."""

    speaker: str = ""
    custodians: bool = False
    seats: dict[str, Seat] = field(default_factory=dict)
    action_taken: bool = False
    dice: list[int] = field(default_factory=list)
    #: Each player's own preset dice, used before ``dice`` for their rolls.
    player_dice: dict[str, list[int]] = field(default_factory=dict)
    played: dict[str, list[str]] = field(default_factory=dict)
    refusals: dict[str, Refusal] = field(default_factory=dict)
    windows: int = 0
    cancelled: dict[str, tuple[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Refusal:
    """Why a card was not offered in a timing window (kept to explain it later)."""

    reason: str
    rules: tuple[str, ...]
    phase: str
    round: int

    def __deepcopy__(self, memo: dict[int, object]) -> Refusal:
        # Immutable, so a copied game shares it; the compiled engine could
        # not rebuild it, as ``deepcopy`` sets a frozen class's fields.
        return self


def table(game: Game) -> Table:
    """Return the pack's bookkeeping of a game."""
    found = game.flags.get("ti4")
    if not isinstance(found, Table):
        found = Table()
        game.flags["ti4"] = found
    return found


def seat(game: Game, name: str) -> Seat:
    """Return the pack's record of the player called ``name``."""
    seats = table(game).seats
    found = seats.get(name)
    if found is None:  # not ``setdefault``: it would build a Seat on every call
        found = seats[name] = Seat()
    return found


def kind(game: Game, card: Card) -> str:
    """Return the type of a card's definition."""
    return game.definition(card).type


def is_action_card(game: Game, card: Card) -> bool:
    """Return whether ``card`` is an action card."""
    return game.definition(card).type == ACTION  # most rule checks ask this first


# -- the board -----------------------------------------------------------------


def systems(game: Game) -> list[Card]:
    """Return the system tiles of the board in scenario order."""
    return game.cards_in(SYSTEMS)


def system_slug(system_id: str) -> str:
    """Return the card slug of the system tile with scenario id ``system_id``.

    Engine references need a card's label to contain its slug, so a system's
    slug is its id: system and planet ids share one namespace."""
    return system_id


def system_id(system: Card) -> str:
    """Return the scenario id of a system tile."""
    return system.slug


def system_named(game: Game, name: str) -> Card | None:
    """Return the system tile with scenario id ``name``, if the board has it."""
    slug = system_slug(name)
    return next((s for s in systems(game) if s.slug == slug), None)


def planet_cards(game: Game) -> list[Card]:
    """Return every planet card, controlled or not, in creation order."""
    return list(game.cards_with(game.pack.slugs_of_type(PLANET)))


def planet_named(game: Game, slug: str) -> Card | None:
    """Return the planet card ``slug``, if the board has it."""
    return next((p for p in planet_cards(game) if p.slug == slug), None)


def system_of(game: Game, card: Card) -> Card | None:
    """Return the system a planet or a unit on the board is in."""
    where = game.definition(card).data.get("system")
    if not isinstance(where, str):
        value = card.data.get("system")
        where = value if isinstance(value, str) else None
    return system_named(game, where) if where else None


def planets_in(game: Game, system: Card) -> list[Card]:
    """Return the planet cards of a system."""
    return [p for p in planet_cards(game) if system_of(game, p) is system]


def controller(game: Game, planet: Card) -> str | None:
    """Return who controls a planet (None when nobody does)."""
    return planet.controller if planet.zone == PLAY else None


def controlled_planets(game: Game, name: str) -> list[Card]:
    """Return the planets a player controls."""
    planets = game.cards_with(game.pack.slugs_of_type(PLANET))
    return [p for p in planets if controller(game, p) == name]


def home_owner(game: Game, system: Card) -> str | None:
    """Return the player whose home system this is (None if nobody's)."""
    owner = game.definition(system).data.get("home")
    return owner if isinstance(owner, str) else None


def is_home(game: Game, system: Card | None) -> bool:
    """Return whether ``system`` is some player's home system."""
    return system is not None and home_owner(game, system) is not None


def wormholes(game: Game, system: Card) -> tuple[str, ...]:
    """Return the wormhole types a system contains: its tile's, then those of
    wormhole tokens placed in it during the game (``wormhole_key``)."""
    found = game.definition(system).data.get("wormholes", ())
    printed = tuple(str(w) for w in found) if isinstance(found, tuple) else ()
    if not system.tokens:
        return printed
    placed = tuple(
        key.split(":", 1)[1]
        for key, n in system.tokens.items()
        if n and key.startswith(WORMHOLE_TOKEN)
    )
    return printed + placed


#: The token kind prefix of a wormhole token on a system ("wormhole:gamma").
WORMHOLE_TOKEN = "wormhole:"


def wormhole_key(kind: str) -> str:
    """Return the token kind of a wormhole token of type ``kind``."""
    return f"{WORMHOLE_TOKEN}{kind}"


def adjacent(game: Game, one: Card, other: Card) -> bool:
    """Return whether two different systems are adjacent (wormholes included)."""
    if one is other:
        return False
    near = game.definition(one).data.get("adjacent", ())
    if isinstance(near, tuple) and other.slug in near:
        return True
    return bool(set(wormholes(game, one)) & set(wormholes(game, other)))


def units(
    game: Game, *, system: Card | None = None, owner: str | None = None
) -> list[Card]:
    """Return units on the board, optionally in one system or of one player."""
    out = []
    where = system_id(system) if system is not None else None
    for card in game.cards_with(game.pack.slugs_of_type(UNIT)):
        if card.zone != PLAY:
            continue
        if owner is not None and card.owner != owner:
            continue
        if where is not None and card.data.get("system") != where:
            continue
        out.append(card)
    return out


def is_ship(game: Game, card: Card) -> bool:
    """Return whether a unit is a ship."""
    return card.slug in data.SHIPS


def ships(game: Game, system: Card, owner: str | None = None) -> list[Card]:
    """Return the ships in a system, optionally of one player."""
    return [u for u in units(game, system=system, owner=owner) if is_ship(game, u)]


def on_planet(game: Game, planet: Card, unit: str | None = None) -> list[Card]:
    """Return the units on a planet, optionally of one type."""
    return [
        card
        for card in game.cards.values()
        if card.zone == PLAY
        and card.data.get("planet") == planet.slug
        and unit in (None, card.slug)
    ]


def in_reinforcements(game: Game, name: str, unit: str) -> int:
    """Return how many of a player's units of one type are in reinforcements."""
    return game.stock_count(REINFORCEMENTS, name, unit)


def from_reinforcements(game: Game, name: str, unit: str) -> Card | None:
    """Return one of a player's units of one type from reinforcements, still
    there (made a card instance if it was only counted), or None."""
    return game.take_from_stock(REINFORCEMENTS, unit, name)


def in_tech_deck(game: Game, name: str, slug: str) -> bool:
    """Return whether a technology is in a player's technology deck."""
    return game.stock_count(TECH_DECK, name, slug) > 0


def tokens_on_board(game: Game, name: str) -> list[Card]:
    """Return the systems holding one of the player's command tokens."""
    return [s for s in systems(game) if s.token_count(token_key(name))]


def token_key(name: str) -> str:
    """Return the token kind that marks a player's command token on a system."""
    return f"command:{name}"


def location(game: Game, unit: Card) -> str:
    """Return where a unit is, in words: a planet's or a system's name."""
    planet = unit.data.get("planet")
    if isinstance(planet, str):
        found = planet_named(game, planet)
        return game.name_of(found) if found else planet
    system = system_of(game, unit)
    return game.name_of(system) if system else "reinforcements"


# -- players ---------------------------------------------------------------------


def hand(game: Game, name: str) -> list[Card]:
    """Return the action cards in a player's hand."""
    return game.cards_in(HAND, name)


def hand_size(game: Game, name: str) -> int:
    """Return how many action cards a player holds (no card list is built)."""
    return len(game.zone(HAND, name))


def hand_limit(game: Game, name: str) -> int | None:
    """Return a player's hand limit (None: no limit, as with Crafty)."""
    # ``game.player_stat`` of both keys, with one look-up of the player's
    # values: every check of an action card and every event ask this.
    values = game.view.player_stats.get(name)
    if not values:
        return data.HAND_LIMIT
    if values.get(NO_HAND_LIMIT, 0) > 0:
        return None
    return max(0, data.HAND_LIMIT + values.get(HAND_LIMIT, 0))


def owns(game: Game, name: str, slug: str) -> bool:
    """Return whether a player has a card ``slug`` in their play area."""
    return any(c.slug == slug for c in game.cards_in(PLAY, name))


def technologies(game: Game, name: str) -> list[Card]:
    """Return the technologies a player owns."""
    types = game.pack.slugs_of_type(TECHNOLOGY)
    return [c for c in game.cards_in(PLAY, name) if c.slug in types]


def strategy_cards(game: Game, name: str) -> list[Card]:
    """Return the strategy cards a player holds, lowest initiative first."""
    types = game.pack.slugs_of_type(STRATEGY_CARD)
    held = [c for c in game.cards_in(PLAY, name) if c.slug in types]
    return sorted(held, key=lambda c: initiative_of(game, c))


def strategy_area_cards(game: Game) -> list[Card]:
    """Return the cards in the common strategy area, top first, after making
    every card still counted there an instance.

    The area is counted at set-up (most runs never touch it). The counted cards
    are made instances in initiative order, so their ids do not depend on who
    asks first, and go on top, above any card that came back to the area: the
    order the area would have had if its cards had been created at set-up."""
    counted = _counted_strategy(game)
    if counted:
        made = []
        for slug in counted:
            # Set-up counts each card once and never where an instance of it
            # is, so this makes the counted card an instance.
            card = game.take_from_stock(STRATEGY_AREA, slug)
            assert card is not None  # counted just above
            made.append(card)
        for card in reversed(made):
            game.move(card, STRATEGY_AREA, top=True)
    return game.cards_in(STRATEGY_AREA)


def strategy_area_slugs(game: Game) -> list[str]:
    """Return the slugs of the cards in the common strategy area as
    ``strategy_area_cards`` would order them, without making any instance."""
    cards = game.cards
    ids = game.zone(STRATEGY_AREA)
    return _counted_strategy(game) + [cards[i].slug for i in ids]


def _counted_strategy(game: Game) -> list[str]:
    """The slugs of the strategy cards still counted in the area (not
    instances), one per card, in initiative order."""
    counted = game.stock.get((STRATEGY_AREA, None))
    if not counted:
        return []
    return [s for s in data.STRATEGY_CARDS if s in counted for _ in range(counted[s])]


def initiative_of(game: Game, card: Card) -> int:
    """Return the initiative number of a strategy card."""
    return game.definition(card).stats.get("initiative", 0)


def initiative(game: Game, name: str) -> int | None:
    """Return a player's initiative: their lowest strategy card (rule 48.3)."""
    held = strategy_cards(game, name)
    return initiative_of(game, held[0]) if held else None


def by_seat(game: Game) -> list[Player]:
    """Return the players in seat (clockwise) order."""
    return sorted(game.players, key=lambda p: p.seat)


def initiative_order(game: Game) -> list[Player]:
    """Return players by initiative; players without a card follow by seat."""

    def key(player: Player) -> tuple[bool, int]:
        found = initiative(game, player.name)
        return found is None, found or 0

    return sorted(by_seat(game), key=key)


def speaker_order(game: Game) -> list[str]:
    """Every player's name in speaker order: an effect on several players acts
    in that order (a note of topic 8)."""
    return [p.name for p in clockwise_from(game, table(game).speaker)]


def clockwise_from(game: Game, name: str) -> list[Player]:
    """Return every player clockwise, starting with ``name``."""
    seats = by_seat(game)
    names = [p.name for p in seats]
    start = names.index(name) if name in names else 0
    return seats[start:] + seats[:start]


def neighbors(game: Game, name: str) -> list[Player]:
    """Return the players who are neighbours of ``name`` (same or adjacent system)."""
    mine = presence(game, name)
    out = []
    for other in by_seat(game):
        if other.name == name:
            continue
        theirs = presence(game, other.name)
        if any(a is b or adjacent(game, a, b) for a in mine for b in theirs):
            out.append(other)
    return out


def presence(game: Game, name: str) -> list[Card]:
    """Return the systems where a player has units or controls a planet."""
    found: dict[str, Card] = {}
    for unit in units(game, owner=name):
        system = system_of(game, unit)
        if system is not None:
            found[system.id] = system
    for planet in controlled_planets(game, name):
        system = system_of(game, planet)
        if system is not None:
            found[system.id] = system
    return list(found.values())


def pronoun_possessive(name: str) -> str:
    """Return the possessive of a player's name (``Bob's``)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
