"""Bench-only URLconf (loaded only by bench/pages_settings.py): the site's
routes plus the framework floor, a minimal Django view.

The floor sits under /api/ so that the page cache leaves it alone: it measures
Django's request cycle through the site's whole middleware stack with a view
that does nothing, which is what a cached page is compared with."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from rulesite import urls as site

BODY = b"<!doctype html><title>minimal</title><p>The least a Django view can do.</p>"


def minimal(request: HttpRequest) -> HttpResponse:
    """A fixed HTML body: no template, no database."""
    return HttpResponse(BODY, content_type="text/html; charset=utf-8")


handler404 = site.handler404
urlpatterns = [path("api/bench/minimal/", minimal), *site.urlpatterns]
