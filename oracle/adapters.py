"""The one module that knows both worlds: text and database rows on one side,
the engine's scenarios and results on the other.

- reading scenario text (YAML or JSON) with the line of any JSON pointer;
- preparing a scenario for a game: parse, normalise, hash (the permalink key);
- running it, telling "the pack does not implement this card" apart from other
  malformed input;
- turning a result into what pages and the command line show: a verdict line,
  steps, decision points, log, final state, every rule id with its page.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from django.urls import reverse

from oracle.engine import Budget, Scenario, ScenarioError, get_pack
from oracle.engine.errors import Problem
from oracle.engine.pack import Pack
from oracle.engine.refs import parse_ref
from oracle.engine.runner import run
from rules.models import Game, Rule

#: Hex digits of the scenario hash in permalinks (128 bits).
HASH_LENGTH = 32
#: The largest scenario text or request body accepted, in bytes.
MAX_TEXT = 64 * 1024
#: The engine's guards for every run; ``None`` is the engine's default budget.
RUN_BUDGET: Budget | None = None

_PLAYED = re.compile(r"^/steps/(\d+)/(play|use)$")


# -- reading text ------------------------------------------------------------------


class TextError(ValueError):
    """Scenario text that is not YAML or JSON; ``line`` when it is known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.message = message
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


class _Loader(yaml.SafeLoader):
    """Safe YAML without aliases, so that a small text cannot expand into a
    huge document."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in scenarios", mark
            )
        return super().compose_node(parent, index)


# Dates stay strings: a scenario holds JSON values only.
_Loader.yaml_implicit_resolvers = {
    first: [
        (tag, regexp) for tag, regexp in resolvers if not tag.endswith(":timestamp")
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load_text(text: str) -> object:
    """Read a scenario written in YAML or JSON (JSON is YAML)."""
    if len(text.encode()) > MAX_TEXT:
        raise TextError(f"the scenario is over {MAX_TEXT // 1024} KiB")
    if text.lstrip().startswith(("{", "[")):  # JSON: its own errors and lines
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise TextError(f"not valid JSON: {error.msg}", error.lineno) from None
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        raise TextError(str(error.problem or error.context), line) from None
    except yaml.YAMLError as error:
        raise TextError(str(error)) from None
    try:
        json.dumps(data, allow_nan=False)
    except (TypeError, ValueError):
        raise TextError(
            "only JSON values (text, numbers, true/false, null, lists and "
            "mappings with text keys) can be used"
        ) from None
    return data


def line_of(text: str, pointer: str) -> int | None:
    """The line of ``text`` where the value at a JSON ``pointer`` starts (or the
    nearest enclosing value when it is missing)."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError:
        return None
    if node is None:
        return None
    for part in split_pointer(pointer):
        found = _child(node, part)
        if found is None:
            break
        node = found
    return int(node.start_mark.line) + 1


def _child(node: yaml.Node, part: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == part:
                return value
    if isinstance(node, yaml.SequenceNode) and part.isdigit():
        items = node.value
        return items[int(part)] if int(part) < len(items) else None
    return None


def split_pointer(pointer: str) -> list[str]:
    """``/players/0/hand`` → ``["players", "0", "hand"]`` (unescaping ~1 and ~0)."""
    if not pointer:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]


def unwrap_scenario(data: object) -> tuple[object, str]:
    """A ruling or golden-scenario file holds its scenario under ``scenario``:
    return the scenario and the JSON-pointer prefix of its place in the file."""
    wrapped = isinstance(data, dict) and isinstance(data.get("scenario"), dict)
    if wrapped and "players" not in data:
        return data["scenario"], "/scenario"
    return data, ""


def dump_text(scenario: Mapping[str, object]) -> str:
    """A scenario as YAML, in the order the engine dumps it."""
    return yaml.safe_dump(
        dict(scenario), sort_keys=False, allow_unicode=True, width=88
    ).rstrip()


# -- preparing and running ----------------------------------------------------------


@dataclass(frozen=True)
class Prepared:
    """A valid scenario, its canonical mapping and the hash that names its runs."""

    scenario: Scenario
    canonical: dict[str, object]
    hash: str

    @property
    def pack(self) -> Pack:
        return self.scenario.pack


def has_oracle(game: str) -> bool:
    """Whether a pack answers scenarios of ``game``."""
    try:
        get_pack(game)
    except KeyError:
        return False
    return True


def prepare(data: object, game: str | None = None) -> Prepared:
    """Parse ``data`` as a scenario (of ``game``, filled in when missing).

    Raises ``ScenarioError`` (JSON-pointer problems) when it is malformed.
    """
    if isinstance(data, Mapping) and game is not None:
        if "game" not in data:
            data = {"game": game, **data}
        elif data["game"] != game:
            raise ScenarioError.at("/game", f"must be {game!r} (the game of the URL)")
    scenario = Scenario.parse(data)
    canonical = scenario.dump()
    return Prepared(scenario, canonical, scenario_hash(canonical))


def canonical_json(value: object) -> str:
    """Compact JSON with sorted keys: equal data gives equal text."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )


def scenario_hash(canonical: Mapping[str, object]) -> str:
    """The permalink key of a normalised scenario."""
    digest = hashlib.sha256(canonical_json(canonical).encode()).hexdigest()
    return digest[:HASH_LENGTH]


class NotImplementedCards(ScenarioError):
    """The scenario plays cards that the game's pack does not implement;
    ``played`` maps the pointer of each such step to the card's slug."""

    def __init__(
        self, pack: Pack, played: Mapping[str, str], problems: Sequence[Problem]
    ) -> None:
        self.pack = pack
        self.played = dict(played)
        self.cards = tuple(dict.fromkeys(self.played.values()))
        super().__init__(problems)

    @property
    def message(self) -> str:
        names = [card_name(self.pack, slug) for slug in self.cards]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if names[1:] else names[0]
        return f"The {self.pack.name} oracle does not implement {listed} yet."


def execute(prepared: Prepared) -> dict[str, object]:
    """Run a prepared scenario; return the result mapping with its ``error``
    (the guard that stopped it, or None).

    Raises ``NotImplementedCards`` or ``ScenarioError`` when the pack refuses the
    scenario while setting it up.
    """
    try:
        result = run(prepared.scenario, budget=RUN_BUDGET)
    except ScenarioError as error:
        raise _classify(prepared, error) from None
    answer = result.to_dict()
    answer["error"] = result.error
    return answer


def _classify(prepared: Prepared, error: ScenarioError) -> ScenarioError:
    pack = prepared.pack
    implemented = pack.implemented_cards()
    steps = prepared.scenario.steps
    played = {}
    for problem in error.problems:
        match = _PLAYED.match(problem.path)
        if match is None or int(match[1]) >= len(steps):
            continue
        slug = step_slug(steps[int(match[1])].value)
        if slug not in implemented:
            played[problem.path] = slug
    return NotImplementedCards(pack, played, error.problems) if played else error


def step_slug(value: object) -> str:
    """The card slug a ``play``/``use`` step names (``Bob/spy@hand`` → ``spy``)."""
    ref = parse_ref(str(value))
    return ref.slug if ref else str(value)


def problem_list(error: ScenarioError) -> list[dict[str, str]]:
    """The API's ``details`` of a refused scenario: ``{pointer, message}`` per
    problem, and ``card`` (its slug) where a step plays an unimplemented card."""
    played = error.played if isinstance(error, NotImplementedCards) else {}
    out = []
    for problem in error.problems:
        item = {"pointer": problem.path, "message": problem.message}
        if problem.path in played:
            item["card"] = played[problem.path]
        out.append(item)
    return out


# -- presenting ------------------------------------------------------------------------


def card_name(pack: Pack, slug: str) -> str:
    return pack.card(slug).name if pack.has_card(slug) else slug


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


@dataclass(frozen=True)
class DecisionView:
    step: int | None
    player: str
    window: str
    options: list[str]


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

    decisions = [
        DecisionView(
            d["at"] + 1 if isinstance(d.get("at"), int) and d["at"] >= 0 else None,
            d["player"],
            d["window"],
            [str(o) for o in d["options"]],
        )
        for d in result.get("decisions", [])
    ]
    raw_steps = scenario.get("steps", [])
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
        )
        for s in result.get("steps", [])
    ]
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
        board=_items(
            pack,
            {**state.get("board", {}), **state.get("zones", {})},
            stocks=stocks,
        ),
        error=result.get("error"),
    )


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
    player = step.get("player", "")
    if "play" in step or "use" in step:
        kind = "play" if "play" in step else "use"
        ref = str(step[kind])
        slug = step_slug(ref)
        named = card_name(pack, slug) if ref == slug else ref
        text = f"{player} {kind}s {named}"
        if step.get("ability"):
            text += f" ({step['ability']})"
        targets = step.get("targets") or {}
        if list(targets) == ["target"]:
            text += f" targeting {_value(targets['target'])}"
        elif targets:
            text += " targeting " + ", ".join(
                f"{name} {_value(value)}" for name, value in targets.items()
            )
        return text
    if "pass" in step:
        return f"{player} passes"
    if "choose" in step:
        return f"{player} chooses {_value(step['choose'])}"
    if "advance" in step:
        return f"The game advances to the {step['advance']} phase"
    return f"The {step.get('end', 'turn')} ends"


def _value(value: object) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


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


def _shown(pack: Pack, value: object) -> str:
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
