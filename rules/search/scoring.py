"""Combining per-word scores ({document number: score}) into a query's: the
set operations of ranking, written so that the hot loops run in C. No Whoosh."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain
from operator import add


def intersect(parts: list[dict[int, float]]) -> dict[int, float]:
    """Documents in every part, with the sum of their scores (summed by map()
    and zip(), which run in C: this is the hot loop of a common-word query)."""
    if not parts:
        return {}
    parts.sort(key=len)
    common = list(set(parts[0]).intersection(*parts[1:]))
    totals: Iterable[float] = map(parts[0].__getitem__, common)
    for part in parts[1:]:
        totals = map(add, totals, map(part.__getitem__, common))
    return dict(zip(common, totals, strict=True))


def among(docs: frozenset[int], scores: dict[int, float]) -> list[int]:
    """The documents of ``docs`` that have a score, walking the smaller side."""
    if len(docs) < len(scores):
        return [d for d in docs if d in scores]
    return [d for d in scores if d in docs]


def at_least(parts: list[dict[int, float]], need: int) -> dict[int, float]:
    """Documents in ``need`` of the parts or more, their summed score scaled by
    the share of parts they are in."""
    if need >= len(parts):
        return intersect(parts)
    found = Counter(chain.from_iterable(parts))
    return {
        d: sum([part.get(d, 0.0) for part in parts]) * count / len(parts)
        for d, count in found.items()
        if count >= need
    }


def merge(parts: list[dict[int, float]]) -> dict[int, float]:
    parts.sort(key=len, reverse=True)
    merged = dict(parts[0]) if parts else {}
    for part in parts[1:]:
        for d, s in part.items():
            merged[d] = merged.get(d, 0.0) + s
    return merged
