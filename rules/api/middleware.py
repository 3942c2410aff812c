"""Answer the content API's revalidations early.

An app polling the API sends ``If-None-Match`` with the ETag it holds and
mostly gets 304. That answer depends only on the URL, the game's content
version and, for one object, that it exists (``ConditionalContentMixin.revalidate``;
a request whose success only the view can tell, such as a list with query
parameters, is left to it), so this middleware gives it before the session,
CSRF, authentication and message middleware and the view machinery run: none
of them has anything to add to a 304 of a public read.
Every other request, and every conditional one the validators do not settle,
goes on through the stack unchanged, to the view that answers it in full.

It sits after the CORS middleware (revalidations from other origins need its
headers) and after the security headers and clickjacking middleware.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.urls import Resolver404, resolve

from rules.api.v1.views import ConditionalContentMixin
from rules.conditional import SAFE_METHODS, is_conditional

API_PREFIX = "/api/"


class ApiRevalidationMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if is_api_revalidation(request):
            early = early_answer(request)
            if early is not None:
                return early
        return self.get_response(request)


def is_api_revalidation(request: HttpRequest) -> bool:
    """A conditional GET or HEAD under ``/api/``."""
    return (
        request.method in SAFE_METHODS
        and request.path_info.startswith(API_PREFIX)
        and is_conditional(request)
    )


def early_answer(request: HttpRequest) -> HttpResponseBase | None:
    """The 304 or 412 that settles ``request`` when its view is a conditional
    content view, else None (the request then goes on to its view)."""
    try:
        match = resolve(request.path_info, getattr(request, "urlconf", None))
    except Resolver404:
        return None
    view_class = getattr(match.func, "cls", None)
    if not (
        isinstance(view_class, type) and issubclass(view_class, ConditionalContentMixin)
    ):
        return None
    _, early = view_class.revalidate(request, match.kwargs)
    return early
