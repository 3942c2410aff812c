"""``X-Forwarded-Proto`` only from a trusted proxy.

Behind a proxy (``BEHIND_PROXY``), Django takes a request to be HTTPS when
``X-Forwarded-Proto: https`` says so (``SECURE_PROXY_SSL_HEADER``), whoever
sent it. A client that reaches gunicorn directly could then pass for HTTPS:
skip the redirect to it, and have its plain-HTTP request treated as secure.
The header is dropped unless the address that handed the request on is one of
``TRUSTED_PROXIES``, as ``X-Forwarded-For`` is for the rate limits
(rulesite/ratelimit.py).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

from rulesite.ratelimit import is_trusted_proxy

HEADER = "HTTP_X_FORWARDED_PROTO"


class TrustedForwardedProtoMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if HEADER in request.META and not (
            settings.PROXY_HOPS
            and is_trusted_proxy(request.META.get("REMOTE_ADDR", ""))
        ):
            del request.META[HEADER]
        return self.get_response(request)
