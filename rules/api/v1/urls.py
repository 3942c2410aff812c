"""Routes of the read API, version 1.

The last route answers every unknown path under /api/v1/ with a 404 in the
API's error shape, so another URLconf serving under /api/v1/ (the oracle's)
must be included before this one in rulesite/urls.py.
"""

from __future__ import annotations

from django.urls import path, re_path
from rest_framework.routers import SimpleRouter

from rules.api.v1 import index, search_views, views
from rules.api.v1.errors import NotFoundView

app_name = "api-v1"

GAME = r"(?P<game>[-a-zA-Z0-9_]+)"

router = SimpleRouter()
router.register("games", views.GameViewSet, basename="game")
router.register(f"{GAME}/topics", views.TopicViewSet, basename="topic")
router.register(f"{GAME}/rules", views.RuleViewSet, basename="rule")
router.register(f"{GAME}/cards", views.CardViewSet, basename="card")
router.register(f"{GAME}/terms", views.TermViewSet, basename="term")
router.register(f"{GAME}/rulings", views.RulingViewSet, basename="ruling")

urlpatterns = [
    path("", index.IndexView.as_view(), name="index"),
    *router.urls,
    path("<slug:game>/bulk/", views.BulkView.as_view(), name="bulk"),
    path("<slug:game>/search/", search_views.SearchView.as_view(), name="search"),
    # Not ".*": "." stops at a newline, and a path may hold an encoded one.
    re_path(r"^[\s\S]*$", NotFoundView.as_view(), name="not-found"),
]
