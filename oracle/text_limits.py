"""Limits on the text a client sends the oracle that the decoders do not
check themselves: how deep JSON nests (the standard library recurses once a
level, so a deep enough text fails with a ``RecursionError`` anywhere later),
how long a number's digits run, and text that is not Unicode (a lone
surrogate such as ``\\ud800``, which JSON escapes allow and UTF-8 cannot
encode)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping

#: The deepest nesting of lists and mappings accepted in scenario text. A valid
#: scenario nests about six levels (an expected value may nest a few more).
MAX_DEPTH = 32

# A JSON string (so that brackets inside it are not counted), a bracket or a
# line break. An unterminated string does not match: its quote is skipped, and
# the decoder reports the text as malformed.
_JSON_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[\]{}\n]')
_SURROGATE = re.compile("[\ud800-\udfff]")
# Python refuses to convert integers with more digits than this (CVE-2020-10735).
_LONG_NUMBER = re.compile(rf"\d{{{sys.get_int_max_str_digits() + 1},}}")


def json_too_deep(text: str, most: int = MAX_DEPTH) -> tuple[int, int] | None:
    """The (line, column) where JSON ``text`` nests deeper than ``most``
    lists and mappings, or None. Scans the text without decoding it."""
    depth, line, start = 0, 1, 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token == "\n":
            line, start = line + 1, match.end()
        elif token in "[{":
            depth += 1
            if depth > most:
                return line, match.start() - start + 1
        elif token in "]}":
            depth -= 1
    return None


def long_number_line(text: str) -> int | None:
    """The line of the first number with more digits than Python converts."""
    found = _LONG_NUMBER.search(text)
    return text.count("\n", 0, found.start()) + 1 if found else None


def surrogate_pointer(data: object) -> str | None:
    """The JSON pointer of the first key or string of ``data`` holding a lone
    surrogate, or None."""
    try:  # UTF-8 cannot encode a surrogate: most data is checked in C at once
        json.dumps(data, ensure_ascii=False, default=str).encode()
        return None
    except (UnicodeEncodeError, TypeError, ValueError, RecursionError):
        pass
    todo: list[tuple[str, object]] = [("", data)]
    while todo:
        path, value = todo.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return _printable(path)
        elif isinstance(value, Mapping):
            for key in reversed(list(value)):
                here = f"{path}/{_escape(str(key))}"
                if _SURROGATE.search(str(key)):
                    return _printable(here)
                todo.append((here, value[key]))
        elif isinstance(value, list | tuple):
            todo.extend((f"{path}/{i}", v) for i, v in reversed(list(enumerate(value))))
    return None


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _printable(pointer: str) -> str:
    """A pointer through a key holding a surrogate, written with its escape."""
    return pointer.encode("utf-8", "backslashreplace").decode()
