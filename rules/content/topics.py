"""Parse a topic file: YAML front matter, a summary, numbered rules and notes."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from rules.content.errors import ErrorLog
from rules.content.fields import FieldReader
from rules.content.specs import RuleSpec, Text, TopicSpec
from rules.content.yamlfile import Located, YamlError, load_yaml
from rules.ids import ROMAN, TOPIC, parent_of, split_topic_code

RULE_LINE = re.compile(
    rf"^(?P<id>(?P<topic>{TOPIC})\.\d+[a-z]?(?:\.{ROMAN})?)\s+(?P<text>\S.*)$"
)
NOTE_LINE = re.compile(
    rf"^(?P<id>(?P<topic>{TOPIC})\.N\d+(?:\.{ROMAN})?)\s+"
    r"(?:\[(?P<source>[a-z-]+)(?:\s+(?P<date>\d{4}-\d{2}-\d{2}))?\]\s+)?"
    r"(?P<text>\S.*)$"
)
NOTE_SOURCES = {"rules-reference", "faq", "designer", "community"}
FRONT_MATTER_KEYS = (
    {"number", "title", "slug"},
    {"related", "updated", "expansion"},
)


def parse_topic(path: Path, name: str, log: ErrorLog) -> TopicSpec | None:
    """Parse one topic file; problems go to ``log`` and make it return None."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        log.add(name, 1, f"file is not UTF-8 text (byte {exc.start})")
        return None
    errors_before = len(log.errors)
    if not lines or lines[0].strip() != "---":
        log.add(name, 1, "a topic file must start with '---' and YAML front matter")
        return None
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        log.add(name, 1, "front matter is not closed by a '---' line")
        return None
    meta = _read_front_matter("\n".join(lines[1:end]), name, log)
    if meta is None:
        return None
    topic = _topic_from_meta(meta, name, log)
    body_start = end + 1
    _BodyParser(topic, name, log).parse(lines[body_start:], first_line=body_start + 1)
    topic.body = "\n".join(lines[body_start:]).strip()
    _check_file_name(path, topic, name, log)
    return topic if len(log.errors) == errors_before else None


def _read_front_matter(text: str, name: str, log: ErrorLog) -> Located | None:
    try:
        meta = load_yaml(text, first_line=2)
    except YamlError as exc:
        log.add(name, exc.line, f"front matter: {exc}")
        return None
    if not isinstance(meta, Located):
        log.add(name, 2, "front matter must be a YAML mapping")
        return None
    return meta


def _topic_from_meta(meta: Located, name: str, log: ErrorLog) -> TopicSpec:
    reader = FieldReader(meta, name, log, "front matter")
    reader.check_keys(*FRONT_MATTER_KEYS)
    prefix, number = _topic_number(reader, meta.get("number"))
    return TopicSpec(
        prefix=prefix,
        number=number,
        expansion=reader.text("expansion", "base"),
        expansion_line=reader.line("expansion"),
        slug=reader.slug("slug"),
        title=reader.text("title"),
        related=reader.string_list("related"),
        updated=reader.get("updated", dt.date),
        summary=Text("", name, 1),
        body="",
        rules=[],
        file=name,
        line=1,
        related_line=reader.line("related"),
    )


def _topic_number(reader: FieldReader, value: object) -> tuple[str, int]:
    """``number: 58`` or a prefixed ``number: TE1``; ("", 0) when wrong."""
    found = None
    if isinstance(value, int) and not isinstance(value, bool):
        found = ("", value)
    elif isinstance(value, str) and value == value.upper():
        found = split_topic_code(value)
    if value is not None and (found is None or found[1] <= 0):
        reader.log.add(
            reader.file,
            reader.line("number"),
            "front matter: number must be a positive whole number (58) "
            "or a series prefix and one (TE1)",
        )
        return "", 0
    return found or ("", 0)


def _check_file_name(path: Path, topic: TopicSpec, name: str, log: ErrorLog) -> None:
    number = (
        f"{topic.prefix.lower()}{topic.number}"
        if topic.prefix
        else f"{topic.number:03d}"
    )
    expected = f"{number}-{topic.slug}.md"
    if topic.number and topic.slug and path.name != expected:
        log.add(name, 1, f"file name should be {expected!r} for this topic")


class _BodyParser:
    """Walks the body line by line: summary, then rules, then ``## Notes``."""

    def __init__(self, topic: TopicSpec, name: str, log: ErrorLog) -> None:
        self.topic = topic
        self.name = name
        self.log = log
        self.in_notes = False
        self.summary: list[str] = []
        self.summary_line = 0
        self.current: list[str] | None = None
        self.texts: list[tuple[RuleSpec, list[str]]] = []

    def parse(self, lines: list[str], *, first_line: int) -> None:
        for offset, line in enumerate(lines):
            self.feed(line, first_line + offset)
        for rule, text in self.texts:
            rule.text = Text("\n".join(text).strip(), rule.text.file, rule.text.line)
        summary = "\n".join(self.summary).strip()
        self.topic.summary = Text(summary, self.name, self.summary_line or first_line)

    def feed(self, line: str, number: int) -> None:
        if line.startswith("## "):
            self.heading(line, number)
        elif self.in_notes:
            self.note_line(line, number)
        elif match := RULE_LINE.match(line):
            self.start_rule(match, number)
        elif self.current is not None:
            self.current.append(line)
        else:
            if line.strip() and not self.summary_line:
                self.summary_line = number
            self.summary.append(line)

    def heading(self, line: str, number: int) -> None:
        if line.strip() == "## Notes" and not self.in_notes:
            self.in_notes = True
            self.current = None
        else:
            self.log.add(
                self.name,
                number,
                f"unexpected heading {line.strip()!r} (only '## Notes')",
            )

    def start_rule(self, match: re.Match[str], number: int) -> None:
        rule_id = match["id"]
        if not self.belongs(rule_id, match["topic"], number):
            return
        parent = self.parent(rule_id, number)
        self.add(
            RuleSpec(rule_id, "rule", parent, 0, Text("", self.name, number)),
            match["text"],
            number,
        )

    def note_line(self, line: str, number: int) -> None:
        match = NOTE_LINE.match(line)
        if match is None:
            if self.current is not None:
                self.current.append(line)
            elif line.strip():
                self.log.add(
                    self.name, number, "a note must start with its id, e.g. 2.N1"
                )
            return
        if not self.belongs(match["id"], match["topic"], number):
            return
        parent = self.parent(match["id"], number)
        note = RuleSpec(match["id"], "note", parent, 0, Text("", self.name, number))
        self.set_note_source(note, match, number)
        self.add(note, match["text"], number)

    def set_note_source(
        self, note: RuleSpec, match: re.Match[str], number: int
    ) -> None:
        if match["source"]:
            if match["source"] not in NOTE_SOURCES:
                self.log.add(
                    self.name,
                    number,
                    f"note {note.rule_id}: unknown source {match['source']!r} "
                    f"(use {', '.join(sorted(NOTE_SOURCES))})",
                )
            note.source = match["source"]
        if match["date"]:
            try:
                note.date = dt.date.fromisoformat(match["date"])
            except ValueError:
                self.log.add(self.name, number, f"note {note.rule_id}: bad date")

    def parent(self, rule_id: str, number: int) -> str | None:
        """The id ``rule_id`` belongs to (2.4 for 2.4a, 8.2 for 8.2.i), which
        must come before it."""
        parent = parent_of(rule_id)
        if parent and parent not in self.ids():
            self.log.add(
                self.name, number, f"rule {rule_id}: parent rule {parent} missing"
            )
        return parent

    def belongs(self, rule_id: str, topic: str, number: int) -> bool:
        if topic != self.topic.code:
            self.log.add(
                self.name,
                number,
                f"rule {rule_id} does not belong to topic {self.topic.code}",
            )
            return False
        if rule_id in self.ids():
            self.log.add(self.name, number, f"duplicate rule id {rule_id}")
            return False
        return True

    def ids(self) -> set[str]:
        return {rule.rule_id for rule in self.topic.rules}

    def add(self, rule: RuleSpec, first_text: str, number: int) -> None:
        rule.position = len(self.topic.rules)
        self.topic.rules.append(rule)
        self.current = [first_text]
        self.texts.append((rule, self.current))
