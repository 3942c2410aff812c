"""Search endpoint of the API (placeholder until search lands)."""

from __future__ import annotations

from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response


@api_view(["GET"])
def search(request: Request, game: str) -> Response:
    return Response({"count": 0, "results": []})
