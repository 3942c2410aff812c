"""The scenario editor: a builder (the question, scenario fields, players,
the board, steps) and a box to paste YAML or JSON.

The builder writes TI4-style scenarios: systems, planets and units come from
the board rows (``oracle.board_rows``), laws go to ``board.laws``. Player names
are matched without regard to case and written as the player rows spell them;
a player whose hand is left empty holds the cards they play in the steps. Rows
map to scenario indexes and back, so each problem the engine reports (a JSON
pointer) lands beside the field it concerns. A scenario opens in the builder
only when the builder can write it back unchanged; otherwise it opens in the
paste box.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.forms import formset_factory
from django.http import QueryDict
from django.utils.text import slugify

from oracle.adapters import MAX_TEXT, prepare, split_pointer
from oracle.board_rows import (
    Places,
    PlanetFacts,
    PlanetFormSet,
    SystemFormSet,
    UnitFormSet,
    board_rows,
    build_systems,
    field_for,
    fill_planet,
    is_blank,
    split,
    text_field,
)
from oracle.engine import ScenarioError
from oracle.engine.core.errors import Problem
from oracle.engine.core.pack import Pack
from oracle.engine.core.specs import MAX_NAME, MAX_PLAYERS, MAX_STEPS

ACTIONS = [
    ("play", "plays"),
    ("use", "uses"),
    ("pass", "passes"),
    ("choose", "chooses"),
    ("advance", "advance to phase"),
    ("end", "end of"),
]
_COUNTED = re.compile(r"^(\d+)\s*[x\u00d7]?\s+(.+)$")
#: The longest question the builder stores with a scenario.
MAX_QUESTION = 500


class ScenarioForm(forms.Form):
    question = forms.CharField(
        label="Your question",
        required=False,
        max_length=MAX_QUESTION,
        help_text="Optional: the question in words, kept with the answer.",
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    phase = forms.ChoiceField(label="Phase", required=False)
    active_player = text_field(
        "Active player", max_length=MAX_NAME, list="oracle-player-names"
    )
    seed = forms.IntegerField(label="Seed", required=False, min_value=0)
    laws = text_field("Laws in play", "Comma-separated.", list="oracle-laws")
    action_deck = text_field(
        "Action deck", "Cards on top of the deck, top first.", list="oracle-cards"
    )
    custodians = forms.BooleanField(
        label="Custodians token on Mecatol Rex",
        required=False,
        help_text="While it is there, the round has no agenda phase.",
    )
    fill_deck = forms.BooleanField(
        label="Fill the action deck",
        required=False,
        help_text="Shuffle the rest of the base-game action cards into the deck.",
    )

    def __init__(self, *args: Any, pack: Pack, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(phase, phase) for phase in pack.phases]
        self.fields["phase"].choices = [("", "(the pack's first)"), *choices]


class PlayerForm(forms.Form):
    name = text_field("Name", max_length=MAX_NAME)
    faction = text_field("Faction")
    hand = text_field(
        "Hand",
        "Cards, comma-separated. Empty: the cards this player plays below.",
        list="oracle-cards",
    )
    technologies = text_field("Technologies", "Comma-separated.", list="oracle-techs")
    strategy_cards = text_field(
        "Strategy cards", "Comma-separated.", list="oracle-strategy-cards"
    )
    trade_goods = forms.IntegerField(
        label="Trade goods", required=False, min_value=0, max_value=1000
    )
    speaker = forms.BooleanField(label="Speaker", required=False)
    passed = forms.BooleanField(label="Has passed", required=False)


class StepForm(forms.Form):
    player = text_field("Player", max_length=MAX_NAME, list="oracle-player-names")
    action = forms.ChoiceField(label="Does", choices=ACTIONS, initial="play")
    card = text_field(
        "What", "A card, an option, a phase or a period.", list="oracle-all"
    )
    targets = text_field(
        "Targeting",
        "A target, or name=value pairs separated by ;",
        list="oracle-targets",
    )


#: The text fields of a player row.
PLAYER_VALUES = ("name", "faction", "hand", "technologies", "strategy_cards")

PlayerFormSet = formset_factory(
    PlayerForm, extra=1, max_num=MAX_PLAYERS, absolute_max=MAX_PLAYERS
)
StepFormSet = formset_factory(
    StepForm, extra=3, max_num=MAX_STEPS, absolute_max=MAX_STEPS
)


class PasteForm(forms.Form):
    text = forms.CharField(
        label="Scenario (YAML or JSON)",
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
    )


@dataclass
class Rows:
    """The builder's values: scenario fields, player, step and board rows."""

    top: dict[str, Any] = field(default_factory=dict)
    players: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    systems: list[dict[str, Any]] = field(default_factory=list)
    planets: list[dict[str, Any]] = field(default_factory=list)
    units: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Built:
    """A scenario written from rows, and which row each part came from."""

    data: dict[str, Any]
    player_rows: list[int] = field(default_factory=list)
    step_rows: list[int] = field(default_factory=list)
    places: Places = field(default_factory=dict)


# -- rows → scenario -------------------------------------------------------------


def build(game: str, rows: Rows) -> Built:
    """Write the scenario the rows describe (blank rows are left out)."""
    built = Built({"game": game})
    data = built.data
    if question := (rows.top.get("question") or "").strip():
        data["question"] = question
    names = _namer(rows.players)
    if rows.top.get("phase"):
        data["phase"] = rows.top["phase"].strip()
    if active := (rows.top.get("active_player") or "").strip():
        data["active_player"] = names(active)
    if rows.top.get("seed") is not None:
        data["seed"] = rows.top["seed"]
    data["players"] = _players(rows, built)
    if board := _board(rows, names, built):
        data["board"] = board
    steps = []
    for index, row in enumerate(rows.steps):
        if not _blank(row, ("player", "card", "targets")):
            built.step_rows.append(index)
            steps.append(_step(row, names))
    data["steps"] = steps
    _hands_from_steps(data["players"], steps)
    if deck := _cards(rows.top.get("action_deck")):
        data["decks"] = {"action_deck": deck}
    return built


def _board(rows: Rows, names: Callable[[str], str], built: Built) -> dict[str, Any]:
    board: dict[str, Any] = {}
    if laws := [slugify(law) for law in split(rows.top.get("laws"))]:
        board["laws"] = laws
    for flag in ("custodians", "fill_deck"):
        if rows.top.get(flag):
            board[flag] = True
    systems = build_systems(rows.systems, rows.planets, rows.units, names, built.places)
    if systems:
        board["systems"] = systems
    return board


def _namer(players: Sequence[Mapping[str, Any]]) -> Callable[[str], str]:
    """The player rows' spelling of a name typed in any case ("bob" → "Bob");
    a name no row has stays as typed, for the engine to name as unknown."""
    spelled = {}
    for row in players:
        name = (row.get("name") or "").strip()
        spelled.setdefault(name.casefold(), name)

    def names(text: str) -> str:
        text = text.strip()
        return spelled.get(text.casefold(), text)

    return names


def _players(rows: Rows, built: Built) -> list[dict[str, Any]]:
    players = []
    for index, row in enumerate(rows.players):
        if _blank(row, PLAYER_VALUES):
            continue
        built.player_rows.append(index)
        players.append(_player(row))
    return players


def _hands_from_steps(
    players: list[dict[str, Any]], steps: Sequence[Mapping[str, Any]]
) -> None:
    """A player whose hand was left empty holds the cards they play: asking
    "can Bob play Sabotage here?" needs no second mention of the card."""
    for player in players:
        if "hand" in player:
            continue
        played = [
            step["play"]
            for step in steps
            if step.get("player") == player["name"]
            and isinstance(step.get("play"), str)
            and not any(mark in step["play"] for mark in "/@#")
        ]
        if played:
            player["hand"] = played


def _blank(row: Mapping[str, Any], keys: Sequence[str]) -> bool:
    return (
        is_blank(row, keys)
        and row.get("trade_goods") is None
        and not (row.get("speaker") or row.get("passed"))
    )


def _cards(text: str | None) -> list[str]:
    """``Lucky Shot, 2x sabotage`` → ``["lucky-shot", "sabotage", "sabotage"]``."""
    out = []
    for part in split(text):
        counted = _COUNTED.match(part)
        count, name = (int(counted[1]), counted[2]) if counted else (1, part)
        out.extend([slugify(name)] * min(count, 50))
    return out


def _player(row: Mapping[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = {"name": (row.get("name") or "").strip()}
    if hand := _cards(row.get("hand")):
        player["hand"] = hand
    if row.get("faction"):
        player["faction"] = slugify(row["faction"])
    if technologies := _cards(row.get("technologies")):
        player["technologies"] = technologies
    if strategy_cards := _cards(row.get("strategy_cards")):
        player["strategy_cards"] = strategy_cards
    if row.get("trade_goods") is not None:
        player["trade_goods"] = row["trade_goods"]
    for flag in ("speaker", "passed"):
        if row.get(flag):
            player[flag] = True
    return player


def _step(row: Mapping[str, Any], names: Callable[[str], str]) -> dict[str, Any]:
    action = row.get("action") or "play"
    player = names(row.get("player") or "")
    value = (row.get("card") or "").strip()
    step: dict[str, Any] = {"player": player} if player else {}
    if action in ("play", "use"):
        step[action] = _card_ref(value, names)
        if targets := _targets(row.get("targets"), names):
            step["targets"] = targets
    elif action == "pass":
        step["pass"] = True
    elif action == "choose":
        step["choose"] = _choice(value)
    else:
        step[action] = value.lower()
    return step


def _card_ref(value: str, names: Callable[[str], str]) -> str:
    """A plain card name becomes its slug; a reference (``Bob/spy@hand``) stays,
    its owner spelled as the player rows spell it."""
    if any(mark in value for mark in "/@#"):
        return _owned(value, names)
    return slugify(value)


def _owned(value: str, names: Callable[[str], str]) -> str:
    """``bob`` → ``Bob``; ``bob/destroyer@rex`` → ``Bob/destroyer@rex``."""
    owner, slash, rest = value.partition("/")
    return f"{names(owner)}{slash}{rest}"


def _choice(value: str) -> int | str | list[int | str]:
    """``plague`` is one choice; ``spy, plague`` (or ``plague,``) a list."""
    if "," not in value:
        return _scalar(value)
    return [_scalar(part) for part in split(value)]


def _scalar(value: str) -> int | str:
    return int(value) if value.isdigit() else value


def _targets(text: str | None, names: Callable[[str], str]) -> dict[str, Any]:
    targets: dict[str, Any] = {}
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        name, _, value = part.partition("=") if "=" in part else ("target", "", part)
        values = [
            _scalar(_owned(v.strip(), names)) for v in value.split(",") if v.strip()
        ]
        shown = values[0] if len(values) == 1 else [str(v) for v in values]
        targets[name.strip()] = shown
    return targets


# -- scenario → rows ---------------------------------------------------------------


def rows_for(data: Mapping[str, Any], game: str) -> Rows | None:
    """The builder rows of a scenario, or None when the builder cannot write it
    back exactly (decks, units, expectations... need the paste box)."""
    try:
        rows = _rows(data)
        wanted = prepare(data, game).canonical
        written = prepare(build(game, rows).data, game).canonical
    except (ScenarioError, KeyError, TypeError, ValueError, AttributeError):
        return None
    return rows if written == wanted else None


def _rows(data: Mapping[str, Any]) -> Rows:
    top = {key: data.get(key) for key in ("question", "phase", "active_player", "seed")}
    board = data.get("board") or {}
    top["laws"] = ", ".join(board.get("laws", []))
    top["fill_deck"] = bool(board.get("fill_deck"))
    top["custodians"] = bool(board.get("custodians"))
    top["action_deck"] = ", ".join((data.get("decks") or {}).get("action_deck", []))
    players = [
        {
            "name": player["name"],
            "faction": player.get("faction", ""),
            "hand": ", ".join(player.get("hand", [])),
            "technologies": ", ".join(player.get("technologies", [])),
            "strategy_cards": ", ".join(player.get("strategy_cards", [])),
            "trade_goods": player.get("trade_goods"),
            "speaker": bool(player.get("speaker")),
            "passed": bool(player.get("passed")),
        }
        for player in data.get("players", [])
    ]
    systems, planets, units = board_rows(board.get("systems", []))
    steps = [_step_row(step) for step in data.get("steps", [])]
    return Rows(top, players, steps, systems, planets, units)


def _step_row(step: Mapping[str, Any]) -> dict[str, Any]:
    action = next(kind for kind, _ in ACTIONS if kind in step)
    value = step[action]
    targets = step.get("targets") or {}
    return {
        "player": step.get("player", ""),
        "action": action,
        "card": "" if action == "pass" else _choice_text(value),
        "targets": _targets_text(targets),
    }


def _targets_text(targets: Mapping[str, Any]) -> str:
    """``{target: Bob}`` → ``Bob``; others as ``name=value; name=a, b``."""
    if list(targets) == ["target"] and not isinstance(targets["target"], list):
        return str(targets["target"])
    return "; ".join(
        f"{name}={', '.join(map(str, v)) if isinstance(v, list) else v}"
        for name, v in targets.items()
    )


def _choice_text(value: object) -> str:
    """A list of choices reads comma-separated; a list of one keeps a trailing
    comma, so that it is written back as a list."""
    if not isinstance(value, list):
        return str(value)
    return ", ".join(map(str, value)) + ("," if len(value) == 1 else "")


# -- the builder ---------------------------------------------------------------------


class Builder:
    """The parts of the builder, bound or initial, and their errors.

    ``planets`` are the planets the component database knows: a planet row
    naming one gets the data it left empty."""

    def __init__(
        self,
        pack: Pack,
        data: Mapping[str, Any] | None = None,
        rows: Rows | None = None,
        planets: Mapping[str, PlanetFacts] | None = None,
    ) -> None:
        rows = rows or Rows()
        self.pack = pack
        self.known_planets = planets or {}
        data = _with_board(data)
        self.top = ScenarioForm(data, pack=pack, prefix="scenario", initial=rows.top)
        self.players = PlayerFormSet(data, prefix="players", initial=rows.players)
        self.systems = SystemFormSet(data, prefix="systems", initial=rows.systems)
        self.planets = PlanetFormSet(data, prefix="planets", initial=rows.planets)
        self.units = UnitFormSet(data, prefix="units", initial=rows.units)
        self.steps = StepFormSet(data, prefix="steps", initial=rows.steps)
        self.built: Built | None = None

    @property
    def formsets(self) -> dict[str, Any]:
        """The row lists by prefix."""
        return {
            "players": self.players,
            "systems": self.systems,
            "planets": self.planets,
            "units": self.units,
            "steps": self.steps,
        }

    @property
    def has_board(self) -> bool:
        """Whether any board row holds a value (the page then opens the board)."""
        return any(
            form.has_changed() or form.errors or (form.initial and not form.is_bound)
            for part in (self.systems, self.planets, self.units)
            for form in part.forms
        )

    @property
    def has_more(self) -> bool:
        """Whether a folded scenario field holds a value or an error."""
        folded = ("seed", "action_deck", "custodians")
        top = self.top
        return any(
            top[name].value() not in (None, "", False) or name in top.errors
            for name in folded
        )

    def is_valid(self) -> bool:
        parts = [self.top, *self.formsets.values()]
        return all([part.is_valid() for part in parts])

    def scenario(self) -> dict[str, Any]:
        """The scenario of the values the forms accepted (remembering where each
        part came from): all of them once ``is_valid`` holds; after it failed, a
        field in error is left out."""
        planets = [dict(form.cleaned_data) for form in self.planets.forms]
        for row in planets:
            fill_planet(row, self.known_planets)
        rows = Rows(
            dict(self.top.cleaned_data),
            [form.cleaned_data for form in self.players.forms],
            [form.cleaned_data for form in self.steps.forms],
            [form.cleaned_data for form in self.systems.forms],
            planets,
            [form.cleaned_data for form in self.units.forms],
        )
        self.built = build(self.pack.slug, rows)
        return self.built.data

    def rows_complete(self) -> bool:
        """Whether every row the browser sent was read: a broken formset
        (a management form tampered with) reads none, and a scenario of the
        rest would only show problems the user did not make."""
        return not any(part.non_form_errors() for part in self.formsets.values())

    def add_problems(self, problems: Sequence[Problem]) -> None:
        """Show each problem beside the field its pointer names, unless that
        field already shows an error of its own (the scenario was written
        without its value, so the problem may only echo that error)."""
        for problem in problems:
            form, name = self._field_for(split_pointer(problem.path))
            if name is not None and name in form.errors:
                continue
            where = f"{problem.path}: " if name is None and problem.path else ""
            form.add_error(name, f"{where}{problem.message}")

    def _field_for(self, parts: list[str]) -> tuple[forms.Form, str | None]:
        built = self.built or Built({})
        head = parts[0] if parts else ""
        index = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        if head == "players" and index is not None and index < len(built.player_rows):
            form = self.players.forms[built.player_rows[index]]
            return form, _player_field(parts[2] if len(parts) > 2 else None)
        if head == "steps" and index is not None and index < len(built.step_rows):
            form = self.steps.forms[built.step_rows[index]]
            return form, _step_field(parts[2] if len(parts) > 2 else None)
        if (top := _top_field(parts)) is not None:
            return self.top, top
        for end in range(len(parts), 2, -1):
            if (place := built.places.get(tuple(parts[:end]))) is not None:
                rows, row = place
                form = self.formsets[rows].forms[row]
                return form, field_for(rows, parts[end:])
        return self.top, None


def _top_field(parts: Sequence[str]) -> str | None:
    """The scenario field (of the builder's top) a pointer names, if any."""
    if parts[:2] in (
        ["board", "laws"],
        ["board", "custodians"],
        ["board", "fill_deck"],
    ):
        return parts[1]
    if parts[:2] == ["decks", "action_deck"]:
        return "action_deck"
    head = parts[0] if parts else ""
    return head if head in ("question", "phase", "active_player", "seed") else None


def _with_board(data: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """A submission without board rows (a form of before the board, a script)
    has none, rather than a broken board."""
    if data is None or all(f"{p}-TOTAL_FORMS" in data for p in BOARD_PARTS):
        return data
    filled = data.copy() if isinstance(data, QueryDict) else dict(data)
    for prefix in BOARD_PARTS:
        if f"{prefix}-TOTAL_FORMS" not in filled:
            filled[f"{prefix}-TOTAL_FORMS"] = "0"
            filled[f"{prefix}-INITIAL_FORMS"] = "0"
    return filled


#: The prefixes of the board's rows.
BOARD_PARTS = ("systems", "planets", "units")


def _player_field(key: str | None) -> str | None:
    if key in (*PLAYER_VALUES, "trade_goods", "speaker", "passed"):
        return key
    return None


def _step_field(key: str | None) -> str | None:
    if key == "player":
        return "player"
    if key == "targets":
        return "targets"
    if key in ("play", "use", "choose", "advance", "end", "ability"):
        return "card"
    return None
