"""Card types' own fields: their declaration in game.yaml (``card_fields``) and
the check of each card's ``attrs`` against it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.content.errors import ErrorLog
from rules.content.fields import SLUG
from rules.content.specs import CardSpec, FieldSpec, GameContent, Text
from rules.content.yamlfile import Located

# What each kind of field holds; see docs/CONTENT.md.
KINDS = {
    "int": "a whole number",
    "text": "a line of text",
    "markdown": "Markdown text (cross-links allowed)",
    "bool": "true or false",
    "choice": "one of the declared choices",
    "choice-list": "a list of the declared choices",
    "text-list": "a list of text items",
    "card": "a card slug",
    "card-list": "a list of card slugs (items that are not slugs are shown as text)",
    "outcomes": "a list of {outcome: text, effect: Markdown}",
}
KIND_NAMES = tuple(KINDS)
CHOICE_KINDS = {"choice", "choice-list"}
CARD_KINDS = {"card", "card-list"}
DECLARATION_KEYS = {"kind", "label", "choices", "card_types", "required"}
# The common card fields a type may make required (required_card_fields).
OPTIONAL_CARD_FIELDS = ("count", "window", "timing", "flags", "rules", "faction")


def default_label(key: str) -> str:
    """``plastic_limit`` → ``Plastic limit``; ``space-dock`` → ``Space dock``."""
    return key.replace("_", " ").replace("-", " ").capitalize()


# --- game.yaml ------------------------------------------------------------


class _Declarations:
    """Reads game.yaml's ``card_fields`` and ``required_card_fields``."""

    def __init__(self, file: str, log: ErrorLog, card_types: dict[str, str]) -> None:
        self.file = file
        self.log = log
        self.card_types = card_types

    def error(self, line: int, message: str) -> None:
        self.log.add(self.file, line, message)

    def known_type(self, card_type: str, line: int, what: str) -> bool:
        if card_type in self.card_types:
            return True
        known = ", ".join(self.card_types)
        self.error(line, f"{what}: unknown card type {card_type!r} (known: {known})")
        return False

    def card_fields(self, data: Any, line: int) -> dict[str, list[FieldSpec]]:
        if data is None:
            return {}
        if not isinstance(data, Located):
            self.error(line, "card_fields must map card types to their fields")
            return {}
        declared: dict[str, list[FieldSpec]] = {}
        for card_type, fields in data.items():
            type_line = data.line_of(card_type)
            if not self.known_type(card_type, type_line, "card_fields"):
                continue
            if fields is None:
                declared[card_type] = []
            elif isinstance(fields, Located):
                declared[card_type] = [
                    spec
                    for key, value in fields.items()
                    if (spec := self.field(key, value, fields.line_of(key)))
                ]
            else:
                self.error(type_line, f"card_fields.{card_type} must map field names")
        return declared

    def field(self, key: str, value: Any, line: int) -> FieldSpec | None:
        what = f"card field {key!r}"
        if not SLUG.match(key.replace("_", "-")):
            self.error(line, f"{what}: use lower-case words joined by '_'")
            return None
        if isinstance(value, str):
            value = Located(kind=value)
        if not isinstance(value, Located):
            self.error(line, f"{what}: give a kind ({', '.join(KINDS)}) or a mapping")
            return None
        for extra in sorted(set(value) - DECLARATION_KEYS):
            allowed = ", ".join(sorted(DECLARATION_KEYS))
            self.error(line, f"{what}: unknown key {extra!r} (allowed: {allowed})")
        kind = value.get("kind")
        if kind not in KINDS:
            self.error(
                line, f"{what}: unknown kind {kind!r} (known: {', '.join(KINDS)})"
            )
            return None
        return FieldSpec(
            key=key,
            kind=kind,
            label=str(value.get("label") or default_label(key)),
            choices=self.choices(what, kind, value.get("choices"), line),
            card_types=self.targets(what, kind, value.get("card_types"), line),
            required=value.get("required") is True,
        )

    def choices(self, what: str, kind: str, value: Any, line: int) -> dict[str, str]:
        if kind not in CHOICE_KINDS:
            if value is not None:
                self.error(line, f"{what}: only choice kinds take choices")
            return {}
        if isinstance(value, list) and value:
            return {str(item): default_label(str(item)) for item in value}
        if isinstance(value, dict) and value:
            return {str(key): str(label) for key, label in value.items()}
        self.error(line, f"{what}: a {kind} field needs its choices (a list or map)")
        return {}

    def targets(self, what: str, kind: str, value: Any, line: int) -> tuple[str, ...]:
        if value is None:
            return ()
        if kind not in CARD_KINDS:
            self.error(line, f"{what}: only card kinds take card_types")
            return ()
        types = [value] if isinstance(value, str) else value
        if not isinstance(types, list):
            self.error(line, f"{what}: card_types must list card types")
            return ()
        return tuple(t for t in map(str, types) if self.known_type(t, line, what))

    def required_fields(self, data: Any, line: int) -> dict[str, list[str]]:
        if data is None:
            return {}
        if not isinstance(data, Located):
            self.error(line, "required_card_fields must map card types to fields")
            return {}
        required: dict[str, list[str]] = {}
        for card_type, fields in data.items():
            type_line = data.line_of(card_type)
            if not self.known_type(card_type, type_line, "required_card_fields"):
                continue
            names = fields if isinstance(fields, list) else [fields]
            for name in names:
                if name not in OPTIONAL_CARD_FIELDS:
                    allowed = ", ".join(OPTIONAL_CARD_FIELDS)
                    self.error(
                        type_line,
                        f"required_card_fields.{card_type}: {name!r} is not an "
                        f"optional card field ({allowed})",
                    )
            required[card_type] = [n for n in names if n in OPTIONAL_CARD_FIELDS]
        return required


def parse_declarations(
    data: Located, file: str, log: ErrorLog, card_types: dict[str, str]
) -> tuple[dict[str, list[FieldSpec]], dict[str, list[str]]]:
    """The ``card_fields`` and ``required_card_fields`` of game.yaml."""
    reader = _Declarations(file, log, card_types)
    return (
        reader.card_fields(data.get("card_fields"), data.line_of("card_fields")),
        reader.required_fields(
            data.get("required_card_fields"), data.line_of("required_card_fields")
        ),
    )


# --- cards ----------------------------------------------------------------


class _AttrReader:
    """Checks one card's ``attrs`` and turns them into plain values."""

    def __init__(self, card: CardSpec, log: ErrorLog, cards: dict[str, str]) -> None:
        self.card = card
        self.log = log
        self.cards = cards  # slug -> type of every card of the game

    def error(self, line: int, message: str) -> None:
        self.log.add(self.card.file, line, f"card {self.card.slug}: {message}")

    def read(self, fields: list[FieldSpec]) -> None:
        data = self.card.attrs_source
        line = self.card.lines.get("attrs", 1)
        if data is None:
            data = Located()
            data.line, data.key_lines = line, {}
        if not isinstance(data, Located):
            self.error(line, "attrs must be a mapping of the type's fields")
            return
        declared = {spec.key: spec for spec in fields}
        for key in data:
            if key not in declared:
                allowed = ", ".join(declared) or "none"
                self.error(
                    data.line_of(key),
                    f"unknown attr {key!r} for type {self.card.type!r} "
                    f"(allowed: {allowed})",
                )
        for spec in fields:
            if data.get(key := spec.key) is not None:
                value = self.value(spec, data[key], data, key)
                if value is not None:
                    self.card.attrs[key] = value
            elif spec.required:
                self.error(data.line, f"missing attr {key!r}")

    def value(self, spec: FieldSpec, value: Any, data: Located, key: str) -> Any:
        line = data.line_of(key)
        check: Callable[[FieldSpec, Any, int], Any] = getattr(
            self, "_" + spec.kind.replace("-", "_")
        )
        if spec.kind.endswith("-list") or spec.kind == "outcomes":
            if not isinstance(value, list):
                return self.wrong(spec, line)
            lines = getattr(value, "item_lines", [line] * len(value))
            items = [
                check(spec, item, at) for item, at in zip(value, lines, strict=True)
            ]
            return None if None in items else items
        if spec.kind == "markdown":
            return self._markdown(spec, value, data.key_lines.get(f"{key}@value", line))
        return check(spec, value, line)

    def wrong(self, spec: FieldSpec, line: int) -> None:
        self.error(line, f"attr {spec.key!r} must be {KINDS[spec.kind]}")
        return None

    def _int(self, spec: FieldSpec, value: Any, line: int) -> Any:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return value if ok else self.wrong(spec, line)

    def _bool(self, spec: FieldSpec, value: Any, line: int) -> Any:
        return value if isinstance(value, bool) else self.wrong(spec, line)

    def _text(self, spec: FieldSpec, value: Any, line: int) -> Any:
        # ``cost: 3`` reads as a number; it is still the text a player sees.
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not value.strip():
            return self.wrong(spec, line)
        return value

    _text_list = _text

    def _markdown(self, spec: FieldSpec, value: Any, line: int) -> Any:
        if not isinstance(value, str) or not value.strip():
            return self.wrong(spec, line)
        self.card.attr_texts[spec.key] = Text(value, self.card.file, line)
        return value

    def _choice(self, spec: FieldSpec, value: Any, line: int) -> Any:
        if not spec.choices:
            return str(value)  # the declaration lacks them: reported in game.yaml
        if str(value) not in spec.choices or isinstance(value, (bool, list, dict)):
            known = ", ".join(spec.choices)
            self.error(
                line, f"attr {spec.key!r}: {value!r} is not a choice (use {known})"
            )
            return None
        return str(value)

    _choice_list = _choice

    def _card(self, spec: FieldSpec, value: Any, line: int) -> Any:
        if not isinstance(value, str) or not SLUG.match(value):
            return self.wrong(spec, line)
        found = self.cards.get(value)
        if found is None:
            self.error(line, f"attr {spec.key!r}: unknown card {value!r}")
            return None
        if spec.card_types and found not in spec.card_types:
            wanted = " or ".join(spec.card_types)
            self.error(
                line,
                f"attr {spec.key!r}: {value!r} is a {found}, not a {wanted}",
            )
            return None
        return value

    def _card_list(self, spec: FieldSpec, value: Any, line: int) -> Any:
        # A name written out ("Any 1 technology") is text; a slug must resolve.
        if isinstance(value, str) and value.strip() and not SLUG.match(value):
            return value
        return self._card(spec, value, line)

    def _outcomes(self, spec: FieldSpec, value: Any, line: int) -> Any:
        if not isinstance(value, Located) or set(value) != {"outcome", "effect"}:
            self.error(line, f"attr {spec.key!r}: each item is {{outcome, effect}}")
            return None
        outcome, effect = value["outcome"], value["effect"]
        if not isinstance(outcome, str) or not isinstance(effect, str):
            self.error(line, f"attr {spec.key!r}: outcome and effect are text")
            return None
        index = sum(1 for key in self.card.attr_texts if key.startswith(f"{spec.key}."))
        effect_line = value.key_lines.get("effect@value", line)
        self.card.attr_texts[f"{spec.key}.{index}"] = Text(
            effect, self.card.file, effect_line
        )
        return {"outcome": outcome, "effect": effect}


def check_cards(content: GameContent, log: ErrorLog) -> None:
    """Each card's attrs, required fields, faction and ``replaces`` against the
    game's declarations and the other cards."""
    game = content.game
    cards = {card.slug: card.type for card in content.cards}
    factions = game.vocabularies.get("factions", {})
    for card in content.cards:
        line = card.lines.get
        if card.type in game.vocabularies.get("card_types", {}):
            _AttrReader(card, log, cards).read(game.card_fields.get(card.type, []))
        for name in game.required_card_fields.get(card.type, []):
            if not getattr(card, name):
                log.add(
                    card.file,
                    line("slug", 1),
                    f"card {card.slug}: a card of type {card.type!r} needs {name!r}",
                )
        if card.slug in factions and card.faction != card.slug:
            log.add(
                card.file,
                line("slug", 1),
                f"card {card.slug}: the card named after a faction is that "
                f"faction's own card: give it 'faction: {card.slug}'",
            )
        if card.faction and card.faction not in factions:
            known = ", ".join(factions) or "none declared in game.yaml"
            log.add(
                card.file,
                line("faction", 1),
                f"unknown faction {card.faction!r} (known: {known})",
            )
        if card.replaces and (card.replaces not in cards or card.replaces == card.slug):
            log.add(
                card.file,
                line("replaces", 1),
                f"card {card.slug}: replaces unknown card {card.replaces!r}",
            )
