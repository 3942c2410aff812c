"""``/robots.txt``: crawl the reference, skip what only answers a query."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# Search results and previews are endless variations of pages that are crawlable
# anyway; the oracle and the admin answer people, not crawlers.
DISALLOWED = ["/admin/", "/api/", "/*/search/", "/*/preview/", "/*/oracle/"]


@require_safe
@cache_control(public=True, max_age=86400)
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = ["User-agent: *", *(f"Disallow: {path}" for path in DISALLOWED)]
    lines.append(f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}")
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")
