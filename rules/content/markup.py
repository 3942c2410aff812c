"""Render content Markdown to safe HTML: cross-links become links, raw HTML is
cleaned with an allow-list."""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections import Counter
from typing import Any

import markdown
import nh3
from markdown.inlinepatterns import InlineProcessor

from rules.content.links import LINK, LinkTargets, Recorder

ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "dl", "dt", "em",
    "h2", "h3", "h4", "hr", "i", "kbd", "li", "ol", "p", "pre", "span", "strong",
    "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "class", "data-xref"},
    "abbr": {"title"},
    "span": {"class"},
    "code": {"class"},
    "td": {"align"},
    "th": {"align"},
}


_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)")
_VOID_TAGS = {"br", "hr"}


def raw_html_problems(source: str) -> list[tuple[int, str]]:
    """(line offset, message) for raw HTML in the Markdown ``source`` that would
    not reach the page as written: a tag the sanitizer removes (with its content,
    and everything after an unclosed ``<style>``, ``<script>`` or ``<textarea>``),
    or an allowed tag left open or closed twice (it would swallow or reorder the
    text after it)."""
    md = markdown.Markdown(extensions=["tables", "sane_lists"])
    md.convert(source)
    raw = "".join(str(block) for block in md.htmlStash.rawHtmlBlocks)
    lowered = source.lower()
    problems: list[tuple[int, str]] = []
    balance: Counter[str] = Counter()
    first_line: dict[str, int] = {}
    cursor = 0
    for tag in _TAG.finditer(raw):
        closing, name = tag[1], tag[2].lower()
        found = lowered.find(f"<{closing}{name}", cursor)
        cursor = found + 1 if found >= 0 else cursor
        line = source.count("\n", 0, max(found, 0))
        if name not in ALLOWED_TAGS:
            if not closing:
                problems.append((line, _disallowed(name)))
            continue
        if name in _VOID_TAGS:
            continue
        first_line.setdefault(name, line)
        balance[name] += -1 if closing else 1
        if balance[name] < 0:
            problems.append((line, f"</{name}> closes no <{name}>"))
            balance[name] = 0
    for name, count in balance.items():
        if count > 0:
            problems.append((first_line[name], f"<{name}> is never closed"))
    return problems


def _disallowed(name: str) -> str:
    return (
        f"raw HTML <{name}> is not allowed: the page would drop it, or with an "
        "unclosed one the rest of the text (allowed tags: "
        f"{', '.join(sorted(ALLOWED_TAGS))})"
    )


def sanitize(html: str) -> str:
    """Keep only allow-listed tags, attributes and URL schemes."""
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


class _CrossLinkProcessor(InlineProcessor):
    def __init__(self, targets: LinkTargets, record: Recorder) -> None:
        super().__init__(LINK.pattern)
        self.targets = targets
        self.record = record

    def handleMatch(self, m: Any, data: str) -> tuple[etree.Element, int, int]:
        target = self.targets.resolve(m["kind"], m["target"].strip())
        label = (m["label"] or "").strip()
        if target is None:
            # The loader refuses unresolved links; this only guards direct calls.
            span = etree.Element("span", {"class": "xref-missing"})
            span.text = label or m["target"]
            return span, m.start(0), m.end(0)
        self.record(target)
        link = etree.Element(
            "a",
            {
                "href": target.url,
                "class": f"xref xref-{target.kind}",
                "data-xref": f"{target.kind}:{target.key}",
                "title": target.title,
            },
        )
        link.text = label or target.label
        return link, m.start(0), m.end(0)


class _CrossLinkExtension(markdown.Extension):
    def __init__(self, targets: LinkTargets, record: Recorder) -> None:
        super().__init__()
        self.targets = targets
        self.record = record

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # Priority above links (160) so [[...]] is not read as a reference link.
        md.inlinePatterns.register(
            _CrossLinkProcessor(self.targets, self.record), "crosslink", 175
        )


class Renderer:
    """Renders Markdown of one game; remembers the targets each render linked."""

    def __init__(self, targets: LinkTargets) -> None:
        self.linked: list[tuple[str, str]] = []
        self._md = markdown.Markdown(
            extensions=[
                _CrossLinkExtension(targets, self._record),
                "tables",
                "sane_lists",
            ],
            output_format="html",
        )

    def _record(self, target: Any) -> None:
        self.linked.append((target.kind, target.key))

    def render(self, source: str) -> tuple[str, list[tuple[str, str]]]:
        """HTML for ``source`` and the (kind, key) of each cross-link in it."""
        self.linked = []
        html = self._md.reset().convert(source)
        return sanitize(html), list(dict.fromkeys(self.linked))
