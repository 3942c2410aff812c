"""Snippets: a document's text cut around the words a query matched, escaped,
with those words marked. No Whoosh: the caller gives the stemmer."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import chain

from django.utils.safestring import SafeString

# Where <mark> and </mark> go, until the text around them is escaped.
_MARK, _UNMARK = "\x02", "\x03"


def highlight(
    text: str, stems: AbstractSet[str], width: int, stem: Callable[[str], str]
) -> SafeString:
    """``text`` escaped, cut to about ``width`` characters around the first
    matched word, with every matched word (a word whose ``stem`` is one of
    ``stems``) in ``<mark>``."""
    pattern = word_pattern(frozenset(stems))
    # Lazily: the words past the cut are never looked at.
    spans = (m.span() for m in pattern.finditer(text) if stem(m[0]) in stems)
    first = next(spans, None)
    start = 0
    if len(text) > width and first and first[1] > width - 40:
        start = text.rfind(" ", 0, max(0, first[0] - 60)) + 1
    end = len(text) if len(text) - start <= width else text.rfind(" ", 0, start + width)
    end = max(end, start + 1)
    # Marked with two control characters and escaped at once: escaping goes
    # character by character, so this equals escaping each piece (one call
    # instead of one per piece). Texts holding those characters (never prose)
    # are escaped piece by piece.
    whole = _MARK not in text and _UNMARK not in text
    escape = str if whole else html.escape
    mark, unmark = (_MARK, _UNMARK) if whole else ("<mark>", "</mark>")
    out, at = ["… " if start else ""], start
    for left, right in chain([first] if first else [], spans):
        if left > end:
            break
        if left >= start and right <= end:
            out += [escape(text[at:left]), mark, escape(text[left:right]), unmark]
            at = right
    out += [escape(text[at:end]), " …" if end < len(text) else ""]
    marked = "".join(out)
    if whole:
        marked = html.escape(marked).replace(_MARK, "<mark>")
        marked = marked.replace(_UNMARK, "</mark>")
    return SafeString(marked)  # every piece of the text is escaped


@lru_cache(maxsize=512)
def word_pattern(stems: frozenset[str]) -> re.Pattern[str]:
    """Whole words that start like one of ``stems`` (less a final i or e, which
    stemming may have changed from y or added): the few candidates highlight()
    then stems, instead of stemming every word of the text."""
    starts = sorted({stem.rstrip("ie") or stem for stem in stems}, key=len)
    alternatives = "|".join(re.escape(start) for start in reversed(starts))
    return re.compile(rf"\b(?:{alternatives or '(?!)'})\w*(?:\.\w+)*", re.IGNORECASE)
