"""Render each public HTML page once and serve it from the cache.

A page is a pure function of its URL, the loaded content and the deployed code,
so its cache key (which is also its ETag) hashes exactly those: the absolute
URI, every game's content version (one small query, see
:mod:`rules.conditional`) and a release fingerprint. ``load_content`` moves a
game's version on, so every process on every node stops using the old pages
at once, without any message between them; old entries expire by themselves.
Search pages also depend on the search index, so their key adds the identity
of the live index.

Only anonymous GET/HEAD requests outside ``/api/`` and ``/admin/`` are served
from the cache, and only responses that can be shared are stored: 200,
``text/html``, no cookie set, no ``Vary: Cookie`` (pages with a CSRF form vary
on the cookie and are rendered for each visitor), nothing ``private``.

Every GET and HEAD, cached or not, also runs in one read transaction (repeatable
read on PostgreSQL), so a request that straddles a content load sees the old
game or the new one, never half of each, and the version in its key is the
version of what it rendered.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBase

from rules.conditional import (
    Validators,
    every_game_state,
    is_conditional,
    validators_for,
)
from rules.search import index_marker
from rulesite.db_router import read_alias

logger = logging.getLogger(__name__)

CACHE_ALIAS = "pages"
STATUS_HEADER = "X-Page-Cache"
SAFE_METHODS = frozenset({"GET", "HEAD"})
EXCLUDED_PREFIXES = ("/api/", "/admin/")
# Arbitrary query strings could otherwise fill the cache with one-off pages.
MAX_QUERY_STRING = 512
MAX_BODY = 1024 * 1024
SEARCH_PATH = re.compile(r"^/[^/]+/search/$")
PRIVATE_DIRECTIVES = frozenset({"private", "no-store", "no-cache"})
# Response headers recomputed on every answer rather than stored.
UNSTORED_HEADERS = frozenset({"set-cookie", STATUS_HEADER.lower()})
FINGERPRINT_DIRS = ("templates", "rulesite", "rules", "oracle")
FINGERPRINT_SUFFIXES = frozenset({".py", ".html", ".txt", ".css", ".js"})

Frozen = tuple[int, list[tuple[str, str]], bytes]


class PageCacheMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        if settings.PAGE_CACHE:
            release()  # now, in gunicorn's master when preloading: once for all

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method not in SAFE_METHODS:
            return self.get_response(request)
        if is_shareable_request(request):
            return self.serve(request)
        with ReadSnapshot():
            return self.get_response(request)

    def serve(self, request: HttpRequest) -> HttpResponseBase:
        store = caches[CACHE_ALIAS]
        salt = page_salt(request)
        # A hit costs one single-statement query: no transaction needed.
        validators = page_validators(request, salt)
        hit = lookup(request, store, validators)
        if hit is not None:
            return _mark(hit, "hit")
        with ReadSnapshot():
            # Key the page by the versions it is rendered from, which a content
            # load may have moved on since the lookup.
            validators = page_validators(request, salt)
            response = self.get_response(request)
        if not is_shareable_response(response):
            return response
        # One ETag per page, whatever validators a view may have set itself.
        for name in ("ETag", "Last-Modified"):
            response.headers.pop(name, None)
        validators.apply(response)
        keep(store, cache_key(validators), freeze(response))
        early = validators.evaluate(request)
        return _mark(early if early is not None else response, "miss")


def page_validators(request: HttpRequest, salt: str) -> Validators:
    return validators_for(
        request, every_game_state(), salt=salt, max_age=settings.PAGE_MAX_AGE
    )


def cache_key(validators: Validators) -> str:
    return "page:" + validators.etag.removeprefix('W/"').removesuffix('"')


def lookup(
    request: HttpRequest, store: BaseCache, validators: Validators
) -> HttpResponseBase | None:
    """The answer from the cache: 304 (or 412) when the request's validators
    settle it and the page is cached, else the cached page, else None."""
    key = cache_key(validators)
    conditional = is_conditional(request)
    try:
        if conditional and store.has_key(key):
            early = validators.evaluate(request)
            if early is not None:
                return early
        frozen: Frozen | None = store.get(key)
    except Exception:  # a cache server down must not take the pages with it
        logger.warning("page cache unreadable; rendering", exc_info=True)
        return None
    return None if frozen is None else thaw(frozen)


def keep(store: BaseCache, key: str, frozen: Frozen) -> None:
    try:
        store.set(key, frozen, settings.PAGE_CACHE_SECONDS)
    except Exception:
        logger.warning("page cache unwritable; page not kept", exc_info=True)


class ReadSnapshot:
    """One transaction around a request's reads; on PostgreSQL at repeatable
    read, since read committed gives each query its own snapshot. It is opened
    on the database the request reads from (a replica, see
    rulesite/db_router.py), where the content versions of the key are read too.
    Inside an outer transaction (tests, ATOMIC_REQUESTS) it is a savepoint and
    the outer transaction's isolation applies. A class rather than a generator:
    it runs on every GET the cache does not answer, and costs less this way."""

    def __enter__(self) -> None:
        alias = read_alias()
        connection = connections[alias]
        outermost = not connection.in_atomic_block
        self.atomic = transaction.atomic(using=alias)
        self.atomic.__enter__()
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")

    def __exit__(self, *exc_info: Any) -> None:
        self.atomic.__exit__(*exc_info)


def is_shareable_request(request: HttpRequest) -> bool:
    """An anonymous read of a public page. A visitor with a session or pending
    messages might be logged in or see a notice: their pages are their own."""
    if not settings.PAGE_CACHE or request.path.startswith(EXCLUDED_PREFIXES):
        return False
    if len(request.META.get("QUERY_STRING", "")) > MAX_QUERY_STRING:
        return False
    cookies = request.COOKIES
    return (
        settings.SESSION_COOKIE_NAME not in cookies
        and getattr(settings, "MESSAGES_COOKIE_NAME", "messages") not in cookies
        and "HTTP_AUTHORIZATION" not in request.META
    )


def is_shareable_response(response: HttpResponseBase) -> bool:
    if response.status_code != 200 or response.streaming:
        return False
    if not response.headers.get("Content-Type", "").startswith("text/html"):
        return False
    if response.cookies or "Set-Cookie" in response.headers:
        return False
    vary = {
        part.strip().lower() for part in response.headers.get("Vary", "").split(",")
    }
    if vary & {"cookie", "*", "authorization"}:
        return False
    directives = {
        part.strip().split("=", 1)[0].lower()
        for part in response.headers.get("Cache-Control", "").split(",")
    }
    if directives & PRIVATE_DIRECTIVES:
        return False
    return isinstance(response, HttpResponse) and len(response.content) <= MAX_BODY


def freeze(response: HttpResponseBase) -> Frozen:
    assert isinstance(response, HttpResponse)
    headers = [
        (name, value)
        for name, value in response.items()
        if name.lower() not in UNSTORED_HEADERS
    ]
    return (response.status_code, headers, response.content)


def thaw(frozen: Frozen) -> HttpResponse:
    status, headers, content = frozen
    response = HttpResponse(content, status=status)
    for name, value in headers:
        response.headers[name] = value
    return response


def page_salt(request: HttpRequest) -> str:
    salt = f"page:{release()}"
    if SEARCH_PATH.match(request.path):
        salt += f":index:{index_marker()}"
    return salt


@cache
def release() -> str:
    """What the deployed code renders pages with: ``RULESITE_RELEASE`` when the
    deploy sets it (say, the commit), else a hash of the templates, the code and
    the static files manifest, so a deploy never serves pages of the last one.
    The hash reads file contents, not times, so every node agrees on it."""
    if settings.PAGE_CACHE_RELEASE:
        return str(settings.PAGE_CACHE_RELEASE)
    base = Path(settings.BASE_DIR)
    files = {
        str(path.relative_to(base)): path
        for folder in FINGERPRINT_DIRS
        for path in (base / folder).rglob("*")
        if path.suffix in FINGERPRINT_SUFFIXES and path.is_file()
    }
    # By name, not by path: each node may keep its static files elsewhere.
    files["staticfiles.json"] = Path(settings.STATIC_ROOT) / "staticfiles.json"
    digest = hashlib.blake2b(digest_size=8)
    for name, path in sorted(files.items()):
        digest.update(name.encode())
        digest.update(path.read_bytes() if path.is_file() else b"-")
    return digest.hexdigest()


def _mark(response: HttpResponseBase, status: str) -> HttpResponseBase:
    response.headers[STATUS_HEADER] = status
    return response
