"""Rate limits per client and scope, shared by every worker that uses the same
``ratelimit`` cache (docs/OPERATIONS.md): the API's throttle
(``rules.api.v1.throttling``) and the pages that compute for each request.

Counting must hold across gunicorn's processes, so it only uses the cache's
atomic ``add`` and ``incr`` (Redis, or the SQLite-backed ``diskcache`` of the
embedded default; never read-then-write, which loses counts under concurrency).
The count is a sliding-window estimate: this window's requests plus the previous
window's, weighted by how much of it still lies within one period, so a burst
across a window boundary does not get the limit twice.
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
    the seconds to wait (at least 1). A refused request is not counted."""
    rate = rate_of(scope)
    if rate is None:
        return None
    limit, period = _parse(rate)
    now = time.time()
    window = int(now // period)
    elapsed = now - window * period
    store = caches[CACHE_ALIAS]
    # Bounded: an identity is an address, but never trust a header's length.
    prefix = f"rl:{scope}:{ident[:64]}:"
    current = _increment(store, f"{prefix}{window}", 2 * period)
    previous = int(store.get(f"{prefix}{window - 1}", 0))
    if previous * (1 - elapsed / period) + current <= limit:
        return None
    store.decr(f"{prefix}{window}")
    return seconds_to_wait(limit, period, previous, current - 1, elapsed)


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


def seconds_to_wait(
    limit: int, period: int, previous: int, current: int, elapsed: float
) -> int:
    """How long until one more request fits under the sliding estimate, given
    ``previous`` and ``current`` counts and ``elapsed`` seconds of this window.

    >>> seconds_to_wait(60, 60, 0, 60, 10.0)  # all used now: the next window
    51
    >>> seconds_to_wait(60, 60, 60, 30, 10.0)  # the last window's weight fades
    21
    """
    room = limit - current - 1
    if room >= 0 and previous > 0:
        # previous * (1 - t / period) + current + 1 <= limit, within this window
        at = period * (1 - room / previous)
        if at < period:
            return max(1, math.ceil(at - elapsed))
    # In the next window this one's count becomes the weighted previous.
    fades = period * max(0.0, 1 - (limit - 1) / current) if current else 0.0
    return max(1, math.ceil(period + fades - elapsed))
