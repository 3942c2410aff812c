"""Page-number pagination: ``count``, ``next``, ``previous``, ``results``."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

PAGE_SIZE = 50
MAX_PAGE_SIZE = 200
MAX_PAGE = 999_999_999  # nine digits: longer numbers are refused unread


class ContentPagination(PageNumberPagination):
    """``?page=`` (from 1) and ``?page_size=`` (1 to 200, default 50).

    A malformed or out-of-bounds number is a 400 naming the parameter, so a
    client learns the limit instead of silently getting fewer results; a page
    past the last one is a 404.
    """

    page_size = PAGE_SIZE
    max_page_size = MAX_PAGE_SIZE
    page_size_query_param = "page_size"
    invalid_page_message = "Page {page_number} is past the last page."
    template = None

    def get_page_size(self, request: Request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        return _bounded(self.page_size_query_param, raw, self.max_page_size)

    def get_page_number(self, request: Request, paginator: Any) -> int:
        raw = request.query_params.get(self.page_query_param)
        return 1 if raw is None else _bounded(self.page_query_param, raw, None)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            schema = parameter["schema"]
            schema["minimum"] = 1
            schema["maximum"] = MAX_PAGE
            if parameter["name"] == self.page_size_query_param:
                schema["maximum"] = self.max_page_size
                schema["default"] = self.page_size
                parameter["description"] = (
                    f"Results per page, 1 to {self.max_page_size} "
                    f"(default {self.page_size})."
                )
        return parameters

    def get_paginated_response_schema(self, schema: Any) -> dict[str, Any]:
        response = super().get_paginated_response_schema(schema)
        properties = response["properties"]
        response["required"] = ["count", "next", "previous", "results"]
        properties["next"]["example"] = (
            "https://rulesite.example/api/v1/ti4/cards/?page=3"
        )
        properties["previous"]["example"] = (
            "https://rulesite.example/api/v1/ti4/cards/?page=1"
        )
        return response


def _bounded(name: str, raw: str, maximum: int | None) -> int:
    # Length first: int() of thousands of digits is slow, then refused by Python.
    if len(raw) > 9 or not raw.isascii() or not raw.isdigit() or int(raw) < 1:
        raise ValidationError({name: [f"Must be a whole number from 1 to {MAX_PAGE}."]})
    value = int(raw)
    if maximum is not None and value > maximum:
        raise ValidationError({name: [f"Must be at most {maximum}."]})
    return value
