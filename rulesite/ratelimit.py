"""Rate limits per client and scope, shared by every worker that uses the same
``ratelimit`` cache (docs/OPERATIONS.md): the API's throttle
(``rules.api.v1.throttling``) and the pages that compute for each request.

Counting must hold across gunicorn's processes, so it only uses the cache's
atomic ``add`` and ``incr`` (Redis, or the SQLite-backed ``diskcache`` of the
embedded default; never read-then-write, which loses counts under concurrency).
Each client has a fixed window per scope: it opens with the client's first
request, lasts one period (a minute for ``60/minute``), and allows that many
requests; ``Retry-After`` is the time until it closes.
"""

from __future__ import annotations

import ipaddress
import math
import time
from functools import cache

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.http import HttpRequest
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

CACHE_ALIAS = "ratelimit"


def client_address(request: HttpRequest) -> str:
    """The client's IP address: ``REMOTE_ADDR``, or behind ``PROXY_HOPS`` proxies
    the address the outermost of them saw. Each hop is taken from
    ``X-Forwarded-For`` only when the address that handed the request on is a
    trusted proxy (``TRUSTED_PROXIES``), so a client that reaches gunicorn
    directly, or sends a forged header through the proxy, cannot pick its own."""
    address = request.META.get("REMOTE_ADDR", "")
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for _ in range(settings.PROXY_HOPS):
        if not hops or not is_trusted_proxy(address):
            break
        address = hops.pop()
    return address


def is_trusted_proxy(address: str) -> bool:
    return _in_networks(address, tuple(settings.TRUSTED_PROXIES))


@cache
def _in_networks(address: str, networks: tuple[str, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(
        ip in ipaddress.ip_network(network, strict=False) for network in networks
    )


def rate_of(scope: str) -> str | None:
    """The configured rate of ``scope`` (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``);
    a scope nobody configured gets the ``read`` rate, not unlimited access."""
    rates = api_settings.DEFAULT_THROTTLE_RATES
    rate: str | None = rates.get(scope, rates.get("read"))
    return rate


def hit(scope: str, ident: str) -> int | None:
    """Count a request of ``ident`` in ``scope``: None when it is allowed, else
    the seconds to wait (at least 1) until its window ends."""
    rate = rate_of(scope)
    if rate is None:
        return None
    limit, period = _parse(rate)
    store = caches[CACHE_ALIAS]
    # Bounded: an identity is an address, but never trust a header's length.
    prefix = f"rl:{scope}:{ident[:64]}"
    now = time.time()
    start = _window_start(store, prefix, now, period)
    # The count is keyed by its window too: should a backend ever keep a count
    # past its expiry, no later window would read it.
    if _increment(store, f"{prefix}:{start:.6f}", period + 1) <= limit:
        return None
    return max(1, math.ceil(start + period - now))


def _window_start(store: BaseCache, prefix: str, now: float, period: int) -> float:
    """When the client's current window began: at its first request after the
    last window ended (``add`` is atomic: concurrent first requests agree)."""
    start = store.get(f"{prefix}:start")
    if start is None:
        store.add(f"{prefix}:start", now, period)
        start = store.get(f"{prefix}:start", now)
    return float(start)


def wait_for(request: HttpRequest, scope: str) -> int | None:
    """``hit`` for the client of a page request."""
    return hit(scope, client_address(request))


def _parse(rate: str) -> tuple[int, int]:
    limit, period = SimpleRateThrottle.parse_rate(None, rate)  # type: ignore[arg-type]
    assert limit is not None and period is not None
    return limit, period


def _increment(store: BaseCache, key: str, timeout: int) -> int:
    try:
        return int(store.incr(key))
    except ValueError:  # the first request of this window
        if store.add(key, 1, timeout):
            return 1
        return int(store.incr(key))
