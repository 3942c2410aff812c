"""Routes of the oracle API, version 1 (included under /api/v1/ before the
read API, whose last route answers unknown paths)."""

from __future__ import annotations

from django.urls import path

from oracle.api.v1 import views

app_name = "oracle-api-v1"

urlpatterns = [
    path("<slug:game>/oracle/run/", views.RunView.as_view(), name="run"),
    path("<slug:game>/oracle/odds/", views.OddsView.as_view(), name="odds"),
]
