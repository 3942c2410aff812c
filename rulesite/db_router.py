"""Read replicas: reads of a web request go to one replica, everything else to
the primary.

Safe by default. The read alias lives in a context variable that only
:class:`ReplicaMiddleware` sets, for the length of one GET or HEAD request, so
management commands, content loads, the search index build, the tests and every
write run on the primary. One replica serves all of a request's reads (and the
page cache's read transaction, see :func:`read_alias`), so a page sees a single
snapshot of a single server.

A replica lags behind its primary. A client that has just written (an oracle
run, an admin edit, a login) gets a short-lived cookie that sends its reads to
the primary for ``REPLICA_PIN_SECONDS``, so it reads its own writes, such as a
run's permalink right after the POST that stored it.

With no ``DATABASE_REPLICA_URLS`` neither the router nor the middleware is
installed, and :func:`read_alias` is one context variable lookup.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.db import DEFAULT_DB_ALIAS
from django.http import HttpRequest, HttpResponseBase

PIN_COOKIE = "rulesite_primary"
READ_METHODS = frozenset({"GET", "HEAD"})
# What a request may change; OPTIONS and TRACE read nothing worth pinning for.
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

_read_alias: ContextVar[str] = ContextVar(
    "rulesite_read_alias", default=DEFAULT_DB_ALIAS
)


def read_alias() -> str:
    """The database alias the current request reads from: a replica inside a
    GET or HEAD handled by :class:`ReplicaMiddleware`, else the primary. Code
    that opens a transaction for reads (the page cache) opens it here."""
    return _read_alias.get()


class ReplicaRouter:
    """Reads from :func:`read_alias`, writes and migrations on the primary.
    The replicas hold the same rows as the primary, so relations across them
    are allowed."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str:
        return _read_alias.get()

    def db_for_write(self, model: type[Any], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS


class ReplicaMiddleware:
    """Chooses the database a request reads from, and pins a client that has
    just written to the primary. Sits before the page cache, whose key and
    page must come from the same database."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        if not settings.REPLICA_DATABASES:
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        # Read per request, not kept: a long-lived handler (the WSGI application
        # in tests) must follow the settings of the moment.
        replicas = settings.REPLICA_DATABASES
        if not replicas:
            return self.get_response(request)
        if request.method in READ_METHODS and not is_pinned(request):
            token = _read_alias.set(random.choice(replicas))
            try:
                return self.get_response(request)
            finally:
                _read_alias.reset(token)
        response = self.get_response(request)
        if request.method in WRITE_METHODS and settings.REPLICA_PIN_SECONDS > 0:
            pin(response, settings.REPLICA_PIN_SECONDS)
        return response


def is_pinned(request: HttpRequest) -> bool:
    """Whether the client wrote recently. The cookie holds the moment the pin
    ends, checked here too, since not every client honours a cookie's age."""
    try:
        until = float(request.COOKIES[PIN_COOKIE])
    except (KeyError, ValueError):
        return False
    return until > time.time()


def pin(response: HttpResponseBase, seconds: int) -> None:
    response.set_cookie(
        PIN_COOKIE,
        str(math.ceil(time.time() + seconds)),
        max_age=seconds,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
