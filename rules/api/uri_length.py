"""Answer an API request whose URL is too long with a 414 in the API's error
shape, before the server's own page would: gunicorn is configured to read
request lines up to 8190 bytes (its maximum), and every URL past
``MAX_URL_LENGTH`` under ``/api/`` ends here."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

from rules.api.v1.errors import error_response

# Far beyond any URL the API makes (a search query is at most 200 characters).
MAX_URL_LENGTH = 4096
API_PREFIX = "/api/"


class ApiUriLengthMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info.startswith(API_PREFIX) and is_too_long(request):
            return error_response(
                414,
                "uri_too_long",
                f"The URL is longer than {MAX_URL_LENGTH} characters.",
                {"max_length": MAX_URL_LENGTH},
            )
        return self.get_response(request)


def is_too_long(request: HttpRequest) -> bool:
    raw_path = request.META.get("RAW_URI") or request.get_full_path()
    return len(raw_path) > MAX_URL_LENGTH
