"""The one error shape of the API: ``{"error": {"code", "message", "details"}}``.

DRF exceptions reach :func:`exception_handler` (set as ``EXCEPTION_HANDLER``);
unknown paths under ``/api/v1/`` reach :class:`NotFoundView` (the last route of
``rules.api.v1.urls``); code outside DRF uses :func:`error_response`.
"""

from __future__ import annotations

import logging
from typing import Any

from django.http import Http404, HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)


def error_body(
    code: str, message: str, details: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details or {}}}


def error_response(
    status_code: int, code: str, message: str, details: dict[str, Any] | None = None
) -> JsonResponse:
    """An error in the API's shape for code that runs outside DRF."""
    return JsonResponse(error_body(code, message, details), status=status_code)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """DRF's handler (status, Allow, Retry-After headers), reshaped; anything
    unexpected becomes a logged 500 in the same shape, never an HTML page."""
    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled error in API view %s", context.get("view"))
        return Response(
            error_body("server_error", "The server failed to answer this request."),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    response.data = error_body(*_describe(exc, context))
    return response


def _describe(
    exc: Exception, context: dict[str, Any]
) -> tuple[str, str, dict[str, Any]]:
    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail
        fields = detail if isinstance(detail, dict) else {"non_field_errors": detail}
        return "invalid", "Some parameters are invalid; see details.", fields
    assert isinstance(exc, exceptions.APIException)
    # An exception may carry details of its own (the candidates of an ambiguous name).
    details: dict[str, Any] = dict(getattr(exc, "details", {}))
    if isinstance(exc, exceptions.MethodNotAllowed):
        view = context.get("view")
        details["allowed"] = list(getattr(view, "allowed_methods", []))
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        details["retry_after"] = int(exc.wait)
    return str(exc.default_code), str(exc.detail), details


@extend_schema(exclude=True)
class NotFoundView(APIView):
    """Every path under /api/v1/ that no route matches: a 404 in the API's shape
    for any method, with a hint when only the trailing slash is missing."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        raise exceptions.NotFound(_not_found_message(request._request))

    def options(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise exceptions.NotFound(_not_found_message(request._request))

    def http_method_not_allowed(
        self, request: Request, *args: Any, **kwargs: Any
    ) -> Response:
        raise exceptions.NotFound(_not_found_message(request._request))


def _not_found_message(request: HttpRequest) -> str:
    message = f"No API endpoint at {request.path}."
    if not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            return message
        if getattr(match.func, "cls", None) is not NotFoundView:
            return f"{message} Did you mean {request.path}/ ?"
    return message


def not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """A plain Django view in the API's shape, for a root ``handler404`` or an
    ``/api/`` catch-all outside this version's URLconf."""
    return error_response(404, "not_found", _not_found_message(request))


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(
        help_text="Stable machine-readable code: invalid, not_found, "
        "method_not_allowed, throttled, not_acceptable, server_error…"
    )
    message = serializers.CharField(help_text="A sentence for humans.")
    details = serializers.DictField(
        help_text="Per-parameter messages for `invalid`; `allowed` methods for "
        "`method_not_allowed`; `retry_after` seconds for `throttled`."
    )


class ErrorSerializer(serializers.Serializer):
    """Schema of every error body (documentation only)."""

    error = ErrorDetailSerializer()
