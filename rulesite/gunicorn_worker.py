"""gunicorn's sync worker, refusing a request line or header block too large
to read with the API's JSON error shape instead of gunicorn's HTML page.

gunicorn reads request lines up to 8190 bytes (its maximum); shorter URLs that
are still too long reach Django, whose API answers 414 itself
(``rules.api.uri_length``). Longer ones end here, before any URL is known, so
every path gets the JSON: a browser never sends such a URL by itself. Every
other error is gunicorn's own handling."""

from __future__ import annotations

import json
from typing import Any

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.sync import SyncWorker

# (status, reason, code, message) for each refusal, in the shape of
# rules.api.v1.errors.error_body (which needs Django, not loaded here yet).
REFUSALS: dict[type[Exception], tuple[int, str, str, str]] = {
    LimitRequestLine: (
        414,
        "URI Too Long",
        "uri_too_long",
        "The request line is longer than the server reads.",
    ),
    LimitRequestHeaders: (
        431,
        "Request Header Fields Too Large",
        "headers_too_large",
        "The request's headers are larger than the server reads.",
    ),
}


def refusal(status: int, reason: str, code: str, message: str) -> bytes:
    """A whole HTTP response with the error as JSON, closing the connection."""
    body = json.dumps({"error": {"code": code, "message": message, "details": {}}})
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return (head + body).encode("latin-1")


class JsonErrorsSyncWorker(SyncWorker):  # type: ignore[misc]
    def handle_error(self, req: Any, client: Any, addr: Any, exc: Exception) -> None:
        answer = next(
            (fields for kind, fields in REFUSALS.items() if isinstance(exc, kind)),
            None,
        )
        if answer is None:
            super().handle_error(req, client, addr, exc)
            return
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        try:
            util.write_nonblock(client, refusal(*answer))
        except OSError:
            self.log.debug("Failed to send error message.")
