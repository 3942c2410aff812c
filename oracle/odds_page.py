"""The combat odds page of a stored answer: ``/<game>/oracle/r/<hash>/odds/``,
a table of the odds of the space or ground combat its scenario ends in, with
the assumptions and their rules. Plain HTML: a GET form changes the policy."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_http_methods

from oracle.adapters import problem_list
from oracle.answers import rule_links
from oracle.engine import ScenarioError
from oracle.models import Run
from oracle.odds import POLICIES, BadOption, combat_odds, options
from oracle.slots import OracleBusy
from oracle.views import oracle_or_404, rate_limited
from rulesite.ratelimit import wait_for

RESULTS = (
    ("attacker_wins", "The attacker wins"),
    ("defender_wins", "The defender wins"),
    ("no_one_survives", "No one has ships left"),
    ("retreat", "A player retreats"),
)
#: A ground combat has no retreat (42.N6); winning it takes the planet.
GROUND_RESULTS = (
    ("attacker_wins", "The attacker wins and takes the planet"),
    ("defender_wins", "The defender wins"),
    ("no_one_survives", "No one has ground forces left"),
)


@require_http_methods(["GET", "HEAD"])
def odds_page(request: HttpRequest, game: str, hash: str) -> HttpResponse:
    game_obj, _ = oracle_or_404(game)
    if limited := rate_limited(request):
        return limited
    run = get_object_or_404(Run.objects.defer("result_json"), game=game_obj, hash=hash)
    context: dict[str, Any] = {
        "game": game_obj,
        "section": "oracle",
        "run": run,
        "policies": list(POLICIES),
        "policy": request.GET.get("policy", ""),
        "retreat_at": request.GET.get("retreat_at", ""),
    }
    status = 200
    try:
        chosen = options(request.GET)
        if (wait := wait_for(request, "web-oracle")) is not None:
            context["refusal"] = [f"Too many runs from here; try again in {wait} s."]
            status = 429
        else:
            context.update(_odds(game_obj, combat_odds(run.scenario, game, chosen)))
    except BadOption as error:
        context["refusal"] = [f"{k}: {' '.join(v)}" for k, v in error.details.items()]
        status = 400
    except ScenarioError as error:
        context["refusal"] = [p["message"] for p in problem_list(error)]
    except OracleBusy as busy:
        context["refusal"] = [f"The oracle is busy; try again in {busy.retry_after} s."]
        status = 429
    return render(request, "oracle/odds.html", context, status=status)


def _odds(game: Any, answer: dict[str, Any]) -> dict[str, Any]:
    links = rule_links(game, {r for a in answer["assumptions"] for r in a["rules"]})
    errors = answer["standard_error"] or {}
    labels = GROUND_RESULTS if answer["combat"]["kind"] == "ground" else RESULTS
    rows = [(label, answer["chances"][key], errors.get(key)) for key, label in labels]
    survivors = [
        (
            role,
            answer["combat"][role]["player"],
            unit,
            count,
            left,
            errors.get(f"{role}.{unit}"),
        )
        for role in ("attacker", "defender")
        for unit, count in answer["combat"][role]["ships"].items()
        for left in [answer["survivors"][role][unit]]
    ]
    assumptions = [
        (a["text"], [links[r] for r in a["rules"]]) for a in answer["assumptions"]
    ]
    return {
        "odds": answer,
        "rows": rows,
        "survivors": survivors,
        "assumptions": assumptions,
        "rounds_error": errors.get("rounds"),
    }
