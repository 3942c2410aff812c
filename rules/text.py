"""How stored content reads as plain text, and display labels of sources."""

from __future__ import annotations

import html
import re

from django.utils.html import strip_tags
from django.utils.text import Truncator

SOURCE_LABELS = {
    "rules-reference": "Rules reference",
    "faq": "FAQ",
    "designer": "Designer ruling",
    "community": "Community ruling",
}


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def without_control_characters(text: str) -> str:
    """``text`` without control characters, to echo user input into a page (a
    NUL in HTML is a parse error that browsers turn into U+FFFD).

    >>> without_control_characters("sabo\\x00tage")
    'sabotage'
    """
    return _CONTROL.sub("", text)


def has_control_characters(text: str) -> bool:
    return _CONTROL.search(text) is not None


def plain_text(markup: str, limit: int | None = None) -> str:
    """Text of stored HTML: tags stripped, entities decoded, spaces collapsed,
    cut at a word boundary near ``limit`` characters.

    >>> plain_text("<p>Cancel <a href='/x'>Spy</a> &amp; draw</p>")
    'Cancel Spy & draw'
    """
    text = re.sub(r"\s+", " ", html.unescape(strip_tags(markup or ""))).strip()
    return Truncator(text).chars(limit) if limit else text


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'“(*0-9A-Z])")


def opening(text: str, *, bare: int = 40, limit: int = 240) -> str:
    """The first sentence of ``text``, and the next one too when the first is a
    bare verdict ("No.", "Yes, once."), cut at a word boundary near ``limit``.

    >>> opening("No. Sabotage cannot cancel Sabotage. It is not an action card.")
    'No. Sabotage cannot cancel Sabotage.'
    """
    sentences = _SENTENCE_END.split(text.strip(), maxsplit=2)
    taken = sentences[0]
    if len(taken) < bare and len(sentences) > 1:
        taken = f"{taken} {sentences[1]}"
    return Truncator(taken).chars(limit)
