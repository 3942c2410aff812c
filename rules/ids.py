"""The grammar of topic numbers and rule ids, in one place for the topic parser,
URLs, the jump box, search and the API.

A topic number is digits (``58``) or a series prefix and digits (``TE1``: topics
of Thunder's Edge, which the printed reference does not number). A rule id is
``<topic>.<n>``, with an optional lettered sub-rule (``2.4a``); a note is
``<topic>.N<n>`` (``2.N1``, ``TE1.N2``). Either may hold steps numbered in
lower-case roman numerals: ``8.2.i``, ``12.3a.ii``, ``48.N2.iii``.
"""

from __future__ import annotations

import re

PREFIX = r"[A-Z]{1,4}"
# i to xxxix; the lookahead keeps the empty string out.
ROMAN = r"(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})"
TOPIC = rf"(?:{PREFIX})?\d+"

# Bounded, so that a path of a thousand digits is no topic rather than a huge int.
_TOPIC_CODE = re.compile(rf"^(?P<prefix>{PREFIX})?(?P<number>\d{{1,6}})$")
RULE_ID_TEXT = (
    rf"(?P<topic>(?P<prefix>{PREFIX})?(?P<number>\d+))\."
    rf"(?:(?P<n>\d+)(?P<letter>[a-z])?|N(?P<note>\d+))(?:\.(?P<roman>{ROMAN}))?"
)
RULE_ID = re.compile(rf"^{RULE_ID_TEXT}$")
# The same, as a URL route or OpenAPI pattern accepts it: any case, no groups.
RULE_ID_ANY_CASE = (
    r"(?:[A-Za-z]{1,4})?\d+\."
    r"(?:\d+[a-zA-Z]?|[nN]\d+)(?:\.[ivxIVX]+)?"
)
_ANY_CASE = re.compile(RULE_ID_TEXT, re.IGNORECASE)
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10}


def split_topic_code(code: str) -> tuple[str, int] | None:
    """``"TE1"`` → ``("TE", 1)``, ``"58"`` → ``("", 58)``; None if not a code.

    >>> split_topic_code("te2"), split_topic_code("58"), split_topic_code("5b")
    (('TE', 2), ('', 58), None)
    """
    match = _TOPIC_CODE.match(code.upper())
    if match is None:
        return None
    return match["prefix"] or "", int(match["number"])


def topic_code(prefix: str, number: int) -> str:
    return f"{prefix}{number}"


def canonical_rule_id(text: str) -> str | None:
    """``text`` as a rule id is written (``2.4A`` → ``2.4a``, ``2.n1`` →
    ``2.N1``, ``te1.n1`` → ``TE1.N1``, ``8.2.II`` → ``8.2.ii``), or None when
    it cannot be one."""
    match = _ANY_CASE.fullmatch(text)
    if match is None:
        return None
    topic = (match["prefix"] or "").upper() + match["number"]
    roman = f".{match['roman'].lower()}" if match["roman"] else ""
    if match["note"]:
        return f"{topic}.N{match['note']}{roman}"
    letter = (match["letter"] or "").lower()
    return f"{topic}.{match['n']}{letter}{roman}"


def topic_of(rule_id: str) -> str:
    """The topic number a (canonical) rule id belongs to: ``8.2.i`` → ``8``."""
    return rule_id.split(".", 1)[0]


def parent_of(rule_id: str) -> str | None:
    """The rule a sub-rule or step belongs to: ``2.4a`` → ``2.4``,
    ``8.2.i`` → ``8.2``, ``12.3a.ii`` → ``12.3a``, ``48.N2.i`` → ``48.N2``;
    None for a rule or a note."""
    match = RULE_ID.match(rule_id)
    if match is None:
        return None
    if match["roman"]:
        return rule_id.rsplit(".", 1)[0]
    if match["letter"]:
        return f"{match['topic']}.{match['n']}"
    return None


def roman_value(numeral: str) -> int:
    """``"iv"`` → 4."""
    values = [_ROMAN_VALUES[char] for char in numeral]
    return sum(
        -value if later > value else value
        for value, later in zip(values, [*values[1:], 0], strict=True)
    )


def rule_sort_key(rule_id: str) -> tuple[str, int, int, int, str, int]:
    """Order rule ids as a reader expects: 2.4 < 2.4a < 2.10 < notes, and
    every numbered topic before a prefixed one.

    >>> ids = ["2.10", "2.4a", "2.N1", "TE1.N1", "2.N1.i", "8.2.ii", "8.2.i", "2.4"]
    >>> sorted(ids, key=rule_sort_key)
    ['2.4', '2.4a', '2.10', '2.N1', '2.N1.i', '8.2.i', '8.2.ii', 'TE1.N1']
    """
    match = RULE_ID.match(rule_id)
    if not match:
        return ("~", 0, 0, 0, rule_id, 0)
    prefix, number = match["prefix"] or "", int(match["number"])
    roman = roman_value(match["roman"]) if match["roman"] else 0
    if match["note"]:
        return (prefix, number, 1, int(match["note"]), "", roman)
    return (prefix, number, 0, int(match["n"]), match["letter"] or "", roman)
