"""Top-level routes: the admin, the versioned API under /api/, then the pages."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerSplitView

from rules.api.v1.schema import SchemaView
from rules.sitemaps import SITEMAPS
from rulesite.robots import robots_txt

handler404 = "rules.views.page_not_found"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/schema/", SchemaView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
        name="api-docs",
    ),
    path("api/v1/", include("oracle.api.v1.urls")),
    path("api/v1/", include("rules.api.v1.urls")),
    path(
        "sitemap.xml",
        sitemap,
        {"sitemaps": SITEMAPS},
        name="sitemap",
    ),
    path("robots.txt", robots_txt, name="robots"),
    path("", include("oracle.urls")),
    path("", include("rules.urls")),
]
