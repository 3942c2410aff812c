"""Parse the YAML content files: game.yaml, cards, the glossary and rulings."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from rules.content.cardfields import parse_declarations
from rules.content.errors import ErrorLog
from rules.content.fields import FieldReader
from rules.content.specs import (
    CardSpec,
    GameSpec,
    NoteSpec,
    RulingSpec,
    TermSpec,
    Text,
)
from rules.content.yamlfile import Located, LocatedList, YamlError, load_yaml, plain

VOCABULARIES = ("card_types", "expansions", "windows", "flags", "factions")
DECLARATIONS = ("card_fields", "required_card_fields")
RULING_SOURCES = ("rules-reference", "faq", "designer", "community")


def read_yaml(path: Path, name: str, log: ErrorLog) -> Any:
    try:
        return load_yaml(path.read_text(encoding="utf-8"))
    except YamlError as exc:
        log.add(name, exc.line, str(exc))
    except UnicodeDecodeError:
        log.add(name, 1, "file is not UTF-8 text")
    return None


def _mapping(data: Any, name: str, log: ErrorLog, what: str) -> Located | None:
    if not isinstance(data, Located):
        line = getattr(data, "line", 1)
        log.add(name, line, f"{what} must be a YAML mapping")
        return None
    return data


def parse_game(path: Path, name: str, log: ErrorLog) -> GameSpec | None:
    data = _mapping(read_yaml(path, name, log), name, log, "game.yaml")
    if data is None:
        return None
    reader = FieldReader(data, name, log, "game")
    reader.check_keys(
        {"slug", "name", "short_name"}, {"reference", *VOCABULARIES, *DECLARATIONS}
    )
    reference = reader.get("reference", dict, {})
    vocabularies = {key: _vocabulary(reader, key) for key in VOCABULARIES}
    card_fields, required = parse_declarations(
        data, name, log, vocabularies["card_types"]
    )
    date = reference.get("date") if isinstance(reference, dict) else None
    return GameSpec(
        slug=reader.slug("slug"),
        name=reader.text("name"),
        short_name=reader.text("short_name"),
        reference_name=str(reference.get("name", "")),
        reference_version=str(reference.get("version", "")),
        reference_date=date if isinstance(date, dt.date) else None,
        vocabularies=vocabularies,
        file=name,
        lines=dict(data.key_lines),
        card_fields=card_fields,
        required_card_fields=required,
    )


def _vocabulary(reader: FieldReader, key: str) -> dict[str, str]:
    value = reader.get(key, dict, {})
    return {str(k): str(v) for k, v in value.items()}


CARD_FIELDS = (
    {"slug", "name", "type", "expansion", "effect"},
    {
        "count",
        "window",
        "timing",
        "flags",
        "rules",
        "faction",
        "attrs",
        "notes",
        "replaces",
    },
)
NOTE_FIELDS = ({"text", "source"}, {"date"})


def parse_card(path: Path, name: str, log: ErrorLog) -> CardSpec | None:
    data = _mapping(read_yaml(path, name, log), name, log, "a card file")
    if data is None:
        return None
    reader = FieldReader(data, name, log, "card")
    reader.check_keys(*CARD_FIELDS)
    slug = reader.slug("slug")
    if slug and path.stem != slug:
        log.add(name, reader.line("slug"), f"file name should be {slug}.yaml")
    count = reader.get("count", int)
    if count is not None and count < 1:
        log.add(name, reader.line("count"), "card: count must be at least 1")
    timing = reader.text("timing")
    return CardSpec(
        slug=slug,
        name=reader.text("name"),
        type=reader.text("type"),
        expansion=reader.text("expansion"),
        count=count,
        window=reader.text("window"),
        timing=Text(timing, name, reader.value_line("timing")) if timing else None,
        effect=Text(reader.text("effect"), name, reader.value_line("effect")),
        flags=reader.string_list("flags"),
        rules=reader.string_list("rules"),
        faction=reader.text("faction"),
        file=name,
        lines=dict(data.key_lines),
        attrs_source=data.get("attrs"),
        notes=_card_notes(reader),
        replaces=reader.slug("replaces"),
    )


def _card_notes(reader: FieldReader) -> list[NoteSpec]:
    items = reader.get("notes", list, [])
    lines = getattr(items, "item_lines", [])
    notes = []
    for item, line in zip(items, lines, strict=True):
        if not isinstance(item, Located):
            reader.log.add(reader.file, line, "card: each note is {text, source}")
            continue
        note = FieldReader(item, reader.file, reader.log, "card note")
        note.check_keys(*NOTE_FIELDS)
        source = note.text("source")
        if source and source not in RULING_SOURCES:
            reader.log.add(
                reader.file,
                note.line("source"),
                f"card note: unknown source {source!r} "
                f"(use {', '.join(RULING_SOURCES)})",
            )
        notes.append(
            NoteSpec(
                text=Text(note.text("text"), reader.file, note.value_line("text")),
                source=source,
                date=note.get("date", dt.date),
            )
        )
    return notes


def parse_terms(path: Path, name: str, log: ErrorLog) -> list[TermSpec]:
    data = read_yaml(path, name, log)
    if data is None:
        return []
    if not isinstance(data, LocatedList):
        log.add(name, getattr(data, "line", 1), "terms.yaml must be a list of terms")
        return []
    terms = []
    for item in data:
        entry = _mapping(item, name, log, "a term")
        if entry is None:
            continue
        reader = FieldReader(entry, name, log, "term")
        reader.check_keys({"term", "slug", "definition"}, {"topic", "rule"})
        terms.append(
            TermSpec(
                slug=reader.slug("slug"),
                term=reader.text("term"),
                topic=reader.get("topic", str),
                definition=Text(
                    reader.text("definition"), name, reader.value_line("definition")
                ),
                file=name,
                line=entry.line,
                rule=reader.identifier("rule"),
                rule_line=reader.line("rule"),
            )
        )
    return terms


RULING_FIELDS = (
    {"slug", "question", "answer", "source", "date"},
    {"cards", "rules", "scenario", "updated"},
)


def parse_ruling(path: Path, name: str, log: ErrorLog) -> RulingSpec | None:
    data = _mapping(read_yaml(path, name, log), name, log, "a ruling file")
    if data is None:
        return None
    reader = FieldReader(data, name, log, "ruling")
    reader.check_keys(*RULING_FIELDS)
    slug = reader.slug("slug")
    if slug and path.stem != slug:
        log.add(name, reader.line("slug"), f"file name should be {slug}.yaml")
    source = reader.text("source")
    if source and source not in RULING_SOURCES:
        log.add(
            name,
            reader.line("source"),
            f"ruling: unknown source {source!r} (use {', '.join(RULING_SOURCES)})",
        )
    scenario = reader.get("scenario", dict)
    date = reader.get("date", dt.date, dt.date(1970, 1, 1))
    updated = reader.get("updated", dt.date)
    if updated is not None and updated < date:
        log.add(
            name,
            reader.line("updated"),
            f"ruling: updated {updated} is before its date {date}",
        )
    return RulingSpec(
        slug=slug,
        question=reader.text("question"),
        answer=Text(reader.text("answer"), name, reader.value_line("answer")),
        cards=reader.string_list("cards"),
        rules=reader.string_list("rules"),
        source=source,
        date=date,
        updated=updated,
        scenario=plain(scenario) if scenario is not None else None,
        file=name,
        lines=dict(data.key_lines),
    )
