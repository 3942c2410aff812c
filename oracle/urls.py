"""Pages of the oracle, keyed by the game slug."""

from __future__ import annotations

from django.urls import path

from oracle import odds_page, views

app_name = "oracle"

urlpatterns = [
    path("<slug:game>/oracle/", views.editor, name="editor"),
    path("<slug:game>/oracle/help/", views.help_page, name="help"),
    path("<slug:game>/oracle/r/<slug:hash>/", views.run_page, name="run"),
    path("<slug:game>/oracle/r/<slug:hash>/odds/", odds_page.odds_page, name="odds"),
]
