"""Server-rendered pages of the rules reference. Every page runs a bounded
number of queries, whatever the size of the game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import groupby
from urllib.parse import urlencode

from django.db.models import Count, IntegerField, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_safe

from rules.api.v1.errors import not_found as api_not_found
from rules.backlinks import find_backlinks
from rules.cardpage import (
    card_facts,
    card_notes,
    faction_parts,
    is_faction_card,
    listed_cards,
)
from rules.filters import CardFilter, RulingFilter
from rules.models import Card, Game, Rule, Ruling, Topic, canonical_rule_id
from rules.text import without_control_characters

RECENT_RULINGS = 5
CARD_TEXTS = (
    "timing_md",
    "timing_html",
    "effect_md",
    "effect_html",
    "attrs",
    "attrs_html",
    "notes",
)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    games = Game.objects.annotate(
        topic_count=_count(Topic), card_count=_count(Card), ruling_count=_count(Ruling)
    )
    return render(request, "rules/home.html", {"games": games})


def _count(model: type[Topic | Card | Ruling]) -> Coalesce:
    rows = (
        model.objects.filter(game=OuterRef("pk"))
        .order_by()
        .values("game")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(rows, output_field=IntegerField()), 0)


@require_safe
def game_home(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    context = {
        "game": game_obj,
        "section": "game",
        "topics": game_obj.topics.all(),
        "recent_rulings": game_obj.rulings.order_by("-date", "slug")[:RECENT_RULINGS],
        "card_count": game_obj.cards.count(),
        "term_count": game_obj.terms.count(),
    }
    return render(request, "rules/game.html", context)


@require_safe
def topic_index(request: HttpRequest, game: str) -> HttpResponse:
    """The topics by number and A to Z; ``?rule=2.4a`` jumps to that rule."""
    game_obj = get_object_or_404(Game, slug=game)
    wanted = without_control_characters(request.GET.get("rule", "")).strip()
    target = _jump_target(game_obj, wanted) if wanted else None
    if target:
        return redirect(target)
    topics = list(game_obj.topics.all())
    alphabetical = sorted(topics, key=lambda topic: topic.title.casefold())
    context = {
        "game": game_obj,
        "section": "rules",
        "topics": topics,
        "by_letter": [
            (letter, list(group))
            for letter, group in groupby(alphabetical, key=lambda t: t.title[0].upper())
        ],
        "jump_query": wanted,
        "jump_missing": bool(wanted),
    }
    return render(request, "rules/topic_index.html", context)


def _jump_target(game: Game, wanted: str) -> str | None:
    """The URL a jump-box entry leads to: a rule id (any case, with or without
    a leading "rule" or "§") or a bare topic number; None when nothing matches."""
    text = re.sub(r"^(?:rule\s*|§\s*)", "", wanted, flags=re.IGNORECASE).strip()
    if text.isascii() and text.isdigit() and len(text) <= 4:
        topic = game.topics.filter(number=int(text)).first()
        return topic.get_absolute_url() if topic else None
    rule_id = canonical_rule_id(text)
    if rule_id and game.rules.filter(rule_id=rule_id).exists():
        return reverse("rules:rule", args=[game.slug, rule_id])
    return None


@dataclass
class RuleNode:
    """A numbered rule with its lettered sub-rules, for nesting on the page."""

    rule: Rule
    children: list[Rule] = field(default_factory=list)


def _rule_tree(rules: list[Rule]) -> list[RuleNode]:
    nodes: dict[int, RuleNode] = {}
    for rule in rules:
        if rule.parent_id in nodes:
            nodes[rule.parent_id].children.append(rule)
        else:
            nodes[rule.pk] = RuleNode(rule)
    return list(nodes.values())


@require_safe
def topic_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    topic = get_object_or_404(
        Topic.objects.select_related("game"), game__slug=game, slug=slug
    )
    game_obj = topic.game
    rules = list(topic.rules.all())
    rule_ids = [rule.rule_id for rule in rules]
    mentions = find_backlinks(
        game_obj,
        {"topic": [topic.slug], "rule": rule_ids},
        exclude=[("topic", topic.slug), *(("rule", rid) for rid in rule_ids)],
    )
    context = {
        "game": game_obj,
        "section": "rules",
        "topic": topic,
        "rules": _rule_tree([rule for rule in rules if not rule.is_note]),
        "notes": [rule for rule in rules if rule.is_note],
        "id_width": max((len(rule_id) for rule_id in rule_ids), default=0),
        "related": topic.related.select_related("game"),
        "terms": topic.terms.select_related("game"),
        "cards": _cards_citing(topic, mentions.cards),
        "rulings": _rulings_on(topic, mentions.rulings),
        # Rulings that link here are listed with the rulings, not again here.
        "mentions": replace(mentions, rulings=[]),
        **_neighbours(topic),
    }
    return render(request, "rules/topic.html", context)


def _neighbours(topic: Topic) -> dict[str, Topic | None]:
    """The previous and next topics by number, in one query."""
    topics = topic.game.topics
    before = topics.filter(number__lt=topic.number).order_by("-number")
    after = topics.filter(number__gt=topic.number).order_by("number")
    found = {
        other.number < topic.number: other
        for other in topics.filter(
            Q(number=Subquery(before.values("number")[:1]))
            | Q(number=Subquery(after.values("number")[:1]))
        )
    }
    return {"previous": found.get(True), "next": found.get(False)}


@dataclass
class CardCitation:
    """A card listed on a topic page, with the rules of that topic it cites."""

    slug: str
    name: str
    rule_ids: list[str] = field(default_factory=list)


def _cards_citing(topic: Topic, mentioning: list[Card]) -> list[CardCitation]:
    """Cards that cite a rule of ``topic``, and the cards whose text links to it.
    One query of plain values: the list can hold most of a deck."""
    rows = (
        Card.cited_rules.through.objects.filter(rule__topic=topic)
        .order_by("rule__position")
        .values_list("card__slug", "card__name", "rule__rule_id")
    )
    cards: dict[str, CardCitation] = {}
    for slug, name, rule_id in rows:
        cards.setdefault(slug, CardCitation(slug, name)).rule_ids.append(rule_id)
    for card in mentioning:
        cards.setdefault(card.slug, CardCitation(card.slug, card.name))
    return sorted(cards.values(), key=lambda card: card.name.casefold())


def _rulings_on(topic: Topic, mentioning: list[Ruling]) -> list[Ruling]:
    """Rulings that cite a rule of ``topic`` or link to it, newest first."""
    citing = topic.game.rulings.filter(rules__topic=topic).distinct()
    return _merge_rulings(citing, mentioning)


@require_safe
def rule_redirect(request: HttpRequest, game: str, rule_id: str) -> HttpResponse:
    # A typed or pasted link may spell the id in another case (2.4A, 2.n1).
    rule = get_object_or_404(
        Rule.objects.select_related("topic__game"),
        game__slug=game,
        rule_id=canonical_rule_id(rule_id) or rule_id,
    )
    return redirect(rule.get_absolute_url(), permanent=True)


@require_safe
def card_index(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    form = CardFilter(request.GET or None, game=game_obj)
    # The list shows names and keys only: leave the texts (and their JSON)
    # in the database, as the game may have hundreds of components.
    cards = form.apply(game_obj.cards.defer(*CARD_TEXTS))
    context = {
        "game": game_obj,
        "section": "cards",
        "form": form,
        "filtered": bool(form.active()),
        "cards": listed_cards(game_obj, cards),
        "total": game_obj.cards.count(),
    }
    return render(request, "rules/card_index.html", context)


@require_safe
def card_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    card = get_object_or_404(
        Card.objects.select_related("game", "replaces"), game__slug=game, slug=slug
    )
    game_obj = card.game
    mentions = find_backlinks(
        game_obj, {"card": [card.slug]}, exclude=[("card", card.slug)]
    )
    context = {
        "game": game_obj,
        "section": "cards",
        "card": card,
        "flags": [game_obj.label("flags", flag) for flag in card.flags],
        **_card_parts(game_obj, card),
        "cited_rules": card.cited_rules.select_related("topic__game"),
        "rulings": _merge_rulings(
            card.rulings.select_related("game"), mentions.rulings
        ),
        # Rulings that link here are listed with the rulings, not again here.
        "mentions": replace(mentions, rulings=[]),
        "oracle_url": _oracle_url(game_obj, card=card.slug),
    }
    return render(request, "rules/card.html", context)


def _card_parts(game: Game, card: Card) -> dict[str, object]:
    """The type's own fields, notes, revisions and faction of a card page."""
    faction_card = None
    if card.faction and not is_faction_card(card):
        faction_card = game.cards.filter(slug=card.faction).first()
    return {
        "facts": card_facts(game, card),
        "notes": card_notes(card),
        "revised_as": list(card.revised_as.all()),
        "faction_name": game.label("factions", card.faction) if card.faction else "",
        "faction_card": faction_card,
        "is_faction": is_faction_card(card),
        "parts": faction_parts(game, card) if is_faction_card(card) else [],
    }


def _merge_rulings(first: Iterable[Ruling], second: list[Ruling]) -> list[Ruling]:
    """Both lists without repeats, newest first."""
    found = {ruling.pk: ruling for ruling in first}
    found.update((ruling.pk, ruling) for ruling in second)
    return sorted(found.values(), key=lambda ruling: (ruling.date, ruling.slug))[::-1]


def _oracle_url(game: Game, **query: str) -> str | None:
    """The oracle editor with ``query`` (``card=…``, ``ruling=…``), when the
    oracle app is installed; ``rules`` works without it."""
    try:
        url = reverse("oracle:editor", kwargs={"game": game.slug})
    except NoReverseMatch:
        return None
    return f"{url}?{urlencode(query)}" if query else url


@require_safe
def ruling_index(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    form = RulingFilter(request.GET or None, game=game_obj)
    rulings = form.apply(game_obj.rulings.all()).prefetch_related(
        Prefetch("cards", queryset=Card.objects.select_related("game"))
    )
    context = {
        "game": game_obj,
        "section": "rulings",
        "form": form,
        "filtered": bool(form.active()),
        "rulings": rulings,
    }
    return render(request, "rules/ruling_index.html", context)


@require_safe
def ruling_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    ruling = get_object_or_404(
        Ruling.objects.select_related("game"), game__slug=game, slug=slug
    )
    context = {
        "game": ruling.game,
        "section": "rulings",
        "ruling": ruling,
        "oracle_url": (
            _oracle_url(ruling.game, ruling=ruling.slug) if ruling.scenario else None
        ),
        "cards": ruling.cards.select_related("game"),
        "rules": ruling.rules.select_related("topic__game"),
        "mentions": find_backlinks(
            ruling.game, {"ruling": [ruling.slug]}, exclude=[("ruling", ruling.slug)]
        ),
    }
    return render(request, "rules/ruling.html", context)


@require_safe
def glossary(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    terms = list(game_obj.terms.select_related("topic__game", "rule__topic__game"))
    by_letter = [
        (letter, list(group))
        for letter, group in groupby(terms, key=lambda term: term.term[0].upper())
    ]
    context = {"game": game_obj, "section": "glossary", "by_letter": by_letter}
    return render(request, "rules/glossary.html", context)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The friendly 404: a search box for the game the path names (or each game)
    and a guess at what was wanted, taken from the last part of the path. Paths
    under /api/ get the API's JSON error instead."""
    if request.path.startswith("/api/"):
        return api_not_found(request, exception)
    parts = [part for part in request.path.split("/") if part]
    game_obj = Game.objects.filter(slug=parts[0]).first() if parts else None
    guess = ""
    if game_obj and len(parts) > 1:
        guess = re.sub(r"[-_]+", " ", parts[-1]).strip()
    context = {
        "game": game_obj,
        "games": [] if game_obj else list(Game.objects.all()),
        "guess": guess,
    }
    return render(request, "rules/404.html", context, status=404)
