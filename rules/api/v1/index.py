"""``GET /api/v1/``: the index of the API, so that a client can start from one
URL: every resource as a URI template, and each game's resources as links."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.models import Game

# Name, method, route (``{game}`` and ``{key}`` stand for path parameters), job.
RESOURCES = [
    ("games", "GET", "games/", "Every game, with its vocabularies and links."),
    ("game", "GET", "games/{game}/", "One game."),
    ("topics", "GET", "{game}/topics/", "Topics of the rules reference."),
    ("topic", "GET", "{game}/topics/{key}/", "One topic with its rules."),
    ("rules", "GET", "{game}/rules/", "Numbered rules and notes."),
    ("rule", "GET", "{game}/rules/{key}/", 'One rule by id ("2.4a").'),
    ("cards", "GET", "{game}/cards/", "Cards, filtered and sorted."),
    ("card", "GET", "{game}/cards/{key}/", "One card by slug."),
    ("card_search", "GET", "{game}/cards/search/", "Cards by words of their text."),
    ("card_named", "GET", "{game}/cards/named/", "One card by a name as typed."),
    ("terms", "GET", "{game}/terms/", "The glossary."),
    ("rulings", "GET", "{game}/rulings/", "Rulings, newest first."),
    ("ruling", "GET", "{game}/rulings/{key}/", "One ruling."),
    ("search", "GET", "{game}/search/", "Full-text search of everything."),
    ("bulk", "GET", "{game}/bulk/", "The whole content in one document."),
    ("oracle_run", "POST", "{game}/oracle/run/", "Run a scenario in the oracle."),
    ("oracle_odds", "POST", "{game}/oracle/odds/", "Odds of a scenario's combat."),
]
GAME_RESOURCES = [name for name, _, route, _ in RESOURCES if "{key}" not in route]

INDEX_EXAMPLE = {
    "version": "v1",
    "schema": "https://rulesite.example/api/v1/schema/",
    "docs": "https://rulesite.example/api/docs/",
    "resources": [
        {
            "name": "cards",
            "method": "GET",
            "url_template": "https://rulesite.example/api/v1/{game}/cards/",
            "description": "Cards, filtered and sorted.",
        }
    ],
    "games": {
        "ti4": {
            "name": "Twilight Imperium 4th Edition",
            "links": {"cards": "https://rulesite.example/api/v1/ti4/cards/"},
        }
    },
}


class IndexView(APIView):
    throttle_classes: list[Any] = []

    @extend_schema(
        tags=["index"],
        summary="Index of the API",
        description="Where everything is: the schema, the docs, each resource "
        "as a URI template (`{game}` is a game's slug, `{key}` an object's id), "
        "and each game's resources as links.",
        responses={
            200: inline_serializer(
                "ApiIndex",
                {
                    "version": serializers.CharField(),
                    "schema": serializers.URLField(),
                    "docs": serializers.URLField(),
                    "resources": serializers.ListField(child=serializers.DictField()),
                    "games": serializers.DictField(),
                },
            )
        },
        examples=[OpenApiExample("index", value=INDEX_EXAMPLE, response_only=True)],
    )
    def get(self, request: Request) -> Response:
        base = request.build_absolute_uri(reverse("api-v1:index"))
        games = {
            game.slug: {"name": game.name, "links": _links(base, game.slug)}
            for game in Game.objects.order_by("slug").only("slug", "name")
        }
        body = {
            "version": "v1",
            "schema": request.build_absolute_uri(reverse("api-schema")),
            "docs": request.build_absolute_uri(reverse("api-docs")),
            "resources": [
                {
                    "name": name,
                    "method": method,
                    "url_template": base + route,
                    "description": description,
                }
                for name, method, route, description in RESOURCES
            ],
            "games": games,
        }
        return Response(body, headers={"Cache-Control": "public, max-age=300"})


def _links(base: str, slug: str) -> dict[str, str]:
    routes = {name: route for name, _, route, _ in RESOURCES}
    return {
        name: base + routes[name].replace("{game}", slug) for name in GAME_RESOURCES
    }
