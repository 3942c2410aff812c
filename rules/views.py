"""Server-rendered pages of the rules reference."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from rules.models import Card, Game, Rule, Ruling, Topic, mentions_of


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/home.html", {"games": Game.objects.all()})


def game_home(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    return render(
        request,
        "rules/game.html",
        {"game": game_obj, "topics": game_obj.topics.all()},
    )


def topic_index(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    return render(
        request,
        "rules/topic_index.html",
        {"game": game_obj, "topics": game_obj.topics.all()},
    )


def topic_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    topic = get_object_or_404(
        Topic.objects.select_related("game"), game__slug=game, slug=slug
    )
    rules = list(topic.rules.all())
    context = {
        "game": topic.game,
        "topic": topic,
        "rules": [rule for rule in rules if not rule.is_note],
        "notes": [rule for rule in rules if rule.is_note],
        "related": topic.related.all(),
        "mentions": mentions_of(topic.game, "topic", topic.slug),
    }
    return render(request, "rules/topic.html", context)


def rule_redirect(request: HttpRequest, game: str, rule_id: str) -> HttpResponse:
    rule = get_object_or_404(
        Rule.objects.select_related("topic__game"), game__slug=game, rule_id=rule_id
    )
    return redirect(rule.get_absolute_url(), permanent=True)


def card_index(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    return render(
        request,
        "rules/card_index.html",
        {"game": game_obj, "cards": game_obj.cards.all()},
    )


def card_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    card = get_object_or_404(
        Card.objects.select_related("game"), game__slug=game, slug=slug
    )
    return render(request, "rules/card.html", {"game": card.game, "card": card})


def ruling_index(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    return render(
        request,
        "rules/ruling_index.html",
        {"game": game_obj, "rulings": game_obj.rulings.all()},
    )


def ruling_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    ruling = get_object_or_404(
        Ruling.objects.select_related("game"), game__slug=game, slug=slug
    )
    return render(request, "rules/ruling.html", {"game": ruling.game, "ruling": ruling})


def glossary(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    return render(
        request,
        "rules/glossary.html",
        {"game": game_obj, "terms": game_obj.terms.all()},
    )
