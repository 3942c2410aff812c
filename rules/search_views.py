"""The search page, ``/<game>/search/?q=&kind=&page=``.

A query that names a rule id or a card exactly redirects to it; any other query
shows its results grouped by kind. A query that cannot be searched gets the form
back with a message saying why (status 400), never a server error; a client
that searches too often gets it with a 429 (scope ``web-search``).

``/<game>/search/suggestions/`` answers the search box's suggestions while
typing: the API's search, counted in the pages' own ``web-suggest`` scope.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from rules.api.v1.search_views import SearchView
from rules.models import Game
from rules.search import (
    KIND_LABELS,
    MAX_QUERY_LENGTH,
    SearchQueryError,
    SearchResults,
    SearchUnavailable,
    search,
    without_kind_filters,
)
from rules.text import without_control_characters
from rulesite.ratelimit import wait_for


@require_safe
def search_page(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_object_or_404(Game, slug=game)
    query = request.GET.get("q", "")
    kind = request.GET.get("kind", "")
    context: dict[str, Any] = {
        "game": game_obj,
        "section": "search",
        "search_query": without_control_characters(query),
        "search_kind": kind,
        "kind_labels": KIND_LABELS,
        "max_length": MAX_QUERY_LENGTH,
    }
    if "q" not in request.GET:  # the bare page: just the form
        return render(request, "rules/search.html", context)
    if (wait := wait_for(request, "web-search")) is not None:
        context["error"] = f"Too many searches from here; try again in {wait} s."
        response = render(request, "rules/search.html", context, status=429)
        response["Retry-After"] = str(wait)
        return response
    status = 200
    try:
        page = int(request.GET.get("page") or 1)
        results = search(game_obj, query, kind=kind or None, page=page)
    except ValueError as exc:  # SearchQueryError, or a page that is not a number
        message = exc.message if isinstance(exc, SearchQueryError) else None
        context["error"] = message or "The page must be a whole number."
        status = 400
    except SearchUnavailable as exc:
        context["error"] = str(exc)
        status = 503
    else:
        if results.direct is not None and results.page == 1:
            return redirect(results.direct.url)
        context |= _results_context(game_obj, results, kind)
    return render(request, "rules/search.html", context, status=status)


class SuggestionsView(SearchView):
    """The API's search for the search box of the pages, outside the API's
    schema and its clients' rate limits."""

    schema = None
    throttle_scope = "web-suggest"


def _results_context(game: Game, results: SearchResults, kind: str) -> dict[str, Any]:
    """Links for the kind tabs, the suggestion and the pages; ``kind`` is the
    parameter (a ``kind:`` typed in the query stays in the query)."""
    base = reverse("rules:search", args=[game.slug])

    def url(**changes: Any) -> str:
        params = {"q": results.query, "kind": kind, "page": 1} | changes
        return f"{base}?{urlencode({k: v for k, v in params.items() if v})}"

    return {
        "results": results,
        "kind_links": [
            {
                "label": label,
                "count": results.counts.get(each, 0),
                "url": url(kind=each),
                "current": results.kinds == (each,),
            }
            for each, label in KIND_LABELS.items()
            if results.counts.get(each) or results.kinds == (each,)
        ],
        "all_kinds_url": url(kind="", q=without_kind_filters(results.query)),
        "all_count": sum(results.counts.values()),
        "suggestion_url": url(q=results.suggestion) if results.suggestion else "",
        "next_url": url(page=results.page + 1) if results.has_next else "",
        "previous_url": url(page=results.page - 1) if results.has_previous else "",
    }
