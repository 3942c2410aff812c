"""A small validating reader for JSON-like input that collects every problem."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Set
from typing import TypeGuard, TypeVar

from oracle.engine.core.errors import Problem

MAX_STRING = 200
# Control characters (NUL, escape, line breaks...) have no place in a scenario's
# names and values; a browser would also change them on the way back from the
# editor, so the same scenario would not stay the same.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
Scalar = str | int | bool
T = TypeVar("T")


def is_scalar(value: object) -> TypeGuard[Scalar]:
    """Return whether ``value`` is a string, an integer or a boolean."""
    return isinstance(value, (str, int, bool))


_IS_STR = str.__instancecheck__


def pointer(path: str, key: str | int) -> str:
    """Extend a JSON pointer by one key (escaping ``~`` and ``/``).

    Only keys taken from the input can need escaping: readers join their own
    field names and list indexes with a plain f-string (``f"{path}/name"``).
    """
    text = str(key)
    if "~" in text or "/" in text:  # rare: most keys need no escaping
        text = text.replace("~", "~0").replace("/", "~1")
    return f"{path}/{text}"


def present(found: Iterable[T | None]) -> tuple[T, ...]:
    """Return the values that were read (those not None) as a tuple."""
    # A list comprehension: far cheaper than a generator for a few items.
    return tuple([item for item in found if item is not None])


class Reader:
    """Reads values at JSON-pointer paths, recording a problem for each fault.

    Mappings are walked in sorted key order, so the input's key order changes
    neither the values read nor the order of the problems.
    """

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, path: str, message: str) -> None:
        """Record a problem."""
        self.problems.append(Problem(path, message))

    def mapping(self, value: object, path: str) -> Mapping[str, object] | None:
        """Return ``value`` if it is a mapping with string keys."""
        # A dict (parsed JSON or YAML) skips the slower abstract-class check.
        if (type(value) is dict or isinstance(value, Mapping)) and all(
            map(_IS_STR, value)
        ):
            return value
        self.fail(path, "must be a mapping")
        return None

    def listing(
        self, value: object, path: str, most: int
    ) -> list[object] | tuple[object, ...] | None:
        """Return ``value`` if it is a list (or a tuple, read alike) of at most
        ``most`` items."""
        if not isinstance(value, list | tuple):
            self.fail(path, "must be a list")
            return None
        if len(value) > most:
            self.fail(path, f"must have at most {most} items")
            return None
        return value

    def string(self, value: object, path: str, most: int = MAX_STRING) -> str | None:
        """Return ``value`` if it is a non-empty string of at most ``most`` chars."""
        if not isinstance(value, str) or not value.strip():
            self.fail(path, "must be a non-empty string")
            return None
        if len(value) > most:
            self.fail(path, f"must be at most {most} characters")
            return None
        if _CONTROL.search(value):
            self.fail(path, "must not contain control characters")
            return None
        return value

    def integer(
        self, value: object, path: str, low: int = 0, high: int = 10**9
    ) -> int | None:
        """Return ``value`` if it is an integer between ``low`` and ``high``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, "must be an integer")
            return None
        if not low <= value <= high:
            self.fail(path, f"must be between {low} and {high}")
            return None
        return value

    def boolean(self, value: object, path: str) -> bool | None:
        """Return ``value`` if it is a boolean."""
        if not isinstance(value, bool):
            self.fail(path, "must be true or false")
            return None
        return value

    def unknown(self, data: Mapping[str, object], allowed: Set[str], path: str) -> None:
        """Record a problem for each key of ``data`` not in ``allowed``."""
        if data.keys() <= allowed:  # the usual case: no need to sort the keys
            return
        for key in sorted(data):
            if key not in allowed:
                self.fail(pointer(path, key), "unknown field")

    def counts(self, value: object, path: str) -> dict[str, int]:
        """Return a mapping of names to non-negative integers."""
        data = self.mapping(value, path) or {}
        out: dict[str, int] = {}
        for key in sorted(data):
            number = self.integer(data[key], pointer(path, key))
            if number is not None:
                out[key] = number
        return out

    def answer(self, value: object, path: str) -> object:
        """Return a scalar or a list of strings (a prompt answer or a target)."""
        if is_scalar(value):
            return value
        if (
            isinstance(value, list | tuple)
            and len(value) <= 50
            and all(isinstance(v, str) for v in value)
        ):
            return list(value)
        self.fail(path, "must be a string, a number, true/false or a list of strings")
        return None
