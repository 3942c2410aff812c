"""Cross-links ``[[kind:target|label]]``: finding them and resolving targets."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

LINK = re.compile(
    r"\[\[(?P<kind>[a-z]+):(?P<target>[^\]|\n]+?)(?:\|(?P<label>[^\]\n]+))?\]\]"
)
KINDS = ("rule", "topic", "card", "term", "ruling")


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
