"""What a card page shows beyond the card's own columns: its type's fields with
their labels, its notes, its faction and, on a faction's own card, the parts of
that faction grouped by type. Everything reads HTML rendered at load time."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.models import Card, Game
from rules.pagelinks import PageUrls
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


@dataclass(frozen=True)
class ListedCard:
    """A line of the card list: the card and its labels, joined once here
    rather than looked up tag by tag for each of hundreds of lines."""

    card: Card
    url: str
    meta: str


def listed_cards(game: Game, cards: Iterable[Card]) -> list[ListedCard]:
    labels = {
        vocabulary: game.vocabularies.get(vocabulary, {})
        for vocabulary in ("card_types", "expansions", "windows", "factions")
    }

    def label(vocabulary: str, key: str) -> str:
        return str(labels[vocabulary].get(key, key))

    urls = PageUrls(game.slug)  # one reverse for the list, not one a card
    rows = []
    for card in cards:
        meta = [label("card_types", card.type), label("expansions", card.expansion)]
        if card.faction:
            meta.append(label("factions", card.faction))
        if card.count:
            meta.append(f"\N{MULTIPLICATION SIGN}{card.count}")
        if card.window:
            meta.append(label("windows", card.window))
        rows.append(ListedCard(card, urls.card(card.slug), " · ".join(meta)))
    return rows


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


def facet(game: Game, card: Card) -> tuple[int, str]:
    """A part's first choice field (a leader's kind, a unit's type, a
    technology's colour): enough to tell parts of one group apart. Its rank
    among the choices orders the group (agent, commander, hero)."""
    for spec in fields_of(game, card.type):
        if spec["kind"] == "choice" and spec["key"] in card.attrs_html:
            choices = list(spec["choices"])
            value = card.attrs.get(spec["key"])
            rank = choices.index(value) if value in choices else len(choices)
            return rank, str(card.attrs_html[spec["key"]])
    return 0, ""


def is_faction_card(card: Card) -> bool:
    """A faction's own card carries the faction's key as its slug."""
    return bool(card.faction) and card.faction == card.slug


def faction_parts(game: Game, card: Card) -> list[PartGroup]:
    """The cards of ``card``'s faction, by type in game.yaml's order; each part
    is found through its own ``faction`` field, so none is listed twice."""
    types = list(game.vocabularies.get("card_types", {}))
    parts = game.cards.filter(faction=card.faction).exclude(pk=card.pk)
    groups: dict[str, PartGroup] = {}
    facets = {part.pk: facet(game, part) for part in parts}
    ranked = sorted(
        parts,
        key=lambda part: (
            _rank(types, part.type),
            facets[part.pk],
            part.name.casefold(),
        ),
    )
    for part in ranked:
        group = groups.setdefault(
            part.type, PartGroup(part.type, game.label("card_types", part.type))
        )
        group.cards.append((part, facets[part.pk][1]))
    return list(groups.values())


def _rank(types: list[str], card_type: str) -> int:
    return types.index(card_type) if card_type in types else len(types)
