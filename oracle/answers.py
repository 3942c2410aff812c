"""What pages and the command line show of an oracle result: a verdict line,
the steps, decision points, log and final state, every rule id with its page."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from oracle.adapters import canonical_json, card_name
from oracle.engine.core.pack import Pack
from oracle.verdicts import (
    Sentence,
    StepFacts,
    assumptions,
    clause,
    run_sentence,
    shown,
    step_sentence,
    window_title,
)
from rules.models import Card, Game, Rule
from rules.text import plain_text


@dataclass(frozen=True)
class RuleLink:
    """A cited rule id with its page, when the game's content has it."""

    id: str
    url: str | None = None
    title: str = ""


def rule_links(game: Game, ids: Iterable[str]) -> dict[str, RuleLink]:
    """Every cited id with the URL of ``/<game>/rules/<id>/`` (one query)."""
    wanted = set(ids)
    rows = Rule.objects.filter(game=game, rule_id__in=wanted).select_related("topic")
    found = {
        rule.rule_id: RuleLink(
            rule.rule_id,
            reverse("rules:rule", args=[game.slug, rule.rule_id]),
            f"Rule {rule.rule_id} ({rule.topic.title})",
        )
        for rule in rows
    }
    return {rule_id: found.get(rule_id, RuleLink(rule_id)) for rule_id in wanted}


@dataclass(frozen=True)
class CardLink:
    """A card of the answer with its page and its summary in the site's own
    words (timing, then effect)."""

    slug: str
    name: str
    url: str | None = None
    summary: str = ""


def card_links(game: Game, pack: Pack, slugs: Iterable[str]) -> list[CardLink]:
    """The cards ``slugs`` names, in that order, with their pages (one query);
    a card the reference lacks keeps the pack's name and no page."""
    wanted = list(dict.fromkeys(slugs))
    rows = Card.objects.filter(game=game, slug__in=wanted).only(
        "slug", "name", "timing_html", "effect_html", "game"
    )
    found = {
        card.slug: CardLink(
            card.slug,
            card.name,
            reverse("rules:card", args=[game.slug, card.slug]),
            _summary(card),
        )
        for card in rows
    }
    return [found.get(slug) or CardLink(slug, card_name(pack, slug)) for slug in wanted]


def _summary(card: Card) -> str:
    timing = plain_text(card.timing_html)
    effect = plain_text(card.effect_html)
    return f"{timing} — {effect}" if timing else effect


def cited_ids(result: Mapping[str, Any]) -> set[str]:
    """Every rule id a result cites (steps and log)."""
    ids: set[str] = set()
    for item in [*result.get("steps", []), *result.get("log", [])]:
        ids.update(item.get("rules", []))
    return ids


@dataclass(frozen=True)
class Verdict:
    """The first line of an answer: ``outcome`` is accepted, rejected, stopped,
    failed (an expectation did not hold) or empty (no steps)."""

    outcome: str
    text: str
    rules: tuple[RuleLink, ...] = ()

    @property
    def label(self) -> str:
        return {
            "accepted": "Accepted",
            "rejected": "Rejected",
            "stopped": "Stopped",
            "failed": "Expectation failed",
            "empty": "Set up",
        }[self.outcome]

    def line(self) -> str:
        """The verdict as one line of plain text."""
        ids = [link.id for link in self.rules]
        cited = ""
        if ids:
            cited = (
                f" — rule {ids[0]}" if len(ids) == 1 else f" — rules {', '.join(ids)}"
            )
        return f"{self.label}: {self.text}{cited}"


@dataclass
class StepView:
    number: int
    text: str
    status: str
    reason: str | None
    rules: list[RuleLink]
    decisions: list[DecisionView] = field(default_factory=list)
    sentence: Sentence | None = None
    card: str | None = None  # the slug of the card the step plays or uses
    #: The card a refusal depends on, quoted on the page (``link_cards``).
    quoted: CardLink | None = None


@dataclass(frozen=True)
class DecisionView:
    """A decision point; ``title`` says in words what the player could do
    (``window`` is the engine's id, for the API and tests)."""

    step: int | None
    player: str
    window: str
    options: list[str]
    title: str = ""
    prompt: str = ""  # the text the player is shown; none for a response window


@dataclass(frozen=True)
class LogView:
    seq: int
    player: str | None
    message: str
    event: str | None
    rules: list[RuleLink]
    step: int | None = None  # 1-based, as StepView.number; None: set-up


@dataclass(frozen=True)
class ExpectView:
    text: str
    passed: bool
    actual: str


@dataclass
class Answer:
    """A result as pages and the command line present it."""

    verdict: Verdict
    steps: list[StepView]
    decisions: list[DecisionView]
    log: list[LogView]
    expectations: list[ExpectView]
    clock: list[tuple[str, str]]
    players: list[tuple[str, list[Item]]]
    board: list[Item]
    error: str | None = None
    lead: Sentence | None = None
    lead_rules: list[RuleLink] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    question: str | None = None
    cards: list[str] = field(default_factory=list)  # slugs, in order of appearance

    @property
    def failing(self) -> int:
        """How many of the scenario's expectations do not hold."""
        return sum(not item.passed for item in self.expectations)


def present(
    pack: Pack,
    scenario: Mapping[str, Any],
    result: Mapping[str, Any],
    links: Mapping[str, RuleLink] | None = None,
) -> Answer:
    """Build the answer of ``result`` for ``scenario`` (its canonical mapping)."""
    known = links or {}

    def cite(ids: Iterable[str]) -> list[RuleLink]:
        return [known.get(i, RuleLink(i)) for i in ids]

    raw_steps = scenario.get("steps", [])
    facts = {
        s["index"]: StepFacts(raw_steps[s["index"]], s)
        for s in result.get("steps", [])
        if s["index"] < len(raw_steps)
    }
    decisions = [
        DecisionView(
            d["at"] + 1 if isinstance(d.get("at"), int) and d["at"] >= 0 else None,
            d["player"],
            d["window"],
            [shown(pack, o) for o in d["options"]],
            window_title(pack, d["window"], facts.get(d.get("at", -1))),
            str(d.get("prompt", "")),
        )
        for d in result.get("decisions", [])
    ]
    steps = [
        StepView(
            s["index"] + 1,
            describe_step(pack, raw_steps[s["index"]])
            if s["index"] < len(raw_steps)
            else f"step {s['index'] + 1}",
            s["status"],
            s.get("reason"),
            cite(s.get("rules", [])),
            [d for d in decisions if d.step == s["index"] + 1],
            _sentence(pack, facts, s["index"]),
            s.get("card"),
        )
        for s in result.get("steps", [])
    ]
    sentences = [s.sentence for s in steps if s.sentence is not None]
    lead = (
        run_sentence(result["verdict"], sentences, result.get("error"))
        if "verdict" in result
        else None
    )
    state = result.get("state", {})
    stocks = pack.stock_zones
    return Answer(
        verdict=verdict(result, steps),
        steps=steps,
        decisions=decisions,
        log=[
            LogView(
                e["seq"],
                e["player"],
                e["message"],
                e["event"],
                cite(e["rules"]),
                e["step"] + 1 if isinstance(e.get("step"), int) else None,
            )
            for e in result.get("log", [])
        ],
        expectations=[_expectation(e) for e in result.get("expect", [])],
        clock=[
            (key.replace("_", " "), str(state[key]))
            for key in ("phase", "round", "turn", "active_player")
            if state.get(key) not in (None, "")
        ],
        players=[
            (
                name,
                _items(pack, data, skip=("seat",), always=("hand",), stocks=stocks),
            )
            for name, data in state.get("players", {}).items()
        ],
        board=_items(pack, _board(state, stocks), stocks=stocks),
        error=result.get("error"),
        lead=lead,
        lead_rules=cite(lead.rules) if lead is not None else [],
        assumptions=assumptions(pack, scenario, result),
        question=scenario.get("question"),
        cards=cards_involved(result),
    )


def link_cards(answer: Answer, links: Iterable[CardLink]) -> None:
    """Quote, under each refused step, the card it tried to play."""
    found = {link.slug: link for link in links}
    for step in answer.steps:
        if step.status != "accepted" and step.card in found:
            step.quoted = found[step.card]


def _sentence(
    pack: Pack, facts: Mapping[int, StepFacts], index: int
) -> Sentence | None:
    """The step's verdict sentence; None for a result from an engine before
    verdicts (3.3), which a page shows as it did."""
    if index not in facts or "verdict" not in facts[index].outcome:
        return None
    return step_sentence(pack, facts[index], facts.get(index - 1))


def cards_involved(result: Mapping[str, Any]) -> list[str]:
    """The slugs of the cards the steps played and the log names, in order."""
    slugs = [s.get("card") for s in result.get("steps", [])]
    for entry in result.get("log", []):
        slugs.extend(entry.get("card_slugs", []))
    return [slug for slug in dict.fromkeys(slugs) if slug]


def _board(state: Mapping[str, Any], stocks: frozenset[str]) -> dict[str, Any]:
    """The shared zones over the pack's board report, except a stock zone the
    board lists itself: its counts come in slug order, the board's list in the
    order players see (TI4's strategy area, by initiative)."""
    board = state.get("board", {})
    zones = {
        key: value
        for key, value in state.get("zones", {}).items()
        if not (key in stocks and key in board)
    }
    return {**board, **zones}


def verdict(result: Mapping[str, Any], steps: Sequence[StepView]) -> Verdict:
    """Accepted, rejected (the first refusal, its rules), stopped or failed."""
    rejected = [s for s in steps if s.status != "accepted"]
    failed = [e for e in result.get("expect", []) if not e.get("passed")]
    if result.get("error"):
        return Verdict("stopped", str(result["error"]))
    if rejected:
        first = rejected[0]
        where = f" (step {first.number} of {len(steps)})" if len(steps) > 1 else ""
        more = len(rejected) - 1
        also = f"; {more} more step{'s' if more > 1 else ''} rejected" if more else ""
        reason = first.reason or "the step was refused"
        return Verdict("rejected", f"{reason}{where}{also}", tuple(first.rules))
    if failed:
        total = len(result.get("expect", []))
        share = f" ({len(failed)} of {total} fail)" if total > 1 else ""
        return Verdict("failed", f"{_expect_text(failed[0])} does not hold{share}")
    if not steps:
        return Verdict("empty", "no steps to run; the final state is the set-up")
    count = "the only step" if len(steps) == 1 else f"all {len(steps)} steps"
    return Verdict("accepted", count)


def describe_step(pack: Pack, step: Mapping[str, Any]) -> str:
    """``Alice plays Spy targeting Bob``: a step in the log's language."""
    subject, verb, rest = clause(pack, step)
    if subject.startswith("the "):  # the game, the turn: not a player's name
        subject = subject.capitalize()
    ending = "es" if verb.endswith("s") else "s"
    return f"{subject} {verb}{ending}{rest}"


def _expect_text(item: Mapping[str, Any]) -> str:
    op = next((k for k in ("count", "equals", "contains") if k in item), "equals")
    return f"{item.get('path')} {op} {canonical_json(item.get(op))}"


def _expectation(item: Mapping[str, Any]) -> ExpectView:
    return ExpectView(
        _expect_text(item), bool(item.get("passed")), canonical_json(item.get("actual"))
    )


#: How many entries a value may list before the page folds it away.
LONG_VALUE = 8


@dataclass(frozen=True)
class Item:
    """One line of the final state: a key, its value as text, and how many
    entries the value has (a page folds long ones)."""

    key: str
    text: str
    count: int = 1

    @property
    def long(self) -> bool:
        return self.count > LONG_VALUE


def _items(
    pack: Pack,
    data: Mapping[str, Any],
    skip: Sequence[str] = (),
    always: Sequence[str] = (),
    stocks: frozenset[str] = frozenset(),
) -> list[Item]:
    """The lines of a state mapping; a stock zone (``{slug: count}``) reads as
    card names, each with its count when above one, as hands do."""
    out = []
    first = [key for key in always if key in data]
    for key, value in sorted(data.items(), key=lambda item: item[0] not in first):
        if key == EFFECTS and isinstance(value, Mapping):
            value = _effects(value, shown=data)
            key = "changed_by_effects"
        elif key == RESOURCES and isinstance(value, Mapping):
            value = _unshown(value, shown=data)
        if key in skip or (value in (None, "", [], {}) and key not in always):
            continue
        count = len(value) if isinstance(value, (list, dict)) else 1
        if value in ([], {}):
            text = "empty"
        elif key in stocks and isinstance(value, Mapping):
            text = ", ".join(
                card_name(pack, slug)
                if n == 1
                else f"{card_name(pack, slug)} \u00d7{n}"
                for slug, n in value.items()
            )
        else:
            text = _shown(pack, value)
        out.append(Item(key.replace("_", " "), text, count))
    return out


#: The engine's keys of a player's raw counts: what effects add to player
#: values (hand limit...), and the player's tokens by kind.
EFFECTS = "values"
RESOURCES = "resources"


def _effects(values: Mapping[str, Any], shown: Mapping[str, Any]) -> dict[str, str]:
    """What effects add to player values, as ``{"hand limit": "+1"}``. An
    effect that adds nothing is left out: ``hand_limit: 0`` beside ``Hand limit
    7`` read as a second, contradicting limit."""
    return {
        key: f"{amount:+d}" if isinstance(amount, int) else str(amount)
        for key, amount in _unshown(values, shown).items()
        if amount != 0
    }


def _unshown(values: Mapping[str, Any], shown: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with readable keys, without those the state shows on their
    own line (a pack's ``hand_limit`` already includes its effects)."""
    return {
        key.replace("_", " "): value
        for key, value in values.items()
        if key not in shown
    }


def _shown(pack: Pack, value: object) -> str:
    # Before anything else: a bool is an int, and str() would say "True".
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(
            name if n == 1 else f"{name} \u00d7{n}"
            for name, n in Counter(card_name(pack, v) for v in value).items()
        )
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_shown(pack, v)}" for k, v in value.items())
    if isinstance(value, list):
        return canonical_json(value)
    return str(value)
