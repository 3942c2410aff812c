"""Link glossary terms where rule text uses them, so readers get the definition
on hover without authors writing ``[[term:…]]`` everywhere."""

from __future__ import annotations

import re
from collections.abc import Iterable

# Spans that must stay untouched: cross-links, Markdown links and inline code.
_PROTECTED = re.compile(r"\[\[[^\]]*\]\]|\[[^\]]*\]\([^)]*\)|`[^`]*`")


class TermLinker:
    """Rewrites the first use of each term in a text as a ``[[term:…]]`` link."""

    def __init__(self, terms: Iterable[tuple[str, str]]) -> None:
        self.slugs: dict[str, str] = {}
        for term, slug in terms:
            self.slugs[term.lower()] = slug
        names = sorted(self.slugs, key=len, reverse=True)
        alternatives = "|".join(re.escape(name) for name in names)
        self.pattern = (
            re.compile(rf"(?<![\w-])({alternatives})(s|es)?(?![\w-])", re.IGNORECASE)
            if names
            else None
        )

    def link(self, source: str, *, skip: frozenset[str] = frozenset()) -> str:
        """``source`` with the first use of each term not in ``skip`` linked."""
        if self.pattern is None:
            return source
        protected = [match.span() for match in _PROTECTED.finditer(source)]
        seen: set[str] = set()
        pieces: list[str] = []
        last = 0
        for match in self.pattern.finditer(source):
            slug = self.slugs[match[1].lower()]
            if slug in skip or slug in seen or _inside(match.span(), protected):
                continue
            seen.add(slug)
            pieces.append(source[last : match.start()])
            pieces.append(f"[[term:{slug}|{match[0]}]]")
            last = match.end()
        pieces.append(source[last:])
        return "".join(pieces)


def _inside(span: tuple[int, int], protected: list[tuple[int, int]]) -> bool:
    start, end = span
    return any(start < p_end and end > p_start for p_start, p_end in protected)
