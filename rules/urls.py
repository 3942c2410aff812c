"""Pages of the rules reference. Every route is keyed by the game slug."""

from __future__ import annotations

from django.urls import path, re_path

from rules import feeds, previews, search_views, views
from rules.ids import RULE_ID_ANY_CASE

app_name = "rules"

urlpatterns = [
    path("", views.home, name="home"),
    path("<slug:game>/", views.game_home, name="game"),
    path("<slug:game>/rules/", views.topic_index, name="topics"),
    re_path(
        rf"^(?P<game>[-\w]+)/rules/(?P<rule_id>{RULE_ID_ANY_CASE})/$",
        views.rule_redirect,
        name="rule",
    ),
    path("<slug:game>/rules/<slug:slug>/", views.topic_detail, name="topic"),
    path("<slug:game>/cards/", views.card_index, name="cards"),
    path("<slug:game>/cards/<slug:slug>/", views.card_detail, name="card"),
    path("<slug:game>/rulings/", views.ruling_index, name="rulings"),
    path("<slug:game>/rulings/<slug:slug>/", views.ruling_detail, name="ruling"),
    path("<slug:game>/glossary/", views.glossary, name="glossary"),
    path("<slug:game>/new/", views.whats_new, name="whats_new"),
    path("<slug:game>/new/feed.atom", feeds.WhatsNewFeed(), name="whats_new_feed"),
    path(
        "<slug:game>/preview/<slug:kind>/<str:key>/",
        previews.preview,
        name="preview",
    ),
    path("<slug:game>/search/", search_views.search_page, name="search"),
    path(
        "<slug:game>/search/suggestions/",
        search_views.SuggestionsView.as_view(),
        name="suggestions",
    ),
]
