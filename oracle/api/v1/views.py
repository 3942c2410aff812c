"""``POST /api/v1/<game>/oracle/run/``: run a scenario, answer the engine's
result and the permalink of the stored run.

Limits: a JSON body of at most 64 KiB (413), 8 players and 200 steps (400 from
the scenario parser), the engine's step and recursion budget (200 with
``ok: false`` and the guard's reason in ``error``), a per-client rate (429 with
``Retry-After``, scope ``oracle``).
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, HttpResponseBase
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from oracle.adapters import MAX_TEXT, NotImplementedCards, has_oracle, problem_list
from oracle.api.v1 import schema
from oracle.ask import ask
from oracle.engine import ScenarioError
from oracle.engine.core.errors import Unmodelled
from oracle.games.ti4.odds.read import CannotRetreat, NoCombatHere
from oracle.odds import BadOption, combat_odds, has_odds
from oracle.odds import options as odds_options
from oracle.slots import OracleBusy
from oracle.text_limits import MAX_DEPTH, json_too_deep
from rules.api.v1.errors import error_body
from rules.models import Game


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = f"The request body is over {MAX_TEXT // 1024} KiB."
    default_code = "too_large"


class Busy(exceptions.Throttled):
    default_detail = "The oracle is busy with other runs; try again in a moment."
    default_code = "busy"


class ScenarioParser(JSONParser):
    """DRF's JSON parser on at most ``MAX_TEXT`` bytes (refused before they are
    all read) nesting at most ``MAX_DEPTH`` levels."""

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        context = parser_context or {}
        request = context.get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        if length and length.isdigit() and int(length) > MAX_TEXT:
            raise PayloadTooLarge()
        body = stream.read(MAX_TEXT + 1) if stream is not None else b""
        if len(body) > MAX_TEXT:
            raise PayloadTooLarge()
        try:
            text = body.decode(get_encoding(context))
        except UnicodeDecodeError as error:
            raise exceptions.ParseError(f"JSON parse error - {error}") from None
        if (deep := json_too_deep(text)) is not None:
            raise exceptions.ParseError(
                f"The JSON nests deeper than {MAX_DEPTH} levels "
                f"(line {deep[0]}, column {deep[1]})."
            )
        try:
            return super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("The JSON is nested too deeply.") from None


def problem_response(code: str, message: str, details: list[Any]) -> Response:
    """A 400 in the API's error shape whose ``details`` lists the problems."""
    body = error_body(code, message)
    body["error"]["details"] = details
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


@schema.run
class RunView(APIView):
    parser_classes = [ScenarioParser]
    throttle_scope = "oracle"

    def post(self, request: Request, game: str) -> HttpResponseBase:
        if not has_oracle(game):
            raise _no_oracle(game)
        try:
            data = request.data
        except RequestDataTooBig:  # over Django's own limit, before the parser's
            raise PayloadTooLarge() from None
        except exceptions.ParseError as error:
            return problem_response(
                "invalid", "The body is not JSON.", [_problem("", str(error.detail))]
            )
        try:
            asked = ask(data, game)
        except NotImplementedCards as error:
            return problem_response(
                "not_implemented", error.message, problem_list(error)
            )
        except ScenarioError as error:
            return problem_response(
                "invalid", "The scenario is invalid; see details.", problem_list(error)
            )
        except Game.DoesNotExist:
            raise _no_oracle(game) from None
        except OracleBusy as busy:
            raise Busy(wait=busy.retry_after) from None
        # The stored JSON goes out as it is, with the permalink and the question
        # added: decoding and encoding the result again through DRF's renderer
        # cost a new run a fifth of its time (docs/DECISIONS.md).
        permalink = json.dumps(request.build_absolute_uri(asked.get_absolute_url()))
        question = json.dumps(asked.prepared.scenario.question, ensure_ascii=False)
        body = (
            f'{asked.result_json[:-1]},"permalink":{permalink},"question":{question}}}'
        )
        return HttpResponse(body.encode(), content_type="application/json")


def _no_oracle(game: str) -> exceptions.NotFound:
    return exceptions.NotFound(f"No oracle answers {game!r} scenarios.")


def _problem(pointer: str, message: str) -> dict[str, str]:
    return {"pointer": pointer, "message": message}


@schema.odds
class OddsView(APIView):
    """``POST /api/v1/<game>/oracle/odds/``: the odds of the space or ground
    combat a scenario ends in (``oracle.odds``); the run's limits, nothing
    stored."""

    parser_classes = [ScenarioParser]
    throttle_scope = "oracle"

    def post(self, request: Request, game: str) -> Response:
        if not has_odds(game):
            raise exceptions.NotFound(f"No combat odds for {game!r} scenarios.")
        try:
            chosen = odds_options(request.query_params)
        except BadOption as error:
            body = error_body("invalid", "Some parameters are invalid; see details.")
            body["error"]["details"] = error.details
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        try:
            data = request.data
        except RequestDataTooBig:
            raise PayloadTooLarge() from None
        except exceptions.ParseError as error:
            return problem_response(
                "invalid", "The body is not JSON.", [_problem("", str(error.detail))]
            )
        try:
            return Response(combat_odds(data, game, chosen))
        except ScenarioError as error:
            return _odds_refusal(error)
        except OracleBusy as busy:
            raise Busy(wait=busy.retry_after) from None


def _odds_refusal(error: ScenarioError) -> Response:
    problems = problem_list(error)
    if isinstance(error, NoCombatHere):
        message = "The scenario has no combat to compute; see details."
        return problem_response("no_combat", message, problems)
    if isinstance(error, NotImplementedCards):
        return problem_response("not_implemented", error.message, problems)
    if isinstance(error, CannotRetreat):
        message = "The attacker cannot retreat from this combat; see details."
        return problem_response("invalid", message, problems)
    unmodelled = [p for p in error.problems if isinstance(p, Unmodelled)]
    if unmodelled:
        message = (
            f"The combat odds cannot answer this scenario: {unmodelled[0].message}."
        )
        return problem_response("not_implemented", message, problems)
    return problem_response(
        "invalid", "The scenario is invalid; see details.", problems
    )
