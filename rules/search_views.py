"""The search results page (placeholder until search lands)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from rules.models import Game


def search_page(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    return render(request, "rules/search.html", {"game": game_obj, "query": ""})
