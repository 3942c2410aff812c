"""Card references in scenarios and options: ``[Player/]slug[@zone][#n]`` or an id.

``Bob/guard`` is a guard Bob controls in play, ``Alice/spy@hand`` a spy in
Alice's hand, ``guard#2`` the second of several matching guards (stable order).
A pack may change the label and matching (``Pack.card_label``/``Pack.ref_matches``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card
from oracle.engine.core.game import PLAY

if TYPE_CHECKING:
    from oracle.engine.core.game import Game

_REF = re.compile(
    r"^(?:(?P<player>[^/@#]+)/)?(?P<slug>[^/@#]+)(?:@(?P<zone>[^#]+))?(?:#(?P<n>\d+))?$"
)


@dataclass(frozen=True)
class Ref:
    """A parsed card reference."""

    slug: str
    player: str | None = None
    zone: str | None = None
    nth: int | None = None


@functools.lru_cache(maxsize=4096)
def parse_ref(text: str) -> Ref | None:
    """Parse a card reference, or return None if it is not one.

    >>> parse_ref("Bob/guard@hand#2")
    Ref(slug='guard', player='Bob', zone='hand', nth=2)
    """
    found = _REF.match(text.strip())
    if found is None:
        return None
    n = found.group("n")
    return Ref(
        found.group("slug"),
        found.group("player"),
        found.group("zone"),
        int(n) if n else None,
    )


def base_label(game: Game, card: Card) -> str:
    """Return the core label of a card: ``Controller/slug`` plus ``@zone``."""
    where = "" if card.zone == PLAY else f"@{card.zone}"
    return f"{card.controller}/{card.slug}{where}"


def labels(game: Game, cards: Sequence[Card]) -> list[str]:
    """Return one unique label per card; equal labels get ``#1``, ``#2``..."""
    base = [game.pack.card_label(game, card) for card in cards]
    totals: dict[str, int] = {}
    for label in base:
        totals[label] = totals.get(label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for label in base:
        if totals[label] == 1:
            out.append(label)
            continue
        seen[label] = seen.get(label, 0) + 1
        out.append(f"{label}#{seen[label]}")
    return out


def ref_matches(game: Game, ref: Ref, card: Card) -> bool:
    """Return whether a parsed reference (ignoring ``#n``) names ``card``."""
    if ref.slug != card.slug:
        return False
    if ref.player is not None and ref.player not in (card.controller, card.zone_player):
        return False
    return ref.zone is None or ref.zone == card.zone


def find(game: Game, text: str, candidates: Sequence[Card]) -> list[Card]:
    """Return the candidates a reference names, best first (empty if none).

    A card's label (``Pack.card_label``) must contain its slug.
    """
    if text in game.cards:  # an id: a look-up, not a scan of the candidates
        by_id = [c for c in candidates if c.id == text]
        if by_id:
            return by_id
    candidates = [c for c in candidates if c.slug in text]
    named = labels(game, candidates)
    exact = [c for c, label in zip(candidates, named, strict=True) if label == text]
    if exact:
        return exact
    ref = parse_ref(text)
    if ref is None:
        return []
    found = [c for c in candidates if game.pack.ref_matches(game, ref, c)]
    if ref.nth is not None:
        return found[ref.nth - 1 : ref.nth]
    return found
