"""Compress JSON answers of the API, and nothing else.

HTML pages are left alone on purpose: a page that carries a CSRF token and
reflects part of the request would let an attacker who watches the compressed
sizes guess the token (BREACH). The API's JSON carries no secret, so it is
compressed (the bulk document shrinks about tenfold); static files are
compressed ahead of time by whitenoise. See docs/DECISIONS.md.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

API_PREFIX = "/api/"


class ApiGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware, limited to JSON answers under ``/api/``."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        content_type = response.headers.get("Content-Type", "")
        if not (
            request.path_info.startswith(API_PREFIX)
            and content_type.startswith(("application/json", "application/vnd.oai"))
        ):
            return response
        return super().process_response(request, response)
