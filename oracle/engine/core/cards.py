"""Card definitions and card instances."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from oracle.engine.core.abilities import Ability
    from oracle.engine.core.context import Context
    from oracle.engine.core.effects import Persistent


@dataclass(frozen=True)
class CardDef:
    """What a card is: printed values and the abilities and effects it declares.
    ``stats`` are kept sorted by name.

    Packs build one per card slug and register it; instances point back by slug.
    ``attach_to`` restricts what the card may be attached to: a predicate on
    the would-be parent, in the context of the player attaching it with the
    card as source (None: any other card in play).

    >>> CardDef("spy", "Spy", "action").name
    'Spy'
    """

    slug: str
    name: str
    type: str
    stats: Mapping[str, int] = field(default_factory=dict)
    traits: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    effects: tuple[Persistent, ...] = ()
    data: Mapping[str, object] = field(default_factory=dict)
    attach_to: Callable[[Card, Context], bool] | None = None

    def __post_init__(self) -> None:
        # Stats are kept sorted by name, as results show them: sorted once
        # here rather than for every card of every result.
        if len(self.stats) > 1 and list(self.stats) != sorted(self.stats):
            object.__setattr__(self, "stats", dict(sorted(self.stats.items())))

    def has_trait(self, trait: str) -> bool:
        """Return whether the printed card carries ``trait``."""
        return trait in self.traits


@dataclass(slots=True, init=False)
class Card:
    """One physical card in a game: it is always in exactly one zone.

    ``zone_player`` names the player whose zone holds it (None for a shared zone).
    A new card is ready, with no tokens, attachments, parent or data: callers
    set those after making it (``Game.new_card`` makes every card).
    """

    id: str
    slug: str
    owner: str
    controller: str
    zone: str
    zone_player: str | None
    exhausted: bool
    tokens: dict[str, int]
    attachments: list[str]
    parent: str | None
    data: dict[str, object]

    def __init__(
        self,
        id: str,
        slug: str,
        owner: str,
        controller: str,
        zone: str,
        zone_player: str | None,
    ) -> None:
        # Written out: the generated ``__init__`` calls a factory for each
        # empty container, and set-up makes every card of a game.
        self.id = id
        self.slug = slug
        self.owner = owner
        self.controller = controller
        self.zone = zone
        self.zone_player = zone_player
        self.exhausted = False
        self.tokens = {}
        self.attachments = []
        self.parent = None
        self.data = {}

    def token_count(self, kind: str) -> int:
        """Return how many ``kind`` tokens sit on the card."""
        return self.tokens.get(kind, 0)


@dataclass(slots=True)
class Player:
    """A seat at the table: zones of card ids, resources and pack data."""

    name: str
    seat: int
    zones: dict[str, list[str]] = field(default_factory=dict)
    resources: dict[str, int] = field(default_factory=dict)
    data: dict[str, object] = field(default_factory=dict)

    def resource(self, kind: str) -> int:
        """Return the amount of resource ``kind`` the player holds."""
        return self.resources.get(kind, 0)
