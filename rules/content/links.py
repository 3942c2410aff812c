"""Cross-links ``[[kind:target|label]]``: finding them and resolving targets."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

LINK = re.compile(
    r"\[\[(?P<kind>[a-z]+):(?P<target>[^\]|\n]+?)(?:\|(?P<label>[^\]\n]+))?\]\]"
)
KINDS = ("rule", "topic", "card", "term", "ruling")
# Every "[[" must open a cross-link and every "]]" close one: anything else is
# a link mistyped ("[[card:x]", "[[Card:x]]") that would show as brackets.
_BRACKETS = re.compile(r"\[\[|\]\]")


@dataclass(frozen=True)
class Target:
    kind: str
    key: str
    url: str
    label: str
    title: str


@dataclass(frozen=True)
class FoundLink:
    kind: str
    target: str
    label: str | None
    line_offset: int


def find_links(text: str) -> Iterator[FoundLink]:
    """Every cross-link in ``text`` with the line it sits on (0-based)."""
    for match in LINK.finditer(text):
        yield FoundLink(
            kind=match["kind"],
            target=match["target"].strip(),
            label=match["label"].strip() if match["label"] else None,
            line_offset=text.count("\n", 0, match.start()),
        )


def malformed_links(text: str) -> Iterator[tuple[int, str]]:
    """(line offset, message) for the lines holding a ``[[`` or ``]]`` that is not
    part of a well-formed cross-link (one message a line)."""
    spans = [match.span() for match in LINK.finditer(text)]
    reported: set[int] = set()
    for bracket in _BRACKETS.finditer(text):
        at = bracket.start()
        offset = text.count("\n", 0, at)
        if offset in reported or any(start <= at < end for start, end in spans):
            continue
        reported.add(offset)
        line_start = text.rfind("\n", 0, at) + 1
        start = at if bracket[0] == "[[" else max(at - 30, line_start)
        snippet = text[start : start + 60].split("\n", 1)[0].strip()
        yield (
            offset,
            f"malformed cross-link near {snippet!r}: write [[kind:target]] or "
            f"[[kind:target|label]], the kind in lower case ({', '.join(KINDS)})",
        )


def normalise_term(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class LinkTargets:
    """Everything a game's content can link to, by kind and key."""

    def __init__(self) -> None:
        self._targets: dict[tuple[str, str], Target] = {}

    def add(self, target: Target, *aliases: str) -> None:
        self._targets[(target.kind, target.key)] = target
        for alias in aliases:
            self._targets.setdefault((target.kind, alias), target)

    def resolve(self, kind: str, key: str) -> Target | None:
        if kind == "term":
            key = normalise_term(key)
        return self._targets.get((kind, key))

    def problem(self, link: FoundLink) -> str | None:
        """Why a link cannot be resolved, or None when it can."""
        if link.kind not in KINDS:
            return f"unknown link kind {link.kind!r} in [[{link.kind}:{link.target}]]"
        if self.resolve(link.kind, link.target) is None:
            return f"broken link [[{link.kind}:{link.target}]]: no such {link.kind}"
        return None


Recorder = Callable[[Target], None]
