"""Routes of the read API, version 1."""

from __future__ import annotations

from django.urls import path

from rules.api.v1 import search_views

app_name = "api-v1"

urlpatterns = [
    path("<slug:game>/search/", search_views.search, name="search"),
]
