"""How results are ranked, with Whoosh's own means: its BM25F weighting over
the stemmed text, a bonus for the query's words in a document's title (the
same words scored again in the ``name`` field, and as a phrase there when in
the order typed), and a weight per kind of document (the weighting's
``final`` hook)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from whoosh import query as wq
from whoosh import scoring
from whoosh.searching import Searcher

# In the text a title is a few words among many: scored again on its own, the
# title lifts "Lucky Shot" above "Does Lucky Shot ignore Sustain Damage?" for
# "lucky shot" (half normalised by length, B = 0.5: a short title holding the
# query's words beats a long one, and one holding more of them beats one
# holding fewer, for "lucky shot on my own ship"). The values are those that
# pass tests/search/test_relevance.py with the widest margin.
TITLE_B = 0.5
# A topic, the full account of a subject, weighs a little more; a glossary line
# restates a rule and a ruling stands beside the rule text, so they weigh less.
KIND_WEIGHTS = {"topic": 1.1, "term": 0.9, "ruling": 0.85}


class Ranking(scoring.BM25F):  # type: ignore[misc]
    """BM25F, each document's score then multiplied by its kind's weight."""

    use_final = True

    def __init__(self, reader: Any) -> None:
        super().__init__(B=0.75, K1=1.2, name_B=TITLE_B)
        kinds = reader.column_reader("kind", translate=True)
        self.weights = [KIND_WEIGHTS.get(kind, 1.0) for kind in kinds]

    def final(self, searcher: Searcher, docnum: int, score: float) -> float:
        return score * self.weights[docnum]


def with_title_bonus(q: Any) -> Any:
    """``q``, its matches also scored for the query's words in their title."""
    words = [text for field, text in positive_terms(q) if field == "text"]
    if not words:
        return q
    titles: list[Any] = [wq.Term("name", word) for word in dict.fromkeys(words)]
    if len(words) > 1:
        titles.append(wq.Phrase("name", words))
    return wq.AndMaybe(q, wq.Or(titles))


def at_least(words: Sequence[Any], need: int) -> Any:
    """Documents matching ``need`` of ``words`` or more."""
    if need >= len(words):
        return wq.And(words)
    if need <= 1:
        return wq.Or(words)
    return wq.Or([wq.And(some) for some in combinations(words, need)])


def positive_terms(q: Any) -> Iterator[tuple[str, str]]:
    """The terms a document is rewarded for matching: not those after NOT."""
    if isinstance(q, wq.Not):
        return
    if isinstance(q, wq.AndNot):
        yield from positive_terms(q.a)
    elif isinstance(q, wq.Phrase):
        yield from ((q.fieldname, word) for word in q.words)
    elif isinstance(q, wq.Term):
        yield q.fieldname, q.text
    else:
        for sub in q.children():
            yield from positive_terms(sub)
