"""Pages of the oracle: the scenario editor and the stored answers
(permalinks). Both work without JavaScript: the editor is a plain form POST."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from oracle.adapters import (
    NotImplementedCards,
    TextError,
    dump_text,
    line_of,
    load_text,
    prepare,
    unwrap_scenario,
)
from oracle.agreement import ruling_agreement
from oracle.answers import (
    Answer,
    LogView,
    StepView,
    card_links,
    cited_ids,
    link_cards,
    present,
    rule_links,
)
from oracle.ask import Asked, ask, refresh
from oracle.board_rows import known_planets
from oracle.engine import ScenarioError, get_pack
from oracle.engine.core.errors import Problem
from oracle.engine.core.pack import Pack
from oracle.examples import example, examples
from oracle.folding import MAX_SHOWN, fold
from oracle.forms import Builder, PasteForm, Rows, build, rows_for
from oracle.games.ti4.data import UNITS
from oracle.models import Run
from oracle.odds import odds_url
from oracle.prefill import card_prefill
from oracle.related import Clues, matching_rulings
from oracle.slots import OracleBusy
from rules.ids import rule_sort_key
from rules.models import Card, Game, Ruling
from rulesite.ratelimit import wait_for

logger = logging.getLogger(__name__)


def oracle_or_404(game: str) -> tuple[Game, Pack]:
    game_obj = get_object_or_404(Game, slug=game)
    try:
        return game_obj, get_pack(game)
    except KeyError:
        raise Http404(f"No oracle answers {game!r} scenarios.") from None


@dataclass
class Editor:
    """Everything the editor page shows."""

    builder: Builder
    paste: PasteForm
    paste_open: bool = False
    notices: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    paste_problems: list[tuple[int | None, str, str]] = field(default_factory=list)
    #: The empty editor offers the examples to start from.
    show_examples: bool = False


@require_http_methods(["GET", "HEAD", "POST"])
def editor(request: HttpRequest, game: str) -> HttpResponse:
    """Build a scenario (or paste one) and run it; a run redirects to its page.

    ``?card=<slug>`` opens a scenario for that card, ``?from=<hash>`` a stored
    run's scenario ("continue from here"), ``?ruling=<slug>`` a ruling's,
    ``?example=<slug>`` one of the examples to start from.
    """
    game_obj, pack = oracle_or_404(game)
    if request.method != "POST":
        if OPENING & request.GET.keys() and (limited := rate_limited(request)):
            return limited
        return _page(request, game_obj, pack, _opened(request, game_obj, pack))
    if "more" in request.POST:
        return _more_rows(request, game_obj, pack)
    if (wait := wait_for(request, "web-oracle")) is not None:
        pasted = request.POST.get("mode") == "paste"
        page = Editor(
            Builder(pack, None if pasted else request.POST, _default_rows(pack)),
            PasteForm(request.POST) if pasted else PasteForm(),
            paste_open=pasted,
        )
        page.errors.append(f"Too many runs from here; try again in {wait} s.")
        response = _page(request, game_obj, pack, page, status=429)
        response["Retry-After"] = str(wait)
        return response
    if request.POST.get("mode") == "paste":
        return _submit_paste(request, game_obj, pack)
    return _submit_builder(request, game_obj, pack)


#: Query parameters that make the editor open a scenario (card, stored run,
#: ruling): work for the server, so such pages count toward a rate limit.
OPENING = frozenset({"card", "from", "ruling"})


def rate_limited(request: HttpRequest) -> HttpResponse | None:
    """A 429 page when the client opened too many computed oracle pages (scope
    ``web-oracle-pages``): cache misses only, as the page cache answers before
    the view runs."""
    wait = wait_for(request, "web-oracle-pages")
    if wait is None:
        return None
    response = render(request, "oracle/limited.html", {"wait": wait}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _opened(request: HttpRequest, game: Game, pack: Pack) -> Editor:
    found, notices = _requested_scenario(request, game, pack)
    if found is None:
        return Editor(
            Builder(pack, rows=_default_rows(pack)),
            PasteForm(),
            notices=notices,
            show_examples=not notices,
        )
    rows: Rows | None = found if isinstance(found, Rows) else None
    data = build(pack.slug, found).data if rows is not None else found
    if rows is None:
        rows = rows_for(found, game.slug)
    page = Editor(
        Builder(pack, rows=rows or _default_rows(pack)),
        PasteForm(initial={"text": dump_text(_canonical(data, game.slug))}),
        paste_open=rows is None,
        notices=notices,
    )
    if rows is None:
        page.notices.append(
            "This scenario uses more than the builder can show: edit it as text."
        )
    return page


def _canonical(data: Any, game: str) -> Any:
    """The scenario in the engine's order when it is valid, else as it is."""
    try:
        return prepare(data, game).canonical
    except ScenarioError:
        return data


def _requested_scenario(
    request: HttpRequest, game: Game, pack: Pack
) -> tuple[Any, list[str]]:
    if card := request.GET.get("card"):
        return _card_scenario(game, pack, card)
    if slug := request.GET.get("example"):
        found = example(game.slug, slug)
        if found is None:
            return None, [f"There is no example “{slug}”."]
        return found.scenario, [f"Example: {found.summary}"]
    if wanted := request.GET.get("from"):
        run = Run.objects.filter(game=game, hash=wanted).first()
        if run is None:
            return None, ["No stored run has that link."]
        return run.scenario, []
    if slug := request.GET.get("ruling"):
        ruling = Ruling.objects.filter(game=game, slug=slug).first()
        if ruling is None:
            return None, [f"There is no ruling “{slug}”."]
        if ruling.scenario is None:
            return None, ["That ruling has no scenario."]
        return ruling.scenario, [f"The scenario of the ruling “{ruling.question}”."]
    return None, []


def _card_scenario(game: Game, pack: Pack, card: str) -> tuple[Any, list[str]]:
    """What ``?card=`` opens: the card at work, or why the oracle cannot."""
    if not pack.has_card(card):
        listed = Card.objects.filter(game=game, slug=card).first()
        if listed is not None:  # in the reference, not (yet) in the pack
            return None, [
                f"The {pack.name} oracle does not implement {listed.name} yet."
            ]
        return None, [f"The {pack.name} oracle does not know the card {card!r}."]
    notices = []
    if card not in pack.implemented_cards():
        notices.append(
            f"The {pack.name} oracle does not implement "
            f"{pack.card(card).name} yet: running it will say so."
        )
    prefill = card_prefill(game, pack, card)
    return prefill.scenario, notices + prefill.notices


def _default_rows(pack: Pack) -> Rows:
    phase = "action" if "action" in pack.phases else pack.first_phase()
    # A game's action deck is never empty at the start: a draw in a new
    # question finds cards unless the judge unticks the box.
    return Rows(
        {"phase": phase, "active_player": "Alice", "fill_deck": True},
        [{"name": "Alice"}, {"name": "Bob"}],
        [],
    )


def _more_rows(request: HttpRequest, game: Game, pack: Pack) -> HttpResponse:
    """Without JavaScript: the same builder with more empty rows."""
    data = request.POST.copy()
    builder = Builder(pack)
    for prefix, more in MORE_ROWS.items():
        form_class = builder.formsets[prefix].form
        key = f"{prefix}-TOTAL_FORMS"
        count = data.get(key, "0")
        start = int(count) if count.isdigit() else 0
        data[key] = str(start + more)
        data.setdefault(f"{prefix}-INITIAL_FORMS", "0")
        # A new row posts what a browser posts for an untouched row: a select
        # always sends its choice. Without it the step's "Does" would differ
        # from its initial "play", the blank row would count as changed and be
        # validated, and show "This field is required".
        for index in range(start, start + more):
            for name, form_field in form_class.base_fields.items():
                if form_field.initial is not None:
                    data.setdefault(f"{prefix}-{index}-{name}", str(form_field.initial))
    return _page(request, game, pack, Editor(Builder(pack, data), PasteForm()))


#: How many empty rows "More rows" adds to each part of the builder.
MORE_ROWS = {"players": 1, "systems": 1, "planets": 2, "units": 2, "steps": 3}


def _submit_builder(request: HttpRequest, game: Game, pack: Pack) -> HttpResponse:
    builder = Builder(pack, request.POST, planets=known_planets(game))
    page = Editor(builder, PasteForm())
    if not builder.is_valid():
        # One round of errors: what the scenario parser finds in the values
        # the forms accepted is shown beside them now, not after the next
        # submission.
        if builder.rows_complete():
            try:
                prepare(builder.scenario(), game.slug)
            except ScenarioError as error:
                builder.add_problems(error.problems)
            except Exception:  # a parser bug: the forms' own errors still show
                logger.exception("The oracle failed to parse a builder scenario")
        return _page(request, game, pack, page, status=400)
    data = builder.scenario()
    page.paste = PasteForm(initial={"text": dump_text(data)})
    outcome = _run(game, data)
    if isinstance(outcome, Asked):
        return redirect(outcome.get_absolute_url())
    _refused(page, outcome)
    builder.add_problems(outcome.problems)
    return _refusal_page(request, game, pack, page, outcome)


def _submit_paste(request: HttpRequest, game: Game, pack: Pack) -> HttpResponse:
    paste = PasteForm(request.POST)
    page = Editor(Builder(pack, rows=_default_rows(pack)), paste, paste_open=True)
    if not paste.is_valid():
        return _page(request, game, pack, page, status=400)
    text = paste.cleaned_data["text"]
    try:
        data = load_text(text)
    except TextError as error:
        where = f"line {error.line}: " if error.line else ""
        paste.add_error("text", f"{where}{error.message}")
        return _page(request, game, pack, page, status=400)
    data, prefix = unwrap_scenario(data)
    outcome = _run(game, data)
    if isinstance(outcome, Asked):
        return redirect(outcome.get_absolute_url())
    _refused(page, outcome)
    page.paste_problems = [
        (line_of(text, prefix + p.path), prefix + p.path or "/", p.message)
        for p in outcome.problems
    ]
    return _refusal_page(request, game, pack, page, outcome)


def _refusal_page(
    request: HttpRequest, game: Game, pack: Pack, page: Editor, error: ScenarioError
) -> HttpResponse:
    """The editor again with why the scenario was not run: a 400, or a 429
    when the oracle is busy."""
    if not isinstance(error, Busy):
        return _page(request, game, pack, page, status=400)
    response = _page(request, game, pack, page, status=429)
    response["Retry-After"] = str(OracleBusy.retry_after)
    return response


class Busy(ScenarioError):
    """Every oracle slot of the node is taken (oracle/slots.py)."""


def _refused(page: Editor, error: ScenarioError) -> None:
    if isinstance(error, Busy):
        page.errors.append("The oracle is busy with other runs; try again in a moment.")
    elif isinstance(error, NotImplementedCards):
        page.errors.append(error.message)
    else:
        count = len(error.problems)
        page.errors.append(
            f"The scenario has {count} problem{'s' * (count != 1)}; see below."
        )


def _run(game: Game, data: object) -> Asked | ScenarioError:
    try:
        return ask(data, game.slug)
    except ScenarioError as error:
        return error
    except OracleBusy:
        return Busy([])
    except Exception:  # an engine bug: say so on the page, keep the traceback
        logger.exception("The oracle failed on a scenario")
        return ScenarioError(
            [Problem("", "the engine failed on this scenario; this is a bug")]
        )


def _page(
    request: HttpRequest, game: Game, pack: Pack, page: Editor, status: int = 200
) -> HttpResponse:
    context = {
        "game": game,
        "section": "oracle",
        "pack": pack,
        "page": page,
        "builder": page.builder,
        "cards": _choices(pack, ("action",)),
        "all_cards": _choices(pack, ()),
        "technologies": _choices(pack, ("technology",)),
        "laws": _choices(pack, ("law",)),
        "strategy_cards": _choices(pack, ("strategy",)),
        "planets": known_planets(game).values(),
        # The builder writes TI4 boards (oracle.board_rows).
        "units": UNITS if pack.slug == "ti4" else (),
        "examples": examples(game.slug) if page.show_examples else (),
        "api_url": reverse("oracle-api-v1:run", args=[game.slug]),
        "help_url": reverse("oracle:help", args=[game.slug]),
    }
    return render(request, "oracle/editor.html", context, status=status)


def _choices(pack: Pack, types: tuple[str, ...]) -> list[tuple[str, str]]:
    implemented = pack.implemented_cards()
    return sorted(
        (
            definition.slug,
            definition.name
            + ("" if definition.slug in implemented else " (not implemented)"),
        )
        for definition in pack.cards.values()
        if not types or definition.type in types
    )


@require_http_methods(["GET", "HEAD"])
def help_page(request: HttpRequest, game: str) -> HttpResponse:
    """How to ask the oracle a question, with the builder or as text."""
    game_obj, pack = oracle_or_404(game)
    context = {
        "game": game_obj,
        "section": "oracle",
        "pack": pack,
        "phases": list(pack.phases),
        "examples": examples(game_obj.slug),
        "api_url": reverse("oracle-api-v1:run", args=[game_obj.slug]),
    }
    return render(request, "oracle/help.html", context)


@require_http_methods(["GET", "HEAD"])
def run_page(request: HttpRequest, game: str, hash: str) -> HttpResponse:
    """A stored answer; run again first when another engine version gave it."""
    game_obj, pack = oracle_or_404(game)
    if limited := rate_limited(request):
        return limited
    # The size first: a result too large to show is never read.
    runs = Run.objects.defer("result_json")
    run = get_object_or_404(runs, game=game_obj, hash=hash)
    if run.result_size > MAX_SHOWN:
        return _too_large(request, game_obj, run)
    rerun, invalid = None, None
    try:
        rerun = refresh(run)
    except ScenarioError as error:
        invalid = error
    scenario = _canonical(run.scenario, game)
    cited = cited_ids(run.result)
    links = rule_links(game_obj, cited)
    answer = present(pack, scenario, run.result, links)
    cards = card_links(game_obj, pack, answer.cards)
    link_cards(answer, cards)
    moments = timeline(answer, stepped=_is_stepped(run.result))
    state_json = _pretty(run.result.get("state", {}))
    folded = fold(answer, moments, state_json)
    context = {
        "game": game_obj,
        "section": "oracle",
        "run": run,
        "answer": answer,
        "cards": cards,
        "rules": [links[rule_id] for rule_id in sorted(cited, key=rule_sort_key)],
        "rulings": matching_rulings(game_obj, scenario, _clues(answer, cited)),
        "rerun": rerun,
        "invalid": invalid,
        "timeline": moments,
        "folded": folded,
        "scenario_text": dump_text(scenario),
        "continue_url": reverse("oracle:editor", args=[game]) + f"?from={run.hash}",
        "state_json": "" if folded.state else state_json,
        "api_url": reverse("oracle-api-v1:run", args=[game]),
        "odds_url": odds_url(game, run.hash, scenario),
        "ruling_agreement": ruling_agreement(game_obj, scenario, run.result, answer),
    }
    return render(request, "oracle/run.html", context)


def _clues(answer: Answer, cited: set[str]) -> Clues:
    """What the answer rests on, to find the closest rulings by."""
    refused = [step for step in answer.steps if step.status != "accepted"]
    return Clues(
        cards=frozenset(answer.cards),
        rules=frozenset(cited),
        key_cards=frozenset(step.card for step in refused if step.card),
        key_rules=frozenset(link.id for step in refused for link in step.rules),
    )


def _too_large(request: HttpRequest, game: Game, run: Run) -> HttpResponse:
    """The summary of a stored run whose result is too large to show (stored
    before results were bounded): reading it would cost far more than a page
    may."""
    scenario = run.scenario if isinstance(run.scenario, dict) else {}
    players = [
        str(p.get("name")) for p in scenario.get("players", []) if isinstance(p, dict)
    ]
    context = {
        "game": game,
        "section": "oracle",
        "run": run,
        "players": players,
        "steps": len(scenario.get("steps", []) or []),
        "scenario_text": dump_text(scenario),
        "limit": MAX_SHOWN,
    }
    return render(request, "oracle/run_too_large.html", context)


@dataclass
class Moment:
    """One group of the answer's timeline: a step with the log entries it
    caused, or the rules-driven entries of the set-up or between steps.
    ``continued`` marks a step's entries that resume after rules-driven ones."""

    title: str
    step: StepView | None = None
    entries: list[LogView] = field(default_factory=list)
    continued: bool = False


def timeline(answer: Answer, *, stepped: bool = True) -> list[Moment]:
    """The log grouped under the step that caused each entry, in log order;
    steps that logged nothing keep their place. A log whose entries do not say
    their step (``stepped`` false: engines before 2.0) comes first, whole."""
    if not stepped:
        whole = [Moment("The whole log", None, list(answer.log))] if answer.log else []
        return whole + [_step_moment(step) for step in answer.steps]
    steps = {step.number: step for step in answer.steps}
    waiting = sorted(steps)
    moments: list[Moment] = []
    for entry in answer.log:
        number = entry.step
        step = steps.get(number) if isinstance(number, int) else None
        while step is not None and waiting and waiting[0] <= step.number:
            moments.append(_step_moment(steps[waiting.pop(0)]))
        last = moments[-1] if moments else None
        if last is not None and last.step is step:
            last.entries.append(entry)
        elif step is None:
            moments.append(Moment("Between steps", None, [entry]))
        else:  # the step's entries resume after rules-driven ones
            moments.append(
                Moment(f"Step {step.number}, continued", step, [entry], True)
            )
    moments += [_step_moment(steps[number]) for number in waiting]
    _name_rules_groups(moments)
    return moments


def _is_stepped(result: Mapping[str, Any]) -> bool:
    """Whether the log entries say which step caused them (engine 2.0 on)."""
    return all("step" in entry for entry in result.get("log", []))


def _step_moment(step: StepView) -> Moment:
    return Moment(f"Step {step.number}: {step.text} — {step.status}", step)


def _name_rules_groups(moments: list[Moment]) -> None:
    """Rules-driven groups before any step are the set-up; after every step,
    what follows the last one."""
    placed = [index for index, moment in enumerate(moments) if moment.step]
    for index, moment in enumerate(moments):
        if moment.step is not None:
            continue
        if not placed or index < placed[0]:
            moment.title = "Set-up"
        elif index > placed[-1]:
            moment.title = "After the last step"


def _pretty(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)
