"""Bench-only URLconf (never used in production): the site's routes plus a
minimal Django view, the baseline bench/api.py compares the API with."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from rulesite import urls as site


def minimal(request: HttpRequest) -> HttpResponse:
    """The least a Django view can do: a fixed JSON body, no database."""
    return HttpResponse(b'{"ok": true}', content_type="application/json")


handler404 = getattr(site, "handler404", None)
urlpatterns = [path("api/bench/minimal/", minimal), *site.urlpatterns]
