"""Absolute links: to an object's API resource and to its web page.

Every serializer gets ``request`` and ``game`` in its context (the view's game,
already loaded), so links need no query per object: the game is attached to
the object before ``get_absolute_url()`` reads ``obj.game.slug``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model
from django.http import HttpRequest
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules.models import Game, Rule

NAMESPACE = "api-v1"


def origin(request: HttpRequest) -> str:
    """``scheme://host`` of the request, computed once per request."""
    cached: str | None = getattr(request, "_rulesite_origin", None)
    if cached is None:
        cached = f"{request.scheme}://{request.get_host()}"
        request._rulesite_origin = cached
    return cached


def api_url(request: HttpRequest, name: str, **kwargs: str) -> str:
    return origin(request) + reverse(f"{NAMESPACE}:{name}", kwargs=kwargs)


def web_url(request: HttpRequest, obj: Model, game: Game | None) -> str:
    if game is not None:
        share_game(obj, game)
    return origin(request) + str(obj.get_absolute_url())


def share_game(obj: Model, game: Game) -> None:
    """Attach the already loaded ``game`` to ``obj`` (and a rule's topic), whose
    page URLs read ``game.slug``, so building them makes no query."""
    if isinstance(obj, Rule):
        share_game(obj.topic, game)
    if getattr(obj, "game_id", None) == game.pk:
        obj.game = game


def detail_url(request: HttpRequest, obj: Model, game: Game | None) -> str:
    """The API URL of ``obj``: route ``<model>-detail`` of the game, by slug
    (by id for rules); a game's own route takes its slug."""
    if isinstance(obj, Game):
        return api_url(request, "game-detail", slug=obj.slug)
    assert game is not None, "objects of a game are serialized with the game"
    name = f"{obj._meta.model_name}-detail"
    if isinstance(obj, Rule):
        return api_url(request, name, game=game.slug, rule_id=obj.rule_id)
    return api_url(request, name, game=game.slug, slug=obj.slug)


@extend_schema_field(OpenApiTypes.URI)
class LinkField(serializers.Field):
    """An absolute URL computed from the whole object (``source="*"``)."""

    default_help_text = ""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", self.default_help_text or None)
        super().__init__(source="*", read_only=True, **kwargs)

    def link(self, request: HttpRequest, value: Any) -> str:
        raise NotImplementedError

    def to_representation(self, value: Any) -> str:
        return self.link(self.context["request"], value)


class DetailUrlField(LinkField):
    default_help_text = "Absolute URL of this object in the API."

    def link(self, request: HttpRequest, value: Any) -> str:
        return detail_url(request, value, self.context.get("game"))


class WebUrlField(LinkField):
    default_help_text = "Absolute URL of this object's web page."

    def link(self, request: HttpRequest, value: Any) -> str:
        return web_url(request, value, self.context.get("game"))


class GameLinkField(LinkField):
    """The absolute URL of one of a game's collections (route ``view_name``)."""

    def __init__(self, view_name: str, **kwargs: Any) -> None:
        self.view_name = view_name
        super().__init__(**kwargs)

    def link(self, request: HttpRequest, value: Any) -> str:
        return api_url(request, self.view_name, game=value.slug)
