"""The one module that knows both worlds: text and database rows on one side,
the engine's scenarios and results on the other.

- reading scenario text (YAML or JSON) with the line of any JSON pointer;
- preparing a scenario for a game: parse, normalise, hash (the permalink key);
- running it, telling "the pack does not implement this card" apart from other
  malformed input.

What pages and the command line show of a result is in ``oracle.answers``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from oracle.engine import (
    Budget,
    Game,
    Result,
    Scenario,
    ScenarioError,
    UnknownCard,
    get_pack,
)
from oracle.engine.core.errors import Problem, Unmodelled
from oracle.engine.core.pack import Pack
from oracle.engine.core.refs import parse_ref
from oracle.engine.io.runner import play
from oracle.text_limits import (
    MAX_DEPTH,
    json_too_deep,
    long_number_line,
    surrogate_pointer,
)

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
    huge document, nested at most ``MAX_DEPTH`` levels (PyYAML composes a
    level with a call), with numbers Python can convert."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in scenarios", mark
            )
        if self.depth >= MAX_DEPTH:
            mark = self.peek_event().start_mark
            raise yaml.composer.ComposerError(
                None, None, f"the text nests deeper than {MAX_DEPTH} levels", mark
            )
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_yaml_int(self, node: Any) -> int:
        try:
            return super().construct_yaml_int(node)  # type: ignore[no-any-return]
        except ValueError:  # more digits than Python converts
            raise yaml.constructor.ConstructorError(
                None, None, "this number has too many digits", node.start_mark
            ) from None


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


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
        return _load_json(text)
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


def _load_json(text: str) -> object:
    if (deep := json_too_deep(text)) is not None:
        raise TextError(f"the JSON nests deeper than {MAX_DEPTH} levels", deep[0])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise TextError(f"not valid JSON: {error.msg}", error.lineno) from None
    except ValueError:  # a number with more digits than Python converts
        raise TextError(
            "a number has too many digits", long_number_line(text)
        ) from None


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


@dataclass(frozen=True, slots=True)
class Prepared:
    """A valid scenario, its canonical mapping, that mapping as canonical JSON
    (``canonical_json``; stored as it is) and the hash that names its runs."""

    scenario: Scenario
    canonical: dict[str, object]
    text: str
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
    # First, as nothing can show or store it: a lone surrogate, which JSON
    # escapes allow (``"\\ud800"``) and UTF-8 cannot encode.
    if (where := surrogate_pointer(data)) is not None:
        raise ScenarioError.at(
            where,
            "must be Unicode text: a lone surrogate (\\ud800 to \\udfff) is not "
            "a character",
        )
    scenario = Scenario.parse(data)
    canonical = scenario.dump()
    text = canonical_json(canonical)
    return Prepared(scenario, canonical, text, text_hash(text))


def canonical_json(value: object) -> str:
    """Compact JSON with sorted keys, UTF-8 as is: equal data gives equal text.

    The one encoding of the scenarios hashed into permalinks and of the stored
    results; the text of a scenario must never change, or its permalink would.
    """
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )


def scenario_hash(canonical: Mapping[str, object]) -> str:
    """The permalink key of a normalised scenario."""
    return text_hash(canonical_json(canonical))


def text_hash(text: str) -> str:
    """The permalink key of a normalised scenario's ``canonical_json`` text."""
    return hashlib.sha256(text.encode()).hexdigest()[:HASH_LENGTH]


class NotImplementedCards(ScenarioError):
    """The scenario uses cards that the game's pack does not implement;
    ``played`` maps the pointer of each place naming one to the card's slug;
    ``names`` gives the names of cards the pack does not know (from the game's
    reference)."""

    def __init__(
        self,
        pack: Pack,
        played: Mapping[str, str],
        problems: Sequence[Problem],
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.pack = pack
        self.played = dict(played)
        self.names = dict(names or {})
        self.cards = tuple(dict.fromkeys(self.played.values()))
        super().__init__(problems)

    @property
    def message(self) -> str:
        unmodelled = [p for p in self.problems if isinstance(p, Unmodelled)]
        if unmodelled:
            return (
                f"The {self.pack.name} oracle does not model what this scenario "
                f"needs: {unmodelled[0].message}."
            )
        names = [
            self.names.get(slug) or card_name(self.pack, slug) for slug in self.cards
        ]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if names[1:] else names[0]
        return f"The {self.pack.name} oracle does not implement {listed} yet."


def execute(prepared: Prepared) -> dict[str, object]:
    """Run a prepared scenario; return the result mapping with its ``error``
    (the guard that stopped it, or None).

    Raises ``NotImplementedCards`` or ``ScenarioError`` when the pack refuses the
    scenario while setting it up.
    """
    result = play_prepared(prepared)[1]
    answer = result.to_dict()
    answer["error"] = result.error
    return answer


def play_prepared(prepared: Prepared) -> tuple[Game, Result]:
    """Run a prepared scenario; return the final game with the result.

    Raises ``NotImplementedCards`` or ``ScenarioError`` as ``execute`` does.
    """
    try:
        return play(prepared.scenario, budget=RUN_BUDGET)
    except ScenarioError as error:
        raise _classify(prepared, error) from None


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
        if slug not in implemented or isinstance(problem, Unmodelled):
            played[problem.path] = slug
    return NotImplementedCards(pack, played, error.problems) if played else error


def with_listed_cards(error: ScenarioError, game: str) -> ScenarioError:
    """``error`` as ``NotImplementedCards`` when the cards the pack does not know
    are cards of the game's reference (a newer expansion, say): to the user they
    exist, the oracle just does not implement them yet. Asks the database, so
    the web and API answers use it; the command line keeps the engine's words."""
    from rules.models import Card

    if not isinstance(error, UnknownCard):
        return error
    slugs = {slug for slug, _ in error.cards}
    listed = dict(
        Card.objects.filter(game__slug=game, slug__in=slugs).values_list("slug", "name")
    )
    if not listed:
        return error
    pack = get_pack(game)
    played = {path: slug for slug, path in error.cards if slug in listed}
    missing = f"the {pack.name} oracle does not implement {{}} yet"
    problems = [
        Problem(problem.path, missing.format(listed[played[problem.path]]))
        if problem.path in played
        else problem
        for problem in error.problems
    ]
    return NotImplementedCards(pack, played, problems, listed)


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
