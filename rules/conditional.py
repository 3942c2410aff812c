"""Conditional GET for pages and API responses built from a game's content.

Content changes only when ``load_content`` replaces a game, so a response's
validators are known before any work is done: the ETag hashes the game's
``content_version`` with the request's absolute URI (path, query and host, since
responses carry absolute links), and Last-Modified is the game's ``loaded_at``.
A revalidation therefore costs one small query and no rendering.

Nothing here depends on DRF; plain Django views use :func:`condition_on_game`::

    @condition_on_game()
    def topic_detail(request, game, slug): ...

and other code composes the parts::

    validators = validators_for(request, [game], salt="api-v1")
    if (early := validators.evaluate(request)) is not None:
        return early                      # 304 Not Modified or 412
    return validators.apply(build_response())
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import wraps
from typing import Any, Protocol, TypeVar, cast

from django.db import connection, connections, router
from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.dateparse import parse_datetime
from django.utils.http import http_date

DEFAULT_MAX_AGE = 300
SAFE_METHODS = frozenset({"GET", "HEAD"})
#: The request headers that make a GET or HEAD conditional.
CONDITIONAL_HEADERS = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_MATCH",
    "HTTP_IF_UNMODIFIED_SINCE",
)


def is_conditional(request: HttpRequest) -> bool:
    """Whether ``request`` carries a precondition (If-None-Match and friends)."""
    return any(name in request.META for name in CONDITIONAL_HEADERS)


class ContentState(Protocol):
    """What validators are made of; a ``Game`` row satisfies it."""

    @property
    def content_version(self) -> str: ...

    @property
    def loaded_at(self) -> datetime | None: ...


@dataclass(frozen=True)
class GameState:
    """What validators need of a game, without the rest of its row: its content
    version and load time, moved on by the latest ruling verification."""

    content_version: str
    loaded_at: datetime | None


@dataclass(frozen=True)
class Validators:
    """The ETag, Last-Modified and freshness of one response."""

    etag: str
    last_modified: datetime | None
    max_age: int = DEFAULT_MAX_AGE

    @property
    def timestamp(self) -> int | None:
        if self.last_modified is None:
            return None
        moment = self.last_modified
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return int(moment.timestamp())

    def evaluate(self, request: HttpRequest) -> HttpResponseBase | None:
        """The response that ends a conditional GET/HEAD early (304 Not Modified,
        or 412 when an If-Match / If-Unmodified-Since precondition fails), or
        None when the full response must be built. If-None-Match wins over
        If-Modified-Since (RFC 9110, 13.2.2)."""
        if request.method not in SAFE_METHODS:
            return None
        response = get_conditional_response(
            request, etag=self.etag, last_modified=self.timestamp
        )
        if response is None:
            return None
        return (
            self.apply(response, request=request)
            if is_cacheable(response)
            else response
        )

    def apply(
        self, response: HttpResponseBase, *, request: HttpRequest | None = None
    ) -> HttpResponseBase:
        """Stamp validators and ``Cache-Control: public`` on a successful GET or
        HEAD response (2xx or 304); errors and other methods pass unchanged."""
        if request is not None and request.method not in SAFE_METHODS:
            return response
        if not is_cacheable(response):
            return response
        response.headers.setdefault("ETag", self.etag)
        if self.timestamp is not None:
            response.headers.setdefault("Last-Modified", http_date(self.timestamp))
        patch_cache_control(response, public=True, max_age=self.max_age)
        return response


def is_cacheable(response: HttpResponseBase) -> bool:
    return 200 <= response.status_code < 300 or response.status_code == 304


def validators_for(
    request: HttpRequest,
    states: Iterable[ContentState],
    *,
    salt: str = "",
    max_age: int = DEFAULT_MAX_AGE,
) -> Validators:
    """Validators for ``request`` over the content of ``states`` (one game, or
    every game for a listing of games).

    ``salt`` names the representation (say ``"api-v1"``, or a template version)
    so that two renderings of the same URI never share an ETag, and so that a
    deploy changing the output can invalidate old ETags by changing it. The ETag
    is weak: it promises an equivalent representation, not identical bytes.
    """
    states = list(states)
    digest = hashlib.blake2b(digest_size=16)
    versions = [state.content_version for state in states]
    for part in (salt, request.build_absolute_uri(), *versions):
        digest.update(part.encode())
        digest.update(b"\0")
    moments = [state.loaded_at for state in states if state.loaded_at is not None]
    return Validators(
        etag=f'W/"{digest.hexdigest()}"',
        last_modified=max(moments, default=None),
        max_age=max_age,
    )


def game_state(slug: str) -> GameState | None:
    """The validator columns of the game ``slug``, or None if there is none."""
    rows = _game_states("WHERE {slug} = %s", [slug])
    return rows[0] if rows else None


def every_game_state() -> list[GameState]:
    """The validator columns of every game (for responses listing games)."""
    return _game_states("", [])


def _game_states(where: str, params: list[str]) -> list[GameState]:
    from rules.models import Game

    # The database the rest of the request reads from (a replica, if any), so
    # validators describe the content the response is rendered from.
    database = connections[router.db_for_read(Game)]
    with database.cursor() as cursor:
        cursor.execute(_state_sql(database.vendor, where), params)
        rows = cursor.fetchall()
    return [
        _state(version, _aware(loaded), _aware(verified))
        for version, loaded, verified in rows
    ]


@functools.cache
def _state_sql(vendor: str, where: str) -> str:
    # One indexed lookup in plain SQL: a revalidation should cost little more
    # than Django's request cycle, and building an ORM query costs several
    # times what running this one does. verify_rulings updates rulings without
    # reloading content, so the newest verification counts as a change too.
    from rules.models import Game, Ruling

    quote = connection.ops.quote_name

    def column(model: Any, name: str) -> str:
        table = quote(model._meta.db_table)
        return f"{table}.{quote(model._meta.get_field(name).column)}"

    game_table, ruling_table = quote(Game._meta.db_table), quote(Ruling._meta.db_table)
    return (
        f"SELECT {column(Game, 'content_version')}, {column(Game, 'loaded_at')}, "
        f"(SELECT MAX({column(Ruling, 'verified_at')}) FROM {ruling_table} "
        f"WHERE {column(Ruling, 'game')} = {column(Game, 'id')}) "
        f"FROM {game_table} {where.format(slug=column(Game, 'slug'))}"
    )


def exists_in_game(model: Any, game: str, field: str, value: str) -> bool:
    """Whether the game ``game`` has a ``model`` row whose ``field`` is
    ``value`` (a card by slug, a rule by rule id): one indexed probe."""
    database = connections[router.db_for_read(model)]
    with database.cursor() as cursor:
        cursor.execute(_exists_sql(database.vendor, model, field), [game, value])
        return cursor.fetchone() is not None


@functools.cache
def _exists_sql(vendor: str, model: Any, field: str) -> str:
    # Plain SQL for the reason given in _state_sql: the ORM would cost several
    # times what the query does, on the path of every revalidation.
    from rules.models import Game

    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    game_table = quote(Game._meta.db_table)
    return (
        f"SELECT 1 FROM {table} JOIN {game_table} ON "
        f"{table}.{quote(model._meta.get_field('game').column)} = "
        f"{game_table}.{quote(Game._meta.get_field('id').column)} "
        f"WHERE {game_table}.{quote(Game._meta.get_field('slug').column)} = %s "
        f"AND {table}.{quote(model._meta.get_field(field).column)} = %s LIMIT 1"
    )


def _state(
    version: str, loaded: datetime | None, verified: datetime | None
) -> GameState:
    if verified is None:
        return GameState(version, loaded)
    latest = verified if loaded is None else max(loaded, verified)
    return GameState(f"{version}+verified@{verified.isoformat()}", latest)


def _aware(value: datetime | str | None) -> datetime | None:
    """Backends hand a timestamp back as an aware datetime (PostgreSQL), a naive
    one in UTC (SQLite) or, without converters, an ISO string."""
    moment = parse_datetime(value) if isinstance(value, str) else value
    if moment is not None and moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment


View = TypeVar("View", bound=Callable[..., HttpResponseBase])


def condition_on_game(
    *, kwarg: str = "game", salt: str = "", max_age: int = DEFAULT_MAX_AGE
) -> Callable[[View], View]:
    """Decorate a plain Django view keyed by a game slug (URL kwarg ``kwarg``)
    so that it answers conditional requests before running, and stamps ETag,
    Last-Modified and Cache-Control on its successful responses. An unknown
    game runs the view unchanged (which then answers 404 its own way)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(
            request: HttpRequest, *args: Any, **kwargs: Any
        ) -> HttpResponseBase:
            state = game_state(str(kwargs.get(kwarg, "")))
            if state is None:
                return view(request, *args, **kwargs)
            validators = validators_for(request, [state], salt=salt, max_age=max_age)
            early = validators.evaluate(request)
            if early is not None:
                return early
            return validators.apply(view(request, *args, **kwargs), request=request)

        return cast(View, wrapped)

    return decorator
