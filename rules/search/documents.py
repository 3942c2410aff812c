"""The searchable documents of a game, read from the database. No Whoosh here."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import strip_tags

from rules.models import Card, Game, Reference


@dataclass(frozen=True)
class SearchDocument:
    """One searchable thing: a topic, a rule or note, a card, a term, a ruling.
    ``aliases`` are the exact names a query can use to go straight to it."""

    game: str
    kind: str
    key: str
    title: str
    url: str
    body: str
    rule_id: str = ""
    context: str = ""
    cards: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


def documents_for(game: Game) -> Iterator[SearchDocument]:
    """Every searchable document of ``game``, read from the database."""
    slug = game.slug
    names = dict(game.cards.values_list("slug", "name"))
    mentioned: dict[tuple[str, str], list[str]] = {}
    for kind, key, card in Reference.objects.filter(
        game=game, target_kind="card"
    ).values_list("source_kind", "source_key", "target_key"):
        mentioned.setdefault((kind, key), []).append(names[card])

    def cards(kind: str, key: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(mentioned.get((kind, key), ())))

    for topic in game.topics.all():
        yield SearchDocument(
            slug, "topic", topic.slug, topic.title,
            reverse("rules:topic", args=[slug, topic.slug]),
            text_of(topic.summary_html), context=f"Topic {topic.code}",
            cards=cards("topic", topic.slug),
        )  # fmt: skip
    headings = rule_headings(game)
    for rule in game.rules.select_related("topic"):
        url = reverse("rules:topic", args=[slug, rule.topic.slug])
        title = headings.get(rule.rule_id, rule.rule_id)
        yield SearchDocument(
            slug, "rule", rule.rule_id, title, f"{url}#{rule.rule_id}",
            text_of(rule.text_html), rule_id=rule.rule_id, context=rule.topic.title,
            cards=cards("rule", rule.rule_id), aliases=(rule.rule_id.lower(),),
        )  # fmt: skip
    for card in game.cards.all():
        faction = game.label("factions", card.faction) if card.faction else ""
        yield SearchDocument(
            slug, "card", card.slug, card.name,
            reverse("rules:card", args=[slug, card.slug]),
            card_text(game, card),
            context=f"{game.label('card_types', card.type)} {faction}".strip(),
            aliases=tuple({name_key(card.name), name_key(card.slug)}),
        )  # fmt: skip
    glossary = reverse("rules:glossary", args=[slug])
    for term in game.terms.select_related("topic"):
        yield SearchDocument(
            slug, "term", term.slug, term.term, f"{glossary}#term-{term.slug}",
            text_of(term.definition_html),
            context=term.topic.title if term.topic else "",
            cards=cards("term", term.slug),
        )  # fmt: skip
    for ruling in game.rulings.prefetch_related("cards"):
        yield SearchDocument(
            slug, "ruling", ruling.slug, ruling.question,
            reverse("rules:ruling", args=[slug, ruling.slug]),
            text_of(ruling.answer_html), context=f"Ruling ({ruling.source})",
            cards=tuple(card.name for card in ruling.cards.all()),
        )  # fmt: skip


PROSE_KINDS = {"markdown", "outcomes"}


def card_text(game: Game, card: Card) -> str:
    """What a card says: timing, effect, its type's prose fields (a strategy
    card's primary and secondary, an agenda's outcomes...) and its notes."""
    prose = [
        card.attrs_html[spec["key"]]
        for spec in game.card_fields.get(card.type, [])
        if spec["kind"] in PROSE_KINDS and spec["key"] in card.attrs_html
    ]
    notes = [note["text_html"] for note in card.notes]
    parts = [card.timing_html, card.effect_html, *prose, *notes]
    return " ".join(text for text in map(text_of, parts) if text)


def rule_headings(game: Game) -> dict[str, str]:
    """The title of each rule that defines glossary terms: the terms' names.

    A rule is otherwise titled by its id alone. Headed by "hand limit", rule 2.4
    earns the title bonus for that query just as the glossary line does, and
    comes first, as the line that only restates it weighs a little less (the
    term prior in index/searcher.py). Hits still show "2.4 Action Cards", from
    id and topic.
    """
    names: dict[str, list[str]] = {}
    pairs = game.terms.exclude(rule=None).values_list("rule__rule_id", "term")
    for rule_id, term in pairs:
        names.setdefault(rule_id, []).append(term)
    return {rule_id: ", ".join(terms) for rule_id, terms in names.items()}


def text_of(rendered: str) -> str:
    """Plain text of rendered HTML: tags stripped, entities decoded."""
    return " ".join(html.unescape(strip_tags(rendered)).split())


def name_key(name: str) -> str:
    """How a typed name is compared: ``"Coup d'Etat"`` → ``"coup d etat"``."""
    return " ".join(re.findall(r"[^\W_]+", name.lower()))
