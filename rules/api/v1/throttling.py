"""Rate limits for anonymous clients, per IP address and per scope."""

from __future__ import annotations

import math
from typing import Any

from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle


class AnonScopedRateThrottle(AnonRateThrottle):
    """DRF's anonymous throttle with the rate of the view's ``throttle_scope``
    (``read`` when the view names none or a scope without a configured rate).

    Rates are looked up per request, not when the class is imported, so a
    settings override (tests, an emergency change) applies at once; a scope whose
    rate is ``None`` is not limited. ``Retry-After`` is always at least a second.
    """

    default_scope = "read"

    def __init__(self) -> None:
        # SimpleRateThrottle reads the rate here; allow_request does it instead.
        self.rate: str | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        self.scope = getattr(view, "throttle_scope", None) or self.default_scope
        rates = api_settings.DEFAULT_THROTTLE_RATES
        # A scope nobody configured gets the default rate, not unlimited access.
        self.rate = rates.get(self.scope, rates.get(self.default_scope))
        self.num_requests, self.duration = self.parse_rate(self.rate)
        # DRF's ``cache`` is Django's default-cache proxy, which looks the
        # thread's cache up again on every use; this request uses it twice.
        self.cache = caches[DEFAULT_CACHE_ALIAS]
        return super().allow_request(request, view)

    def wait(self) -> float | None:
        wait = super().wait()
        return None if wait is None else max(1, math.ceil(wait))
