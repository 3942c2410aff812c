"""Request bodies sent with ``Transfer-Encoding: chunked``.

Such a request has no ``Content-Length``, and Django reads a body of that
length: an empty one. gunicorn decodes the chunks into ``wsgi.input``; this
middleware reads it, up to one byte more than Django accepts
(``DATA_UPLOAD_MAX_MEMORY_SIZE``), and gives the request that body with its
length, so that every size limit downstream (Django's, the oracle's 64 KiB)
applies as to any other body.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest, HttpResponseBase

#: What is read of a chunked body when Django sets no limit.
FALLBACK_LIMIT = 2_621_440


class ChunkedBodyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if is_chunked(request):
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or FALLBACK_LIMIT
            body = request.META["wsgi.input"].read(limit + 1)
            request.META["CONTENT_LENGTH"] = str(len(body))
            request._stream = LimitedStream(io.BytesIO(body), len(body))  # type: ignore[attr-defined]
        return self.get_response(request)


def is_chunked(request: HttpRequest) -> bool:
    """A body in chunks, whose length no header gives."""
    encoding = request.META.get("HTTP_TRANSFER_ENCODING", "")
    return "chunked" in encoding.lower() and not request.META.get("CONTENT_LENGTH")
