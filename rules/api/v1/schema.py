"""OpenAPI documentation of the read endpoints: one decorator per view, with a
description, parameters, an example of every success and the error answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from drf_spectacular.views import SpectacularAPIView
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request

from rules.api.uri_length import MAX_URL_LENGTH
from rules.api.v1 import examples
from rules.api.v1.errors import ErrorSerializer
from rules.api.v1.filters import RULE_ID_PATTERN, CardQuery, RuleQuery, RulingQuery
from rules.api.v1.serializers import (
    BulkSerializer,
    CardDetailSerializer,
    CardSerializer,
    GameSerializer,
    RuleDetailSerializer,
    RuleSerializer,
    RulingDetailSerializer,
    RulingSerializer,
    TermSerializer,
    TopicDetailSerializer,
    TopicSerializer,
)

SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"

CACHING = (
    "\n\nCached: the response has `ETag`, `Last-Modified` and `Cache-Control: "
    "public, max-age=300`; repeat the request with `If-None-Match` (or "
    "`If-Modified-Since`) to get `304 Not Modified` while the content is unchanged."
)


def path_parameter(name: str, description: str, example: str, pattern: str) -> Any:
    return OpenApiParameter(
        name,
        OpenApiTypes.STR,
        OpenApiParameter.PATH,
        description=description,
        pattern=pattern,
        examples=[OpenApiExample(example, value=example)],
    )


GAME = path_parameter("game", "The game's slug.", "ti4", SLUG_PATTERN)


def _error(description: str, example: dict[str, Any]) -> OpenApiResponse:
    return OpenApiResponse(
        ErrorSerializer,
        description=description,
        examples=[OpenApiExample("error", value=example, response_only=True)],
    )


NOT_MODIFIED = OpenApiResponse(
    description="Not Modified: the validators in If-None-Match or "
    "If-Modified-Since still match; no body."
)
NOT_FOUND = _error("No such game or object.", examples.NOT_FOUND)
INVALID = _error("A query parameter is invalid; `details` names it.", examples.INVALID)
THROTTLED = _error(
    "Too many requests from this client; see the `Retry-After` header.",
    examples.THROTTLED,
)


def read(
    *,
    summary: str,
    description: str,
    serializer: Any,
    example: dict[str, Any],
    parameters: list[Any] | None = None,
    listed: bool = False,
) -> Any:
    """``extend_schema`` of one read operation, with its example and errors."""
    responses: dict[int, Any] = {
        200: serializer,
        304: NOT_MODIFIED,
        404: NOT_FOUND,
        429: THROTTLED,
    }
    if listed:
        responses[400] = INVALID
    return extend_schema(
        summary=summary,
        description=description + CACHING,
        parameters=parameters or [],
        responses=responses,
        examples=[OpenApiExample(summary, value=example, response_only=True)],
    )


def collection(
    *,
    tag: str,
    noun: str,
    list_serializer: Any,
    detail_serializer: Any,
    list_example: dict[str, Any],
    detail_example: dict[str, Any],
    list_description: str,
    detail_description: str,
    lookup: Any,
    query: Any = None,
) -> Callable[[Any], Any]:
    """Document the list and detail operations of one viewset."""
    in_game = [] if tag == "games" else [GAME]
    by_action = extend_schema_view(
        list=read(
            summary=f"List {noun}s",
            description=list_description,
            serializer=list_serializer,
            example=list_example,
            parameters=[*in_game, *([query] if query else [])],
            listed=True,
        ),
        retrieve=read(
            summary=f"One {noun}",
            description=detail_description,
            serializer=detail_serializer,
            example=detail_example,
            parameters=[*in_game, lookup],
        ),
    )
    tagged = extend_schema(tags=[tag])

    def decorate(view: Any) -> Any:
        return tagged(by_action(view))

    return decorate


games = collection(
    tag="games",
    noun="game",
    list_serializer=GameSerializer,
    detail_serializer=GameSerializer,
    list_example=examples.GAME,
    detail_example=examples.GAME,
    list_description="Every game on the site, with its reference document, the "
    "vocabularies its cards use, its content version and links to its collections.",
    detail_description="One game: reference document, vocabularies (labels of "
    "card types, expansions, timing windows, flags and factions), the own fields "
    "of each card type (`card_fields`), content version, links.",
    lookup=path_parameter("slug", "The game's slug.", "ti4", SLUG_PATTERN),
)

topics = collection(
    tag="topics",
    noun="topic",
    list_serializer=TopicSerializer,
    detail_serializer=TopicDetailSerializer,
    list_example=examples.TOPIC,
    detail_example=examples.TOPIC_DETAIL,
    list_description="The topics of the rules reference in their numbered order, "
    "with summaries.",
    detail_description="One topic with all of its rules and notes (Markdown and "
    "HTML), related topics, glossary terms, the cards and rulings that cite any "
    "of its rules, and everything that links to it (`cited_by`).",
    lookup=path_parameter("slug", "The topic's slug.", "action-cards", SLUG_PATTERN),
)

rules = collection(
    tag="rules",
    noun="rule",
    list_serializer=RuleSerializer,
    detail_serializer=RuleDetailSerializer,
    list_example=examples.RULE,
    detail_example=examples.RULE_DETAIL,
    list_description="Every numbered rule and note in reference order, optionally "
    "of one topic or one kind.",
    detail_description='One rule by its permanent id ("2.4", "2.4a", "8.2.i", "2.N1"): '
    "text as Markdown and HTML, its topic, its parent and sub-rules, the cards "
    "and rulings that cite it, and everything that links to it (`cited_by`).",
    lookup=path_parameter(
        "rule_id", "The rule's id.", "2.4a", f"^{RULE_ID_PATTERN.strip('^$')}$"
    ),
    query=RuleQuery,
)

cards = collection(
    tag="cards",
    noun="card",
    list_serializer=CardSerializer,
    detail_serializer=CardDetailSerializer,
    list_example=examples.CARD,
    detail_example=examples.CARD_DETAIL,
    list_description="Cards and other components (agendas, technologies, units, "
    "factions...), each with its type's own fields (`attrs`), filtered by type, "
    "timing window, expansion, faction, oracle support or part of the name, sorted "
    "by `ordering` (name by default). Keys are those of the game's `vocabularies`; "
    "the fields of each type are the game's `card_fields`.",
    detail_description="One card: timing and effect (Markdown and HTML), its "
    "type's own fields (`attrs`, `attrs_html`), notes with their sources, the "
    "card it replaces or that revise it, flags, faction, the rules it cites, the "
    "rulings about it, whether the oracle implements it, and everything that "
    "links to it (`cited_by`).",
    lookup=path_parameter("slug", "The card's slug.", "sabotage", SLUG_PATTERN),
    query=CardQuery,
)

terms = collection(
    tag="terms",
    noun="term",
    list_serializer=TermSerializer,
    detail_serializer=TermSerializer,
    list_example=examples.TERM,
    detail_example=examples.TERM,
    list_description="The glossary in alphabetical order, each term with its "
    "definition, the topic that rules it and the numbered rule that defines it "
    "(null when no single rule does).",
    detail_description="One glossary term with its definition, topic and "
    "defining rule.",
    lookup=path_parameter("slug", "The term's slug.", "hand-limit", SLUG_PATTERN),
)

rulings = collection(
    tag="rulings",
    noun="ruling",
    list_serializer=RulingSerializer,
    detail_serializer=RulingDetailSerializer,
    list_example=examples.RULING,
    detail_example=examples.RULING_DETAIL,
    list_description="Rulings, newest first: questions with answers, the cards "
    "and rules involved, the source, and whether the oracle reproduces the answer. "
    "Filter by card, rule, topic, source, verification or date.",
    detail_description="One ruling with its oracle scenario (if any), its "
    "verification result, and everything that links to it (`cited_by`).",
    lookup=path_parameter(
        "slug", "The ruling's slug.", "sabotage-vs-sabotage", SLUG_PATTERN
    ),
    query=RulingQuery,
)

bulk = extend_schema_view(
    get=extend_schema(
        tags=["bulk"],
        summary="The whole game in one document",
        description="Every topic, rule, card, term and ruling of the game in one "
        "JSON document, with the content version it was made from and when it was "
        "generated. Served as a download (`Content-Disposition: attachment`). "
        "Prefer it to crawling the lists; poll it with `If-None-Match`: it only "
        "changes when `content_version` does. Limited to 60 an hour per client."
        + CACHING,
        parameters=[GAME],
        responses={
            200: BulkSerializer,
            304: NOT_MODIFIED,
            404: NOT_FOUND,
            429: THROTTLED,
        },
        examples=[
            OpenApiExample(
                "The whole game (lists shortened to one item)",
                value=examples.BULK,
                response_only=True,
            )
        ],
    )
)


class FormatParameterNegotiation(DefaultContentNegotiation):
    """Also picks a renderer by ``?format=json|yaml``: the API turns that
    override off (``URL_FORMAT_OVERRIDE``, it only answers JSON), but the
    schema has two formats and clients ask for one that way."""

    def select_renderer(
        self, request: Request, renderers: list[Any], format_suffix: str | None = None
    ) -> tuple[Any, str]:
        requested = format_suffix or request.query_params.get("format")
        return super().select_renderer(request, renderers, requested)  # type: ignore[no-any-return]


class SchemaView(SpectacularAPIView):
    """The OpenAPI document: YAML by default, JSON for ``Accept:
    application/json`` or ``?format=json``."""

    content_negotiation_class = FormatParameterNegotiation


def document_uri_too_long(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """drf-spectacular hook: every operation may answer 414 for a URL over
    ``MAX_URL_LENGTH`` (rules/api/uri_length.py), in the error shape."""
    answer = {
        "description": f"The URL is longer than {MAX_URL_LENGTH} characters.",
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
        },
    }
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            operation["responses"].setdefault("414", answer)
    return result
