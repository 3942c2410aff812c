"""Small previews of cross-link targets (rule text, card summary, term
definition, topic summary, ruling answer), served as JSON to
``static/rulesite/previews.js`` and cached per content version."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from rules.models import Game
from rules.text import SOURCE_LABELS, plain_text

PREVIEW_CHARS = 320
CACHE_SECONDS = 60 * 60
KEY = re.compile(r"^[-\w.]{1,120}$")

Preview = dict[str, str]


def _rule(game: Game, key: str) -> Preview:
    rule = get_object_or_404(game.rules.select_related("topic__game"), rule_id=key)
    kind = "Note" if rule.is_note else "Rule"
    return {
        "title": f"{kind} {rule.rule_id}",
        "meta": f"{rule.topic.code} {rule.topic.title}",
        "text": plain_text(rule.text_html, PREVIEW_CHARS),
        "url": rule.get_absolute_url(),
    }


def _card(game: Game, key: str) -> Preview:
    card = get_object_or_404(game.cards.all(), slug=key)
    meta = [
        game.label("card_types", card.type),
        *([game.label("factions", card.faction)] if card.faction else []),
        game.label("expansions", card.expansion),
    ]
    timing = plain_text(card.timing_html)
    effect = plain_text(card.effect_html)
    return {
        "title": card.name,
        "meta": " · ".join(meta),
        "text": plain_text(f"{timing} — {effect}" if timing else effect, PREVIEW_CHARS),
        "url": card.get_absolute_url(),
    }


def _term(game: Game, key: str) -> Preview:
    term = get_object_or_404(game.terms.all(), slug=key)
    return {
        "title": term.term,
        "meta": "Glossary",
        "text": plain_text(term.definition_html, PREVIEW_CHARS),
        "url": term.get_absolute_url(),
    }


def _topic(game: Game, key: str) -> Preview:
    topic = get_object_or_404(game.topics.all(), slug=key)
    return {
        "title": f"{topic.code} {topic.title}",
        "meta": "Rules topic",
        "text": plain_text(topic.summary_html, PREVIEW_CHARS),
        "url": topic.get_absolute_url(),
    }


def _ruling(game: Game, key: str) -> Preview:
    ruling = get_object_or_404(game.rulings.all(), slug=key)
    return {
        "title": ruling.question,
        "meta": f"Ruling · {SOURCE_LABELS.get(ruling.source, ruling.source)}, "
        f"{ruling.date:%Y-%m-%d}",
        "text": plain_text(ruling.answer_html, PREVIEW_CHARS),
        "url": ruling.get_absolute_url(),
    }


BUILDERS: dict[str, Callable[[Game, str], Preview]] = {
    "rule": _rule,
    "card": _card,
    "term": _term,
    "topic": _topic,
    "ruling": _ruling,
}


def build_preview(game: Game, kind: str, key: str) -> Preview:
    """The preview of ``kind:key``; raises Http404 when there is no such target."""
    return {"kind": kind, "key": key, **BUILDERS[kind](game, key)}


@require_GET
def preview(request: HttpRequest, game: str, kind: str, key: str) -> JsonResponse:
    game_obj = Game.objects.filter(slug=game).first()
    if game_obj is None or kind not in BUILDERS or not KEY.match(key):
        return _not_found()
    cache_key = f"preview:{game_obj.slug}:{game_obj.content_version}:{kind}:{key}"
    data: dict[str, Any] | None = cache.get(cache_key)
    if data is None:
        try:
            data = build_preview(game_obj, kind, key)
        except Http404:
            return _not_found()
        cache.set(cache_key, data, CACHE_SECONDS)
    response = JsonResponse(data)
    patch_cache_control(response, public=True, max_age=300)
    return response


def _not_found() -> JsonResponse:
    return JsonResponse({"error": "no such target"}, status=404)
