"""Checks on the fields of one YAML mapping: required, known, and typed."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from rules.content.errors import ErrorLog
from rules.content.yamlfile import Located

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

_TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    list: "a list",
    dict: "a mapping",
    dt.date: "a date (YYYY-MM-DD)",
}


class FieldReader:
    """Reads typed fields from one mapping, logging each problem with its line."""

    def __init__(self, data: Located, file: str, log: ErrorLog, what: str) -> None:
        self.data = data
        self.file = file
        self.log = log
        self.what = what

    def check_keys(self, required: set[str], optional: set[str]) -> None:
        for key in sorted(required - set(self.data)):
            self.log.add(
                self.file, self.data.line, f"{self.what}: missing field {key!r}"
            )
        for key in sorted(set(self.data) - required - optional):
            self.log.add(
                self.file,
                self.data.line_of(key),
                f"{self.what}: unknown field {key!r} "
                f"(allowed: {', '.join(sorted(required | optional))})",
            )

    def line(self, key: str) -> int:
        return self.data.line_of(key)

    def value_line(self, key: str) -> int:
        return self.data.key_lines.get(f"{key}@value", self.data.line_of(key))

    def get(self, key: str, kind: type, default: Any = None) -> Any:
        if key not in self.data or self.data[key] is None:
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool):
            value = None
        if kind is dt.date and isinstance(value, dt.datetime):
            value = value.date()
        if not isinstance(value, kind):
            self.log.add(
                self.file,
                self.line(key),
                f"{self.what}: field {key!r} must be "
                f"{_TYPE_NAMES.get(kind, kind.__name__)}",
            )
            return default
        return value

    def text(self, key: str, default: str = "") -> str:
        value = self.get(key, str, default)
        # null means "not given"; an empty or blank string is a mistake.
        given = self.data.get(key) is not None
        if given and isinstance(value, str) and not value.strip():
            self.log.add(
                self.file, self.line(key), f"{self.what}: field {key!r} is empty"
            )
        return value if isinstance(value, str) else default

    def slug(self, key: str) -> str:
        value = self.text(key)
        if value and not SLUG.match(value):
            self.log.add(
                self.file,
                self.line(key),
                f"{self.what}: {key} {value!r} must be lower-case words "
                "joined by hyphens",
            )
        return value

    def string_list(self, key: str) -> list[str]:
        value = self.get(key, list, [])
        wrong = f"{key} must list text items"
        items = (self._identifier(key, item, wrong) for item in value)
        return [item for item in items if item is not None]

    def identifier(self, key: str) -> str | None:
        """A single id such as a rule id (``"2.4"``); None when not given."""
        value = self.data.get(key)
        wrong = f'field {key!r} must be an id such as "2.4"'
        return None if value is None else self._identifier(key, value, wrong)

    def _identifier(self, key: str, item: Any, wrong: str) -> str | None:
        if isinstance(item, float):
            # YAML reads 2.10 as the number 2.1: ids must be quoted.
            self.log.add(
                self.file,
                self.line(key),
                f'{self.what}: quote the id {item!r} in {key} (write "{item}")',
            )
        elif isinstance(item, (str, int)) and not isinstance(item, bool):
            return str(item)
        else:
            self.log.add(self.file, self.line(key), f"{self.what}: {wrong}")
        return None
