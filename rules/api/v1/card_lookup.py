"""Two ways into the cards besides their slugs, as card-database APIs offer
them: ``cards/search/?text=`` finds cards by the words of their own-words
summaries (with the list's filters), and ``cards/named/?fuzzy=`` (or
``?exact=``) answers the one card a typed name means, or says that the name
is ambiguous and lists the candidates."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from rules.api.v1 import examples
from rules.api.v1.errors import error_body
from rules.api.v1.filters import CardQuery
from rules.api.v1.schema import (
    CACHING,
    GAME,
    INVALID,
    NOT_FOUND,
    NOT_MODIFIED,
    THROTTLED,
    _error,
)
from rules.api.v1.serializers import CardDetailSerializer, CardSerializer
from rules.cardnames import NameMatch, match_exact, match_fuzzy
from rules.models import Card

MAX_TEXT = 200
# A quoted phrase stays one term; any other run of non-space characters is one.
TERM = re.compile(r'"([^"]+)"|(\S+)')


class CardTextQuery(CardQuery):
    """The list's filters, plus the words to find."""

    text = serializers.CharField(
        max_length=MAX_TEXT,
        help_text="Words that must all occur in the card's timing or effect; "
        'each matches the start of a word ("destroy" finds "destroyed"); '
        '"a quoted phrase" matches as written. Case does not matter.',
    )


def text_terms(text: str) -> list[re.Pattern[str]]:
    """One pattern per word or quoted phrase of ``text``, each anchored at the
    start of a word."""
    terms = [(phrase or word).strip().strip('"') for phrase, word in TERM.findall(text)]
    patterns = [
        re.compile(r"(?<!\w)" + re.escape(term), re.IGNORECASE)
        for term in terms
        if term
    ]
    if not patterns:
        raise ValidationError({"text": ["Give at least one word to search for."]})
    return patterns


def cards_with_text(cards: QuerySet[Card], text: str) -> list[Card]:
    """The cards (in the queryset's order) whose timing or effect holds every
    term of ``text``. A game has hundreds of cards, not millions: matching in
    Python keeps word starts the same on SQLite and PostgreSQL."""
    patterns = text_terms(text)
    return [
        card
        for card in cards
        if all(p.search(f"{card.timing_md}\n{card.effect_md}") for p in patterns)
    ]


class NameQuery(serializers.Serializer):
    fuzzy = serializers.CharField(
        required=False,
        max_length=MAX_TEXT,
        help_text="A name as typed: case, punctuation, a few typos and a unique "
        'part of the name ("luck sh") are forgiven.',
    )
    exact = serializers.CharField(
        required=False,
        max_length=MAX_TEXT,
        help_text="The name exactly, up to case and punctuation.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if len(attrs) != 1:
            raise ValidationError(
                {"non_field_errors": ["Give exactly one of `fuzzy` and `exact`."]}
            )
        return attrs


@dataclass(frozen=True)
class NamedCard:
    pk: int
    name: str
    slug: str


def card_named(cards: QuerySet[Card], query: dict[str, str]) -> NamedCard:
    """The card ``query`` names, or a 404: ``not_found`` when nothing is close,
    ``ambiguous`` (with the candidates) when several cards fit."""
    rows = cards.values_list("pk", "name", "slug")
    named = [(name, NamedCard(pk, name, slug)) for pk, name, slug in rows]
    if "exact" in query:
        given, match = query["exact"], match_exact(query["exact"], named)
    else:
        given, match = query["fuzzy"], match_fuzzy(query["fuzzy"], named)
    if match.found is not None:
        return match.found
    raise NameNotFound(given, match)


class NameNotFound(NotFound):
    def __init__(self, given: str, match: NameMatch[NamedCard]) -> None:
        candidates = [{"id": c.slug, "name": c.name} for c in match.candidates]
        self.details = {"candidates": candidates}
        # The error's code is the exception's default_code (errors._describe).
        if match.is_ambiguous:
            self.default_code = "ambiguous"
            message = f"{given!r} fits several cards; be more specific."
        else:
            message = f"No card is named like {given!r}."
        super().__init__(message)


SEARCH_EXAMPLE = {
    "count": 1,
    "next": None,
    "previous": None,
    "results": [examples.CARD],
}
AMBIGUOUS = error_body(
    "ambiguous",
    "'sab' fits several cards; be more specific.",
    {"candidates": [{"id": "sabotage", "name": "Sabotage"}, {"id": "x", "name": "Y"}]},
)

search_schema = extend_schema(
    tags=["cards"],
    summary="Search cards by text",
    description="Cards whose own-words timing or effect holds every word of "
    "`text`, narrowed by the list's filters and sorted like the list. Example: "
    '`/api/v1/ti4/cards/search/?text=cancel%20"action%20card"&type=action`.' + CACHING,
    parameters=[GAME, CardTextQuery],
    responses={
        200: CardSerializer(many=True),
        304: NOT_MODIFIED,
        400: INVALID,
        404: NOT_FOUND,
        429: THROTTLED,
    },
    examples=[OpenApiExample("cards that cancel", value=SEARCH_EXAMPLE)],
)

named_schema = extend_schema(
    tags=["cards"],
    summary="One card by name",
    description="The one card a name means. `fuzzy` forgives case, punctuation, "
    "small typos and a unique part of the name (`?fuzzy=sabotge`, `?fuzzy=luck sh`); "
    "`exact` wants the whole name (`?exact=Lucky Shot`). When several cards fit, "
    "the answer is a 404 with code `ambiguous` and `details.candidates`; when "
    "none does, a 404 with code `not_found`." + CACHING,
    parameters=[
        GAME,
        OpenApiParameter(
            "fuzzy",
            OpenApiTypes.STR,
            description="A name as typed.",
            examples=[OpenApiExample("typo", value="sabotge")],
        ),
        OpenApiParameter(
            "exact",
            OpenApiTypes.STR,
            description="The whole name, any case.",
            examples=[OpenApiExample("name", value="Lucky Shot")],
        ),
    ],
    responses={
        200: CardDetailSerializer,
        304: NOT_MODIFIED,
        400: INVALID,
        404: _error(
            "No card fits (`not_found`), or several do (`ambiguous`, with "
            "`details.candidates`).",
            AMBIGUOUS,
        ),
        429: THROTTLED,
    },
    examples=[OpenApiExample("Sabotage", value=examples.CARD_DETAIL)],
)


class CardLookupMixin:
    """The ``search`` and ``named`` routes of the cards viewset."""

    @search_schema
    @action(detail=False, url_path="search")
    def search(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        return self.rendered(self._search)  # type: ignore[attr-defined]

    def _search(self) -> Response:
        view: Any = self
        query = CardTextQuery(
            data=view.request.query_params.dict(), context={"game": view.get_game()}
        )
        query.is_valid(raise_exception=True)
        cards = query.apply(view.listed_cards(), query.validated_data)
        found = cards_with_text(cards, query.validated_data["text"])
        page = view.paginate_queryset(found)
        data = CardSerializer(page, many=True, context=view.get_serializer_context())
        return view.get_paginated_response(data.data)  # type: ignore[no-any-return]

    @named_schema
    @action(detail=False, url_path="named")
    def named(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        return self.rendered(self._named)  # type: ignore[attr-defined]

    def _named(self) -> Response:
        view: Any = self
        query = NameQuery(data=view.request.query_params.dict())
        query.is_valid(raise_exception=True)
        cards = view.listed_cards()
        found = card_named(cards, query.validated_data)
        card = cards.prefetch_related("rulings").get(pk=found.pk)
        data = CardDetailSerializer(card, context=view.get_serializer_context())
        return Response(data.data)
