"""Read endpoints of the API, version 1: games, topics, rules, cards, terms,
rulings, and the bulk document of a game.

Every view finds its game first and answers a conditional request from the
game's content version before DRF does any work (see ``rules.conditional``);
successful reads carry ETag, Last-Modified and ``Cache-Control: public``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Model, Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import timezone
from django.utils.functional import cached_property
from rest_framework import viewsets
from rest_framework.exceptions import NotFound
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.api.v1 import schema
from rules.api.v1.errors import error_response
from rules.api.v1.filters import CardQuery, RuleQuery, RulingQuery
from rules.api.v1.pagination import ContentPagination
from rules.api.v1.rendered import renderings
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
from rules.conditional import (
    ContentState,
    Validators,
    every_game_state,
    exists_in_game,
    game_state,
    is_conditional,
    validators_for,
)
from rules.ids import RULE_ID_ANY_CASE
from rules.models import Card, Game, Rule, Ruling, Term, Topic, canonical_rule_id

# Part of every ETag: bump it when a release changes what these endpoints
# return for unchanged content, so clients do not keep a stale copy.
REPRESENTATION = "api-v1/2"
MAX_AGE = 300
CACHED_HEADERS = ("Content-Disposition",)


# What the list serializers read, loaded up front (shared by the bulk view).


def rules_with_topics() -> QuerySet[Rule]:
    return Rule.objects.select_related("topic")


def listed_rules(game: Game) -> QuerySet[Rule]:
    return game.rules.select_related("topic", "parent__topic")


def listed_cards(game: Game) -> QuerySet[Card]:
    return game.cards.select_related("replaces").prefetch_related(
        Prefetch("cited_rules", rules_with_topics()), "revised_as"
    )


def listed_terms(game: Game) -> QuerySet[Term]:
    return game.terms.select_related("topic", "rule__topic")


def listed_rulings(game: Game) -> QuerySet[Ruling]:
    return game.rulings.prefetch_related(
        "cards", Prefetch("rules", rules_with_topics())
    )


def settle(validators: Validators, request: HttpRequest) -> HttpResponseBase | None:
    """The 304, or the 412 in the API's error shape, that ``validators`` give
    ``request``, or None."""
    early = validators.evaluate(request)
    if early is not None and early.status_code == 412:
        early = error_response(
            412, "precondition_failed", "A precondition of the request failed."
        )
    return early


class ConditionalContentMixin:
    """Answer If-None-Match / If-Modified-Since before the view runs (a 304 is
    usually given even earlier, by ``rules.api.middleware``), stamp validators on
    successful reads, and serve repeated reads from the cache.

    The validators are known from the game's version alone (``game_state``:
    content version, load time, latest ruling verification), so a revalidation
    is one small query; a full response is rendered once per
    content version and URI (the ETag names exactly that), then served from
    this process's memory (``rendered.renderings``). Throttling and content
    negotiation still run on every request that is not a 304.
    """

    validators: Validators | None = None
    kwargs: dict[str, Any]
    request: Request

    @classmethod
    def content_states(cls, kwargs: dict[str, Any]) -> list[ContentState] | None:
        """The content this response is made of, or None when it cannot exist
        (the view then runs and answers 404)."""
        state = game_state(str(kwargs.get("game", "")))
        return None if state is None else [state]

    @classmethod
    def etag_salt(cls) -> str:
        """Names the representation in the ETag (see ``validators_for``)."""
        return REPRESENTATION

    @classmethod
    def succeeds(cls, request: HttpRequest, kwargs: dict[str, Any]) -> bool:
        """Whether the answer to ``request`` without its preconditions is known,
        from a cheap check, to be a success. Only then may a 304 or 412 be given
        before the view runs: RFC 9110 (13.2.1) has preconditions ignored when
        the answer would be an error, so an unknown object or a bad query gets
        its 404 or 400 whatever the headers say. False sends the request to
        the view, which settles its preconditions once it has succeeded."""
        return False

    @classmethod
    def revalidate(
        cls, request: HttpRequest, kwargs: dict[str, Any]
    ) -> tuple[Validators | None, HttpResponseBase | None]:
        """The validators of the response to ``request`` (None when its content
        cannot exist), and the answer that settles it without running the view:
        304, a JSON 412, or None. ``ApiRevalidationMiddleware`` calls it before
        most of the middleware, the view's ``dispatch`` for every other read."""
        states = cls.content_states(kwargs)
        if states is None:
            return None, None
        validators = validators_for(
            request, states, salt=cls.etag_salt(), max_age=MAX_AGE
        )
        early = settle(validators, request)
        if early is not None and not cls.succeeds(request, kwargs):
            early = None
        return validators, early

    def dispatch(
        self, request: HttpRequest, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        self.validators, early = self.revalidate(request, kwargs)
        if early is not None:
            return early
        response: HttpResponseBase = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        if self.validators is None:
            return response
        if is_conditional(request) and 200 <= response.status_code < 300:
            # The view succeeded, so the preconditions the early check could
            # not settle now apply.
            late = settle(self.validators, request)
            if late is not None:
                return late
        return self.validators.apply(response, request=request)

    def rendered(self, build: Callable[[], Response]) -> HttpResponseBase:
        """The response ``build`` makes, rendered once per ETag and cached."""
        if self.validators is None:
            return build()
        key = self.validators.etag
        cached = renderings.get(key)
        if cached is None:
            response = build()
            if response.status_code != 200:
                return response
            headers = tuple(
                (name, response.headers[name])
                for name in CACHED_HEADERS
                if name in response.headers
            )
            cached = (JSONRenderer().render(response.data), headers)
            renderings.put(key, cached)
        body, headers = cached
        return HttpResponse(
            body, content_type="application/json", headers=dict(headers)
        )

    @cached_property
    def game(self) -> Game | None:
        return Game.objects.filter(slug=self.kwargs.get("game", "")).first()

    def get_game(self) -> Game:
        if self.game is None:
            raise NotFound(f"There is no game {self.kwargs.get('game')!r}.")
        return self.game

    def get_serializer_context(self) -> dict[str, Any]:
        context: dict[str, Any] = super().get_serializer_context()  # type: ignore[misc]
        context["game"] = self.game
        return context


class GameContentViewSet(ConditionalContentMixin, viewsets.ReadOnlyModelViewSet):
    """List and detail of one kind of a game's content; ``detail_serializer_class``
    is used for the detail endpoint."""

    pagination_class = ContentPagination
    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"
    detail_serializer_class: type[Any] | None = None
    #: What the detail endpoint looks up, by ``lookup_field`` within the game.
    model: type[Model]

    @classmethod
    def succeeds(cls, request: HttpRequest, kwargs: dict[str, Any]) -> bool:
        key = kwargs.get(cls.lookup_url_kwarg or cls.lookup_field)
        if key is None:
            # Page 1 of a list always exists; filters and page numbers are
            # validated by the view (and a later page needs a count).
            return not request.GET
        return exists_in_game(
            cls.model, str(kwargs.get("game", "")), cls.lookup_field, str(key)
        )

    def get_serializer_class(self) -> type[Any]:
        if self.action == "retrieve" and self.detail_serializer_class is not None:
            return self.detail_serializer_class
        return super().get_serializer_class()

    def list(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponseBase:
        return self.rendered(lambda: super(GameContentViewSet, self).list(request))

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponseBase:
        return self.rendered(lambda: super(GameContentViewSet, self).retrieve(request))

    def get_object(self) -> Any:
        lookup = {
            self.lookup_field: self.kwargs[self.lookup_url_kwarg or self.lookup_field]
        }
        found = self.get_queryset().filter(**lookup).first()
        if found is None:
            noun = self.get_queryset().model._meta.verbose_name
            raise NotFound(
                f"{self.get_game().name} has no {noun} {lookup[self.lookup_field]!r}."
            )
        return found


@schema.games
class GameViewSet(GameContentViewSet):
    serializer_class = GameSerializer
    model = Game

    @classmethod
    def content_states(cls, kwargs: dict[str, Any]) -> list[ContentState] | None:
        if "slug" in kwargs:
            return super().content_states({"game": kwargs["slug"]})
        return list(every_game_state())

    @classmethod
    def succeeds(cls, request: HttpRequest, kwargs: dict[str, Any]) -> bool:
        # A game with a state exists: content_states found it.
        return "slug" in kwargs or not request.GET

    @cached_property
    def game(self) -> Game | None:
        slug = self.kwargs.get("slug")
        return None if slug is None else Game.objects.filter(slug=slug).first()

    def get_queryset(self) -> QuerySet[Game]:
        return Game.objects.all()

    def get_object(self) -> Game:
        if self.game is None:
            raise NotFound(f"There is no game {self.kwargs['slug']!r}.")
        return self.game

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        context["game"] = None  # a game is not inside a game: its links are global
        return context


@schema.topics
class TopicViewSet(GameContentViewSet):
    model = Topic
    serializer_class = TopicSerializer
    detail_serializer_class = TopicDetailSerializer

    def get_queryset(self) -> QuerySet[Topic]:
        topics = self.get_game().topics.all()
        if self.action == "retrieve":
            topics = topics.prefetch_related(
                Prefetch(
                    "rules", Rule.objects.select_related("topic", "parent__topic")
                ),
                "related",
                "terms",
            )
        return topics

    def get_object(self) -> Topic:
        topic: Topic = super().get_object()
        cited = {"cited_rules__topic": topic}
        topic.cards_citing = list(
            Card.objects.filter(game=topic.game_id, **cited).distinct()
        )
        topic.rulings_citing = list(
            Ruling.objects.filter(game=topic.game_id, rules__topic=topic).distinct()
        )
        return topic


@schema.rules
class RuleViewSet(GameContentViewSet):
    model = Rule
    serializer_class = RuleSerializer
    detail_serializer_class = RuleDetailSerializer
    lookup_field = "rule_id"
    # Any case, as a typed or pasted id may come (2.4A, 2.n1): ids are exact,
    # but such an id is told which rule it may mean, not that no endpoint is here.
    lookup_value_regex = RULE_ID_ANY_CASE

    def get_object(self) -> Rule:
        try:
            return super().get_object()  # type: ignore[no-any-return]
        except NotFound as error:
            given = self.kwargs["rule_id"]
            meant = canonical_rule_id(given)
            if (
                meant in (None, given)
                or not self.get_queryset().filter(rule_id=meant).exists()
            ):
                raise
            raise NotFound(
                f"{error.detail} Rule ids are case-sensitive: did you mean {meant!r}?"
            ) from None

    def get_queryset(self) -> QuerySet[Rule]:
        rules = listed_rules(self.get_game())
        if self.action == "retrieve":
            return rules.prefetch_related(
                Prefetch("children", rules_with_topics()), "cards", "rulings"
            )
        return RuleQuery.narrow(self.request, rules)


@schema.cards
class CardViewSet(GameContentViewSet):
    model = Card
    serializer_class = CardSerializer
    detail_serializer_class = CardDetailSerializer

    def get_queryset(self) -> QuerySet[Card]:
        cards = listed_cards(self.get_game())
        if self.action == "retrieve":
            return cards.prefetch_related("rulings")
        return CardQuery.narrow(self.request, cards, self.get_game())


@schema.terms
class TermViewSet(GameContentViewSet):
    model = Term
    serializer_class = TermSerializer

    def get_queryset(self) -> QuerySet[Term]:
        return listed_terms(self.get_game())


@schema.rulings
class RulingViewSet(GameContentViewSet):
    model = Ruling
    serializer_class = RulingSerializer
    detail_serializer_class = RulingDetailSerializer

    def get_queryset(self) -> QuerySet[Ruling]:
        rulings = listed_rulings(self.get_game())
        if self.action == "retrieve":
            return rulings
        return RulingQuery.narrow(self.request, rulings)


@schema.bulk
class BulkView(ConditionalContentMixin, APIView):
    """The whole content of a game in one JSON document, as a download."""

    throttle_scope = "bulk"

    @classmethod
    def succeeds(cls, request: HttpRequest, kwargs: dict[str, Any]) -> bool:
        return True  # content_states found the game, and that is all it needs

    def get(self, request: Request, game: str) -> HttpResponseBase:
        return self.rendered(self.document)

    def document(self) -> Response:
        game_obj = self.get_game()
        document = {
            "game": game_obj,
            "content_version": game_obj.content_version,
            "generated_at": timezone.now(),
            "topics": game_obj.topics.all(),
            "rules": listed_rules(game_obj),
            "cards": listed_cards(game_obj),
            "terms": listed_terms(game_obj),
            "rulings": listed_rulings(game_obj),
        }
        data = BulkSerializer(document, context=self.get_serializer_context()).data
        filename = f"{game_obj.slug}-{game_obj.content_version[:12]}.json"
        return Response(
            data, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    def get_serializer_context(self) -> dict[str, Any]:
        return {"request": self.request, "game": self.game, "view": self}
