"""Rate limits for anonymous clients, per IP address and per scope."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from rulesite.ratelimit import client_address, hit, rate_of


class AnonScopedRateThrottle(BaseThrottle):
    """The rate of the view's ``throttle_scope`` (``read`` when the view names
    none or a scope without a configured rate), counted per client address in
    the shared ``ratelimit`` cache (``rulesite.ratelimit``).

    Rates are looked up per request, not when the class is imported, so a
    settings override (tests, an emergency change) applies at once; a scope whose
    rate is ``None`` is not limited. ``Retry-After`` is always at least a second.
    """

    default_scope = "read"

    def __init__(self) -> None:
        self.scope = self.default_scope
        self.rate: str | None = None
        self._wait: int | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        self.scope = getattr(view, "throttle_scope", None) or self.default_scope
        self.rate = rate_of(self.scope)
        self._wait = hit(self.scope, self.get_ident(request))
        return self._wait is None

    def get_ident(self, request: Request) -> str:
        return client_address(request)

    def wait(self) -> float | None:
        return self._wait
