"""Where a unit a player must place comes from (Component Limitations, topic 23).

- A unit in the player's reinforcements is used first.
- Fighters and infantry are not limited by their plastic (23.2, 23.4): tokens
  from the supply stand in for them, but a token must share its place with a
  plastic piece of the same type (23.4b, 36.3, 46.3). Pieces and tokens can be
  swapped at any time (36.2, 46.2), so the only limit is the number of places:
  10 systems holding a player's fighters, 12 planets or space areas holding
  their infantry (the plastic of rule 96.2).
- Any other unit, with none of its type left in reinforcements, may be taken
  from a system that holds none of the player's command tokens and placed
  (23.4a). For fighters and infantry the same rule frees a plastic piece when
  every one is needed where it stands: a piece alone in its place may be taken.

The pack takes such a unit for the player deterministically: the first one in
board order (systems in scenario order, then the order the units were listed),
a unit already in the destination's own place last; ``changes.place_units``
logs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import data
from oracle.games.ti4 import state as st

#: Where a unit stands: its system's id and its planet (None: the space area).
Place = tuple[str, str | None]


def unlimited(unit: str) -> bool:
    """Return whether tokens stand in for this unit type (fighters, infantry)."""
    return unit in data.UNLIMITED_UNITS


def place_of(card: Card) -> Place:
    """Return the place of a unit on the board."""
    planet = card.data.get("planet")
    return str(card.data.get("system", "")), planet if isinstance(planet, str) else None


def destination(system: Card, planet: Card | None) -> Place:
    """Return the place a unit put in ``system`` (on ``planet``) will stand."""
    return st.system_id(system), planet.slug if planet is not None else None


def on_board(game: Game, owner: str, unit: str) -> list[Card]:
    """Return a player's units of one type on the board, in board order."""
    order = {st.system_id(s): i for i, s in enumerate(st.systems(game))}
    found = [c for c in st.units(game, owner=owner) if c.slug == unit]
    return sorted(found, key=lambda c: order.get(place_of(c)[0], len(order)))


def places(game: Game, owner: str, unit: str) -> set[Place]:
    """Return the places that hold a player's units of one type."""
    return {place_of(c) for c in on_board(game, owner, unit)}


def plastic(unit: str) -> int:
    """Return how many plastic pieces of a unit type a player has (96.2)."""
    return data.UNIT_SUPPLY.get(unit, 0)


def needs_plastic(game: Game, owner: str, unit: str, where: Place | None) -> bool:
    """Return whether a token put at ``where`` would lack a plastic piece there:
    the place holds none of the player's units of that type, and each plastic
    piece already stands alone in another place (23.4b)."""
    held = places(game, owner, unit)
    return where not in held and len(held) >= plastic(unit)


def free_of_own_token(game: Game, owner: str, unit: Card) -> bool:
    """Return whether a unit's system holds none of its owner's command tokens."""
    system = st.system_of(game, unit)
    return system is not None and not system.token_count(st.token_key(owner))


def borrowable(game: Game, owner: str, unit: str, where: Place | None) -> list[Card]:
    """Return the units rule 23.4a lets the player take back, in the order the
    pack takes them (the destination's own place last). For fighters and
    infantry only a piece alone in its place frees a plastic piece."""
    mine = on_board(game, owner, unit)
    found = [c for c in mine if free_of_own_token(game, owner, c)]
    if unlimited(unit):
        counts: dict[Place, int] = {}
        for card in mine:
            counts[place_of(card)] = counts.get(place_of(card), 0) + 1
        found = [c for c in found if counts[place_of(c)] == 1 and place_of(c) != where]
    return sorted(found, key=lambda c: place_of(c) == where)


@dataclass
class Plan:
    """Where the units of one placement come from: how many from
    reinforcements, which units taken off the board, how many tokens."""

    stock: int = 0
    borrowed: list[Card] = field(default_factory=list)
    tokens: int = 0

    @property
    def total(self) -> int:
        """Return how many units can be placed."""
        return self.stock + len(self.borrowed) + self.tokens


def plan(
    game: Game,
    owner: str,
    unit: str,
    count: int,
    where: Place | None,
    *,
    borrow: bool = True,
) -> Plan:
    """Plan placing ``count`` units at ``where`` (None: not chosen yet); take
    units off the board (23.4a) only if ``borrow``."""
    found = Plan(stock=min(count, st.in_reinforcements(game, owner, unit)))
    need = count - found.stock
    if need <= 0:
        return found
    if unlimited(unit) and (found.stock or not needs_plastic(game, owner, unit, where)):
        found.tokens = need
        return found
    if not borrow:
        return found
    if not unlimited(unit):
        found.borrowed = borrowable(game, owner, unit, where)[:need]
        return found
    found.borrowed = borrowable(game, owner, unit, where)[:1]
    found.tokens = need - 1 if found.borrowed else 0
    return found


def placeable(
    game: Game, owner: str, unit: str, count: int, where: Place | None
) -> bool:
    """Return whether all ``count`` units can be placed at ``where``."""
    return plan(game, owner, unit, count, where).total >= count


def token(game: Game, owner: str, unit: str) -> Card:
    """Return a token of ``unit`` from the supply for ``owner`` (in its zone)."""
    for card in game.cards_in(st.UNIT_TOKENS):
        if card.slug == unit:
            card.owner = card.controller = owner
            return card
    return game.new_card(unit, owner, st.UNIT_TOKENS, shared=True)


def surplus(game: Game, owner: str, unit: str) -> int:
    """Return how many units in a player's reinforcements can only be tokens:
    more fighters or infantry than the plastic, counting those on the board."""
    if not unlimited(unit):
        return 0
    stock = st.in_reinforcements(game, owner, unit)
    board = len(on_board(game, owner, unit))
    return max(0, stock + board - max(plastic(unit), board))
