"""What a card page shows beyond the card's own columns: its type's fields with
their labels, its notes, its faction and, on a faction's own card, the parts of
that faction grouped by type. Everything reads HTML rendered at load time."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.models import Card, Game
from rules.text import SOURCE_LABELS


@dataclass(frozen=True)
class Fact:
    """One of a card type's own fields, as the page shows it."""

    key: str
    kind: str
    label: str
    html: str

    @property
    def is_block(self) -> bool:
        """Markdown and agenda outcomes are paragraphs, not a short value."""
        return self.kind in {"markdown", "outcomes"}


@dataclass(frozen=True)
class Note:
    html: str
    source: str
    source_label: str
    date: str | None


@dataclass
class PartGroup:
    """The parts of a faction of one card type (its abilities, its leaders...)."""

    type: str
    label: str
    cards: list[tuple[Card, str]] = field(default_factory=list)  # card, short facet


def fields_of(game: Game, card_type: str) -> list[dict[str, Any]]:
    fields: list[dict[str, Any]] = game.card_fields.get(card_type, [])
    return fields


def card_facts(game: Game, card: Card) -> list[Fact]:
    """The type's fields the card gives, in the order game.yaml declares them."""
    return [
        Fact(spec["key"], spec["kind"], spec["label"], card.attrs_html[spec["key"]])
        for spec in fields_of(game, card.type)
        if spec["key"] in card.attrs_html
    ]


def card_notes(card: Card) -> list[Note]:
    return [
        Note(
            html=note["text_html"],
            source=note["source"],
            source_label=SOURCE_LABELS.get(note["source"], note["source"]),
            date=note.get("date"),
        )
        for note in card.notes
    ]


def facet(game: Game, card: Card) -> str:
    """A part's first choice field (a leader's kind, a unit's type, a
    technology's colour): enough to tell parts of one group apart."""
    for spec in fields_of(game, card.type):
        if spec["kind"] == "choice" and spec["key"] in card.attrs_html:
            return str(card.attrs_html[spec["key"]])
    return ""


def is_faction_card(card: Card) -> bool:
    """A faction's own card carries the faction's key as its slug."""
    return bool(card.faction) and card.faction == card.slug


def faction_parts(game: Game, card: Card) -> list[PartGroup]:
    """The cards of ``card``'s faction, by type in game.yaml's order; each part
    is found through its own ``faction`` field, so none is listed twice."""
    types = list(game.vocabularies.get("card_types", {}))
    parts = game.cards.filter(faction=card.faction).exclude(pk=card.pk)
    groups: dict[str, PartGroup] = {}
    for part in sorted(parts, key=lambda c: (_rank(types, c.type), c.name.casefold())):
        part.game = game  # its URL reads the game's slug
        group = groups.setdefault(
            part.type, PartGroup(part.type, game.label("card_types", part.type))
        )
        group.cards.append((part, facet(game, part)))
    return list(groups.values())


def _rank(types: list[str], card_type: str) -> int:
    return types.index(card_type) if card_type in types else len(types)
