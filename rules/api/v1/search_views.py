"""``GET /api/v1/<game>/search/?q=&kind=&page=&limit=&prefix=``: full-text search.

The same search as the page (``rules.search``), as JSON: ranked ``results``, the
same hits ``groups``-ed by kind, per-kind ``counts``, a ``suggestion`` for
misspelt words, and a first result flagged ``direct`` when the query names a
rule id or a card exactly. A query that cannot be searched is a 400 in the
API's error shape, with ``details.reason`` saying why.

Results depend only on the game's content and on the live index built from it,
so a successful answer carries the validators of the other read endpoints,
with the index's build in the ETag (an index rebuilt after a reload changes
the answer even when the content version has already moved on).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import NoReverseMatch, reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.api.v1.errors import ErrorSerializer, error_body
from rules.api.v1.schema import CACHING, NOT_MODIFIED, THROTTLED
from rules.api.v1.views import REPRESENTATION, ConditionalContentMixin
from rules.models import Game
from rules.search import (
    DEFAULT_LIMIT,
    KINDS,
    MAX_LIMIT,
    MAX_PAGE,
    MAX_QUERY_LENGTH,
    Hit,
    SearchQueryError,
    SearchResults,
    SearchUnavailable,
    index_marker,
)
from rules.search import search as run_search

_DETAIL_ROUTES = {
    "topic": ("topic-detail", "slug"),
    "rule": ("rule-detail", "rule_id"),
    "card": ("card-detail", "slug"),
    "term": ("term-detail", "slug"),
    "ruling": ("ruling-detail", "slug"),
}


KIND_HELP = f"One of {', '.join(KINDS)}."


class HitSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text=KIND_HELP)
    id = serializers.CharField(help_text="Slug, or the rule id for a rule.")
    title = serializers.CharField()
    title_html = serializers.CharField(
        help_text="The title, HTML-escaped, with matched words in <mark>."
    )
    snippet = serializers.CharField(
        help_text="An HTML-escaped extract with matched words in <mark>."
    )
    rule_id = serializers.CharField(allow_blank=True)
    context = serializers.CharField(
        allow_blank=True, help_text="The topic of a rule or term; a card's type."
    )
    score = serializers.FloatField()
    direct = serializers.BooleanField(
        help_text="True when the query names this rule or card exactly."
    )
    web_url = serializers.URLField()
    url = serializers.URLField(allow_null=True, help_text="Its API resource.")


class GroupSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text=KIND_HELP)
    label = serializers.CharField()
    count = serializers.IntegerField(help_text="Matches of this kind, all pages.")
    results = HitSerializer(many=True, help_text="This page's hits of this kind.")


class SearchSerializer(serializers.Serializer):
    query = serializers.CharField()
    kinds = serializers.ListField(
        child=serializers.CharField(), help_text="The kinds kept, if filtered."
    )
    count = serializers.IntegerField(help_text="Matches on all pages.")
    counts = serializers.DictField(
        child=serializers.IntegerField(), help_text="Matches per kind."
    )
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    suggestion = serializers.CharField(
        allow_null=True,
        help_text="The query with misspelt words corrected; when set, the "
        "results are those of the suggestion.",
    )
    broadened = serializers.BooleanField(
        help_text="No document had every word; these have some of them."
    )
    results = HitSerializer(many=True)
    groups = GroupSerializer(many=True)


EXAMPLE_HIT = {
    "kind": "rule",
    "id": "2.4a",
    "title": "2.4a Action Cards",
    "title_html": "<mark>2.4a</mark> Action Cards",
    "snippet": "That limit of seven can be raised or lowered by game effects.",
    "rule_id": "2.4a",
    "context": "Action Cards",
    "score": 1019.22,
    "direct": True,
    "web_url": "https://rulesite.example/ti4/rules/action-cards/#2.4a",
    "url": "https://rulesite.example/api/v1/ti4/rules/2.4a/",
}
EXAMPLE = {
    "query": "2.4a",
    "kinds": [],
    "count": 1,
    "counts": {"rule": 1},
    "page": 1,
    "pages": 1,
    "next": None,
    "previous": None,
    "suggestion": None,
    "broadened": False,
    "results": [EXAMPLE_HIT],
    "groups": [
        {"kind": "rule", "label": "Rules", "count": 1, "results": [EXAMPLE_HIT]}
    ],
}
TYPO_EXAMPLE = {
    **EXAMPLE,
    "query": "sabotge",
    "count": 3,
    "counts": {"card": 1, "rule": 1, "term": 1},
    "suggestion": "sabotage",
    "results": [
        {
            "kind": "card",
            "id": "sabotage",
            "title": "Sabotage",
            "title_html": "<mark>Sabotage</mark>",
            "snippet": "When another player plays an action card, unless that "
            "card is a <mark>Sabotage</mark>. That action card is cancelled.",
            "rule_id": "",
            "context": "Action card",
            "score": 17.5,
            "direct": False,
            "web_url": "https://rulesite.example/ti4/cards/sabotage/",
            "url": "https://rulesite.example/api/v1/ti4/cards/sabotage/",
        }
    ],
    "groups": [],
}
BAD_QUERY = {
    "error": {
        "code": "invalid",
        "message": 'A quote is not closed: put phrases "between quotes".',
        "details": {"q": ['A quote is not closed: put phrases "between quotes".'],
                    "reason": "unbalanced_quotes"},
    }
}  # fmt: skip


SEARCH_SCHEMA = extend_schema(
    operation_id="search",
    summary="Search rules, cards, terms and rulings",
    description=(
        "Full-text search of one game's content, best match first. Words are "
        "stemmed (draw, draws, drawing), titles and card names weigh more than "
        "body text, misspelt words are corrected (see `suggestion`), "
        '`"quoted phrases"` match in order, `AND`, `OR`, `NOT` and parentheses '
        "combine words, and `kind:card` in the query (or the `kind` parameter) "
        "keeps one kind of result. A query that is a rule id (`2.4a`) or a card's "
        "exact name puts that rule or card first, flagged `direct: true`.\n\n"
        "A query that is empty, longer than 200 characters or malformed "
        "(an unclosed quote or parenthesis, an operator with nothing on one side, "
        "an unknown kind) is a 400 whose `details.reason` is one of `empty`, "
        "`too_long`, `unbalanced_quotes`, `unbalanced_parentheses`, "
        "`lone_operator`, `unknown_kind`, `invalid_page`, `invalid_limit`." + CACHING
    ),
    tags=["search"],
    parameters=[
        OpenApiParameter(
            "game", OpenApiTypes.STR, OpenApiParameter.PATH, description="Game slug."
        ),
        OpenApiParameter(
            "q",
            {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_LENGTH},
            required=True,
            description=f"The query, at most {MAX_QUERY_LENGTH} characters.",
            examples=[
                OpenApiExample("words", value="hand limit"),
                OpenApiExample("rule id", value="2.4a"),
                OpenApiExample("card name", value="Sabotage"),
                OpenApiExample("phrase and filter", value='"action card" kind:rule'),
            ],
        ),
        OpenApiParameter(
            "kind", OpenApiTypes.STR, enum=list(KINDS), description="Keep one kind."
        ),
        OpenApiParameter(
            "page",
            {"type": "integer", "minimum": 1, "maximum": MAX_PAGE, "default": 1},
            description=f"From 1 to {MAX_PAGE}; default 1.",
        ),
        OpenApiParameter(
            "limit",
            {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_LIMIT,
                "default": DEFAULT_LIMIT,
            },
            description=f"Results per page, 1 to {MAX_LIMIT}; default {DEFAULT_LIMIT}.",
        ),
        OpenApiParameter(
            "prefix",
            OpenApiTypes.BOOL,
            description="Also match titles that start with the last word, for "
            "suggestions while typing.",
        ),
    ],
    responses={
        200: OpenApiResponse(
            SearchSerializer,
            description="Results, best first.",
            examples=[
                OpenApiExample("rule id", value=EXAMPLE, response_only=True),
                OpenApiExample("misspelt", value=TYPO_EXAMPLE, response_only=True),
            ],
        ),
        400: OpenApiResponse(
            ErrorSerializer,
            description="The query cannot be searched; `details.reason` says why.",
            examples=[OpenApiExample("error", value=BAD_QUERY, response_only=True)],
        ),
        304: NOT_MODIFIED,
        404: OpenApiResponse(ErrorSerializer, description="No such game."),
        429: THROTTLED,
        503: OpenApiResponse(
            ErrorSerializer, description="The search index is not built yet."
        ),
    },
)


class SearchView(ConditionalContentMixin, APIView):
    """GET and HEAD of the search, with the validators of the other reads; a
    precondition is settled once the search has succeeded (``succeeds`` stays
    False: only running it tells whether the query is valid)."""

    @classmethod
    def etag_salt(cls) -> str:
        return f"{REPRESENTATION}:index:{index_marker()}"

    @SEARCH_SCHEMA
    def get(self, request: Request, game: str) -> Response:
        game_obj = Game.objects.filter(slug=game).first()
        if game_obj is None:
            raise NotFound(f"There is no game {game!r}.")
        params = request.query_params
        try:
            results = run_search(
                game_obj,
                params.get("q", ""),
                kind=params.get("kind") or None,
                page=_number(params, "page", 1),
                limit=_number(params, "limit", DEFAULT_LIMIT),
                prefix=params.get("prefix", "").lower() in {"1", "true", "yes", "on"},
            )
        except SearchQueryError as exc:
            parameter = {"invalid_page": "page", "invalid_limit": "limit"}.get(
                exc.code, "q"
            )
            details = {parameter: [exc.message], "reason": exc.code}
            return Response(error_body("invalid", exc.message, details), status=400)
        except SearchUnavailable as exc:
            return Response(error_body("unavailable", str(exc)), status=503)
        return Response(_payload(request, game_obj, results))


def _number(params: Any, name: str, default: int) -> int:
    raw = params.get(name)
    if raw in (None, ""):
        return default
    try:
        return int(raw)
    except ValueError:
        code = f"invalid_{name}"
        raise SearchQueryError(code, f"{name} must be a whole number.") from None


def _payload(request: Request, game: Game, results: SearchResults) -> dict[str, Any]:
    hits = [_hit(request, game, hit) for hit in results.hits]
    by_key = dict(zip(((h.kind, h.key) for h in results.hits), hits, strict=True))
    return {
        "query": results.query,
        "kinds": list(results.kinds),
        "count": results.total,
        "counts": results.counts,
        "page": results.page,
        "pages": results.pages,
        "next": _page_url(request, results.page + 1) if results.has_next else None,
        "previous": (
            _page_url(request, results.page - 1) if results.has_previous else None
        ),
        "suggestion": results.suggestion,
        "broadened": results.broadened,
        "results": hits,
        "groups": [
            {
                "kind": group.kind,
                "label": group.label,
                "count": results.counts.get(group.kind, 0),
                "results": [by_key[hit.kind, hit.key] for hit in group.hits],
            }
            for group in results.groups
        ],
    }


def _hit(request: Request, game: Game, hit: Hit) -> dict[str, Any]:
    name, lookup = _DETAIL_ROUTES[hit.kind]
    try:
        api_path = reverse(
            f"api-v1:{name}", kwargs={"game": game.slug, lookup: hit.key}
        )
    except NoReverseMatch:
        api_path = None
    return {
        "kind": hit.kind,
        "id": hit.key,
        "title": hit.title,
        "title_html": hit.title_html,
        "snippet": hit.snippet,
        "rule_id": hit.rule_id,
        "context": hit.context,
        "score": hit.score,
        "direct": hit.direct,
        "web_url": request.build_absolute_uri(hit.url),
        "url": request.build_absolute_uri(api_path) if api_path else None,
    }


def _page_url(request: Request, page: int) -> str:
    query = {key: value for key, value in request.query_params.items()}
    query["page"] = str(page)
    return request.build_absolute_uri(f"{request.path}?{urlencode(query)}")
