"""Security headers that Django's SecurityMiddleware does not set."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

# No inline script anywhere: every script is a static file served by the site.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# Swagger UI sets style attributes in its markup; scripts stay strict there too.
API_DOCS_POLICY = CONTENT_SECURITY_POLICY.replace(
    "style-src 'self'", "style-src 'self' 'unsafe-inline'"
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = (
            API_DOCS_POLICY
            if request.path.startswith("/api/docs/")
            else CONTENT_SECURITY_POLICY
        )
        response.headers.setdefault("Content-Security-Policy", policy)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        # The read API is public and CORS-open; the pages are not embeddable.
        resource_policy = (
            "cross-origin" if request.path.startswith("/api/") else "same-site"
        )
        response.headers.setdefault("Cross-Origin-Resource-Policy", resource_policy)
        return response
