"""The scenario editor: a builder (scenario fields, players, steps) and a box
to paste YAML or JSON.

The builder writes TI4-style scenarios: each player's planets become one system
each on the board, laws go to ``board.laws``. Rows map to scenario indexes and
back, so each problem the engine reports (a JSON pointer) lands beside the field
it concerns. A scenario opens in the builder only when the builder can write it
back unchanged; otherwise it opens in the paste box.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.forms import formset_factory
from django.utils.text import slugify

from oracle.adapters import MAX_TEXT, prepare, split_pointer
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
_PLANET = re.compile(r"^(?P<name>.+?)(?:\s+(?P<r>\d)/(?P<i>\d))?$")
SYSTEM_SUFFIX = "-system"


def _text(
    label: str, help_text: str = "", *, max_length: int = 400, **attrs: str
) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        max_length=max_length,
        help_text=help_text,
        widget=forms.TextInput(attrs={"autocomplete": "off", **attrs}),
    )


class ScenarioForm(forms.Form):
    phase = forms.ChoiceField(label="Phase", required=False)
    active_player = _text(
        "Active player", max_length=MAX_NAME, list="oracle-player-names"
    )
    seed = forms.IntegerField(label="Seed", required=False, min_value=0)
    laws = _text("Laws in play", "Comma-separated.", list="oracle-laws")

    def __init__(self, *args: Any, pack: Pack, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(phase, phase) for phase in pack.phases]
        self.fields["phase"].choices = [("", "(the pack's first)"), *choices]


class PlayerForm(forms.Form):
    name = _text("Name", max_length=MAX_NAME)
    faction = _text("Faction")
    hand = _text("Hand", "Cards, comma-separated.", list="oracle-cards")
    technologies = _text("Technologies", "Comma-separated.", list="oracle-techs")
    planets = _text("Planets", "Comma-separated; resources/influence optional.")
    trade_goods = forms.IntegerField(
        label="Trade goods", required=False, min_value=0, max_value=1000
    )


class StepForm(forms.Form):
    player = _text("Player", max_length=MAX_NAME, list="oracle-player-names")
    action = forms.ChoiceField(label="Does", choices=ACTIONS, initial="play")
    card = _text("What", "A card, an option, a phase or a period.", list="oracle-all")
    targets = _text("Targeting", "A target, or name=value pairs separated by ;")


PlayerFormSet = formset_factory(
    PlayerForm, extra=1, max_num=MAX_PLAYERS, absolute_max=MAX_PLAYERS
)
StepFormSet = formset_factory(
    StepForm, extra=2, max_num=MAX_STEPS, absolute_max=MAX_STEPS
)


class PasteForm(forms.Form):
    text = forms.CharField(
        label="Scenario (YAML or JSON)",
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
    )


@dataclass
class Rows:
    """The builder's values: scenario fields, player rows and step rows."""

    top: dict[str, Any] = field(default_factory=dict)
    players: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Built:
    """A scenario written from rows, and which row each part came from."""

    data: dict[str, Any]
    player_rows: list[int] = field(default_factory=list)
    step_rows: list[int] = field(default_factory=list)
    system_rows: list[int] = field(default_factory=list)


# -- rows → scenario -------------------------------------------------------------


def build(game: str, rows: Rows) -> Built:
    """Write the scenario the rows describe (blank rows are left out)."""
    built = Built({"game": game})
    data = built.data
    for key in ("phase", "active_player"):
        if rows.top.get(key):
            data[key] = rows.top[key].strip()
    if rows.top.get("seed") is not None:
        data["seed"] = rows.top["seed"]
    systems = _players(rows, built)
    board: dict[str, Any] = {}
    if laws := [slugify(law) for law in _split(rows.top.get("laws"))]:
        board["laws"] = laws
    if systems:
        board["systems"] = systems
    if board:
        data["board"] = board
    steps = []
    for index, row in enumerate(rows.steps):
        if not _blank(row, ("player", "card", "targets")):
            built.step_rows.append(index)
            steps.append(_step(row))
    data["steps"] = steps
    return built


def _players(rows: Rows, built: Built) -> list[dict[str, Any]]:
    """Add the players to ``built``; return the systems of their planets."""
    players, systems = [], []
    for index, row in enumerate(rows.players):
        if _blank(row, ("name", "faction", "hand", "technologies", "planets")):
            continue
        built.player_rows.append(index)
        players.append(_player(row))
        for planet in _split(row.get("planets")):
            systems.append(_system(planet, row.get("name", "").strip()))
            built.system_rows.append(index)
    built.data["players"] = players
    return systems


def _blank(row: Mapping[str, Any], keys: Sequence[str]) -> bool:
    return not any(str(row.get(key) or "").strip() for key in keys) and (
        row.get("trade_goods") is None
    )


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _cards(text: str | None) -> list[str]:
    """``Lucky Shot, 2x sabotage`` → ``["lucky-shot", "sabotage", "sabotage"]``."""
    out = []
    for part in _split(text):
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
    if row.get("trade_goods") is not None:
        player["trade_goods"] = row["trade_goods"]
    return player


def _system(token: str, owner: str) -> dict[str, Any]:
    match = _PLANET.match(token)
    assert match is not None  # the pattern matches any non-empty text
    slug = slugify(match["name"])
    planet: dict[str, Any] = {"id": slug, "controller": owner}
    if match["r"] is not None:
        planet["resources"] = int(match["r"])
        planet["influence"] = int(match["i"])
    return {"id": f"{slug}{SYSTEM_SUFFIX}", "planets": [planet]}


def _step(row: Mapping[str, Any]) -> dict[str, Any]:
    action = row.get("action") or "play"
    player = (row.get("player") or "").strip()
    value = (row.get("card") or "").strip()
    step: dict[str, Any] = {"player": player} if player else {}
    if action in ("play", "use"):
        step[action] = _card_ref(value)
        if targets := _targets(row.get("targets")):
            step["targets"] = targets
    elif action == "pass":
        step["pass"] = True
    elif action == "choose":
        step["choose"] = _scalar(value)
    else:
        step[action] = value.lower()
    return step


def _card_ref(value: str) -> str:
    """A plain card name becomes its slug; a reference (``Bob/spy@hand``) stays."""
    return value if any(mark in value for mark in "/@#") else slugify(value)


def _scalar(value: str) -> int | str:
    return int(value) if value.isdigit() else value


def _targets(text: str | None) -> dict[str, Any]:
    targets: dict[str, Any] = {}
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        name, _, value = part.partition("=") if "=" in part else ("target", "", part)
        values = [_scalar(v.strip()) for v in value.split(",") if v.strip()]
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
    top = {key: data.get(key) for key in ("phase", "active_player", "seed")}
    board = data.get("board") or {}
    top["laws"] = ", ".join(board.get("laws", []))
    planets: dict[str, list[str]] = {}
    for system in board.get("systems", []):
        for planet in system["planets"]:
            token = planet["id"]
            if "resources" in planet:
                token += f" {planet['resources']}/{planet['influence']}"
            planets.setdefault(planet["controller"], []).append(token)
    players = [
        {
            "name": player["name"],
            "faction": player.get("faction", ""),
            "hand": ", ".join(player.get("hand", [])),
            "technologies": ", ".join(player.get("technologies", [])),
            "planets": ", ".join(planets.get(player["name"], [])),
            "trade_goods": player.get("trade_goods"),
        }
        for player in data.get("players", [])
    ]
    return Rows(top, players, [_step_row(step) for step in data.get("steps", [])])


def _step_row(step: Mapping[str, Any]) -> dict[str, Any]:
    action = next(kind for kind, _ in ACTIONS if kind in step)
    value = step[action]
    targets = step.get("targets") or {}
    return {
        "player": step.get("player", ""),
        "action": action,
        "card": "" if action == "pass" else str(value),
        "targets": "; ".join(
            f"{name}={', '.join(map(str, v)) if isinstance(v, list) else v}"
            for name, v in targets.items()
        ),
    }


def card_rows(card: str, pack: Pack) -> Rows:
    """Builder rows that show a card at work when no ruling does: Alice has the
    card (in hand, as a technology, with her faction's ability), Bob holds a
    Sabotage. Alice plays the card (or uses it), naming Bob for each player the
    card targets; a card with nothing to play or use shows its effect as the
    game moves on to the next phase."""
    definition = pack.card(card)
    start = "action" if "action" in pack.phases else pack.first_phase()
    alice: dict[str, Any] = {"name": "Alice"}
    if isinstance(faction := definition.data.get("faction"), str):
        alice["faction"] = faction
    played = next((a for a in definition.abilities if a.kind.value == "action"), None)
    if card not in pack.implemented_cards() and definition.type == "action":
        # Played as it would be, the run answers with the pack's own message
        # naming the card as not implemented.
        alice["hand"] = card
        step = {"player": "Alice", "action": "play", "card": card, "targets": ""}
        return Rows(
            {"phase": start, "active_player": "Alice"}, [alice, {"name": "Bob"}], [step]
        )
    if any("hand" in a.location for a in definition.abilities):
        alice["hand"] = card
    elif definition.type == "technology":
        alice["technologies"] = card
    guard = "sabotage" if pack.has_card("sabotage") and card != "sabotage" else ""
    if played is not None:
        kind = "play" if "hand" in played.location else "use"
        step = {"player": "Alice", "action": kind, "card": card}
        step["targets"] = _player_targets(played.targets)
    else:
        phases = list(pack.phases)
        later = phases[phases.index(start) + 1 :] if start in phases else []
        step = {"action": "advance", "card": later[0] if later else start}
    return Rows(
        {"phase": start, "active_player": "Alice"},
        [alice, {"name": "Bob", "hand": guard}],
        [step],
    )


def _player_targets(targets: Mapping[str, Any]) -> str:
    """The builder's targets text naming Bob for every player target."""
    named = [name for name, target in targets.items() if target.mode == "player"]
    if named == ["target"]:
        return "Bob"
    return "; ".join(f"{name}=Bob" for name in named)


# -- the builder ---------------------------------------------------------------------


class Builder:
    """The three parts of the builder, bound or initial, and their errors."""

    def __init__(
        self,
        pack: Pack,
        data: Mapping[str, Any] | None = None,
        rows: Rows | None = None,
    ) -> None:
        rows = rows or Rows()
        self.pack = pack
        self.top = ScenarioForm(data, pack=pack, prefix="scenario", initial=rows.top)
        self.players = PlayerFormSet(data, prefix="players", initial=rows.players)
        self.steps = StepFormSet(data, prefix="steps", initial=rows.steps)
        self.built: Built | None = None

    def is_valid(self) -> bool:
        return all(
            [self.top.is_valid(), self.players.is_valid(), self.steps.is_valid()]
        )

    def scenario(self) -> dict[str, Any]:
        """The scenario of the values the forms accepted (remembering where each
        part came from): all of them once ``is_valid`` holds; after it failed, a
        field in error is left out."""
        rows = Rows(
            dict(self.top.cleaned_data),
            [form.cleaned_data for form in self.players.forms],
            [form.cleaned_data for form in self.steps.forms],
        )
        self.built = build(self.pack.slug, rows)
        return self.built.data

    def rows_complete(self) -> bool:
        """Whether every row the browser sent was read: a broken formset
        (a management form tampered with) reads none, and a scenario of the
        rest would only show problems the user did not make."""
        return not (self.players.non_form_errors() or self.steps.non_form_errors())

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
        if parts[:2] == ["board", "laws"]:
            return self.top, "laws"
        if parts[:2] == ["board", "systems"] and len(parts) > 2:
            row = int(parts[2]) if parts[2].isdigit() else len(built.system_rows)
            if row < len(built.system_rows):
                return self.players.forms[built.system_rows[row]], "planets"
        if head in ("phase", "active_player", "seed"):
            return self.top, head
        return self.top, None


def _player_field(key: str | None) -> str | None:
    if key in ("name", "faction", "hand", "technologies", "trade_goods"):
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
