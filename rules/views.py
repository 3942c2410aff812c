"""Server-rendered pages of the rules reference. Every page runs a bounded
number of queries, whatever the size of the game."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import groupby
from urllib.parse import urlencode

from django.db.models import Count, IntegerField, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse
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
from rules.content.implementation import why_not_implemented
from rules.filters import CardFilter, RulingFilter
from rules.glossary import glossary_entries
from rules.ids import canonical_rule_id, split_topic_code
from rules.jump import JUMP_PARAMETER, jumped_rule
from rules.lookup import MISSING_PARAMETER, Lookup, look_up, missing_notice
from rules.models import (
    CARD_TEXTS,
    GAME_DATA,
    RULING_TEXTS,
    Card,
    Game,
    Rule,
    Ruling,
    Topic,
    game_data,
)
from rules.pagelinks import ListedRuling, PageUrls, listed_rulings
from rules.text import without_control_characters
from rules.topiclinks import read_see_also
from rules.whatsnew import MAX_PAGES, changes_page

RECENT_RULINGS = 5


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
    found = look_up(game_obj, wanted) if wanted else Lookup()
    if found.url:
        return redirect(found.url)
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
        "jump_message": found.message,
    }
    return render(request, "rules/topic_index.html", context)


@dataclass
class RuleNode:
    """A rule with its sub-rules and steps (a note with its steps), nested."""

    rule: Rule
    children: list[RuleNode] = field(default_factory=list)


def _rule_tree(rules: list[Rule]) -> list[RuleNode]:
    """``rules`` in page order, each under the rule it belongs to."""
    nodes: dict[int, RuleNode] = {}
    roots: list[RuleNode] = []
    for rule in rules:
        node = nodes[rule.pk] = RuleNode(rule)
        parent = nodes.get(rule.parent_id) if rule.parent_id else None
        (parent.children if parent else roots).append(node)
    return roots


@require_safe
def topic_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    try:
        topic = Topic.objects.select_related("game", "links").get(
            game__slug=game, slug=slug
        )
    except Topic.DoesNotExist:
        return _topic_by_number(request, game, slug)
    game_obj = topic.game
    rules = list(topic.rules.order_by("position"))
    rule_ids = [rule.rule_id for rule in rules]
    jump = jumped_rule(rules, request.GET.get(JUMP_PARAMETER, ""))
    urls = PageUrls(game_obj.slug)
    # None only until the content is loaded again after the upgrade that added it.
    stored = getattr(topic, "links", None)
    see_also = read_see_also(stored.data if stored else {}, urls)
    context = {
        "game": game_obj,
        "section": "rules",
        "topic": topic,
        "expansion": game_obj.label("expansions", topic.expansion),
        "rules": _rule_tree([rule for rule in rules if not rule.is_note]),
        "notes": _rule_tree([rule for rule in rules if rule.is_note]),
        "missing": missing_notice(
            topic, request.GET.get(MISSING_PARAMETER, ""), set(rule_ids)
        ),
        "id_width": max((len(rule_id) for rule_id in rule_ids), default=0),
        # Every rule's permalink is this plus its id: one reverse, not one a rule.
        "rule_url_base": urls.topics,
        "jump": jump,
        "related": see_also.related,
        "terms": see_also.terms,
        "cards": see_also.cards,
        "rulings": _rulings(
            game_obj, Q(rules__topic=topic) | Q(slug__in=see_also.ruling_slugs)
        ),
        "mentions": see_also.mentions,
        "previous": see_also.previous,
        "next": see_also.next,
    }
    return render(request, "rules/topic.html", context)


def _topic_by_number(request: HttpRequest, game: str, code: str) -> HttpResponse:
    """``/ti4/rules/58/`` and ``/ti4/rules/te1/``: a topic by its number."""
    game_obj = get_object_or_404(Game, slug=game)
    if split_topic_code(code) is None:
        raise Http404("No such topic.")
    found = look_up(game_obj, code)
    if found.url:
        return redirect(found.url)
    return _not_found(request, game_obj, found.message)


def _not_found(request: HttpRequest, game: Game, message: str) -> HttpResponse:
    context = {"game": game, "games": [], "guess": "", "message": message}
    return render(request, "rules/404.html", context, status=404)


def _rulings(game: Game, which: Q) -> list[ListedRuling]:
    """The rulings of ``game`` that match ``which``, newest first, in one query."""
    rulings = game.rulings.filter(which).defer(*RULING_TEXTS).distinct()
    # Not the model's ordering, which starts with the game and so joins its table.
    return listed_rulings(game.slug, rulings.order_by("-date", "slug"))


@require_safe
def rule_redirect(request: HttpRequest, game: str, rule_id: str) -> HttpResponse:
    # A typed or pasted link may spell the id in another case (2.4A, 2.n1).
    rule = (
        Rule.objects.select_related("topic__game")
        .filter(game__slug=game, rule_id=canonical_rule_id(rule_id) or rule_id)
        .first()
    )
    if rule is not None:
        # The topic page, told which rule was wanted: its link preview then
        # shows that rule, and the page shows the rule's parent above it.
        topic_url = rule.topic.get_absolute_url()
        query = urlencode({JUMP_PARAMETER: rule.rule_id})
        return redirect(f"{topic_url}?{query}#{rule.rule_id}", permanent=True)
    # Not carried (yet): its topic, for now, so not a permanent redirect.
    game_obj = get_object_or_404(Game, slug=game)
    found = look_up(game_obj, rule_id)
    if found.url:
        return redirect(found.url)
    return _not_found(request, game_obj, found.message)


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
        "cited_rules": card.cited_rules.select_related("topic__game").defer(
            *game_data("topic__game")
        ),
        "rulings": _rulings(
            game_obj,
            Q(cards=card) | Q(slug__in=[link.key for link in mentions.rulings]),
        ),
        # Rulings that link here are listed with the rulings, not again here.
        "mentions": replace(mentions, rulings=[]),
        # Only cards a pack implements: for the others the oracle can but say so.
        "oracle_url": _oracle_url(game_obj, card=card.slug)
        if card.is_implemented
        else None,
        "oracle_reason": None
        if card.is_implemented
        else why_not_implemented(game_obj.slug, card.slug),
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
    rulings = form.apply(game_obj.rulings.defer(*RULING_TEXTS)).prefetch_related(
        Prefetch("cards", queryset=Card.objects.only("slug", "name"))
    )
    context = {
        "game": game_obj,
        "section": "rulings",
        "form": form,
        "filtered": bool(form.active()),
        "rulings": listed_rulings(game_obj.slug, rulings, with_cards=True),
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
        "cards": ruling.cards.select_related("game").defer(*CARD_TEXTS, *GAME_DATA),
        "rules": ruling.rules.select_related("topic__game").defer(
            *game_data("topic__game")
        ),
        "mentions": find_backlinks(
            ruling.game, {"ruling": [ruling.slug]}, exclude=[("ruling", ruling.slug)]
        ),
    }
    return render(request, "rules/ruling.html", context)


@require_safe
def glossary(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    entries = glossary_entries(game_obj)
    by_letter = [
        (letter, list(group))
        for letter, group in groupby(entries, key=lambda entry: entry.term[0].upper())
    ]
    context = {"game": game_obj, "section": "glossary", "by_letter": by_letter}
    return render(request, "rules/glossary.html", context)


@require_safe
def whats_new(request: HttpRequest, game: str) -> HttpResponse:
    """New and changed rulings, topics and cards, and answers the engine changed,
    newest first, ``PER_PAGE`` a page (``?page=2`` for older ones)."""
    game_obj = get_object_or_404(Game, slug=game)
    number = _page_number(request.GET.get("page", "1"))
    page = changes_page(game_obj, number)
    if number > 1 and not page.changes:
        raise Http404("No such page of changes.")
    context = {"game": game_obj, "section": "game", "page": page}
    return render(request, "rules/whats_new.html", context)


def _page_number(text: str) -> int:
    # Short ASCII digits only: "²" is a digit to isdigit() but not to int().
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise Http404("No such page of changes.")
    if not 1 <= int(text) <= MAX_PAGES:
        raise Http404("No such page of changes.")
    return int(text)


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
