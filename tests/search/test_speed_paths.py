"""The cached paths of the search index give exactly what a fresh read of
Whoosh's postings gives: positions read only for the documents a phrase needs,
a warmed index, a tiny cache, a reader per process, highlighting escaped in
one go."""

from __future__ import annotations

from typing import Any

import pytest

from rules.search import SearchIndex, memory_index, search
from rules.search.highlight import highlight
from rules.search.index import searcher
from tests.search.documents import doc

WORDS = [
    "card",
    "draw",
    "player",
    "phase",
    "fleet",
    "pool",
    "tactic",
    "token",
    "action",
    "rule",
]


def corpus(count: int = 700) -> list[Any]:
    """Enough documents that common words span several postings blocks (128
    postings each), with repeated words, phrases that hold and phrases that
    do not, and rare words."""
    docs = []
    for i in range(count):
        words = [WORDS[(i * k) % len(WORDS)] for k in range(1, 9)]
        if i % 3 == 0:
            words += ["fleet", "pool", "card", "card"]
        if i % 7 == 0:
            words += ["pool", "fleet"]
        docs.append(doc(f"{i}.1", f"{i}.1", " ".join([*words, f"rare{i}"])))
    return docs


@pytest.fixture(scope="module")
def index() -> SearchIndex:
    return memory_index(corpus())


QUERIES = [
    "card",
    "fleet pool",
    '"fleet pool"',
    '"pool fleet"',
    '"card card"',
    '"tactic token action"',
    "draw player phase token",
    "card NOT fleet",
    "rare5 OR rare600",
    '"rare5 card"',
    "kind:rule token",
]


def results(index: SearchIndex) -> list[Any]:
    return [search("demo", q, index=index) for q in QUERIES] + [
        search("demo", q, index=index, page=2) for q in QUERIES
    ]


def generic(reader: Any, word: str, astype: str) -> list[tuple[int, Any]]:
    return list(reader.postings("text", word).items_as(astype))


def test_positions_of_some_documents_are_those_of_every_document(
    index: SearchIndex,
) -> None:
    reader = index.reader()
    for word in ["card", "fleet", "pool", "rare5"]:
        expected = {d: frozenset(p) for d, p in generic(reader, word, "positions")}
        some = sorted(expected)[::5]  # spread over the blocks

        assert index._positions(word, some) == {d: expected[d] for d in some}


def test_results_are_the_same_cold_hot_warmed_and_with_a_tiny_cache(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = results(index)
    assert results(index) == expected  # hot

    warmed = memory_index(corpus())
    report = warmed.warm()
    assert report.words >= len(WORDS) and report.postings > 0
    assert ("score", "card") in warmed._postings
    assert results(warmed) == expected

    monkeypatch.setattr(searcher, "_CACHED_POSTINGS", 300)
    assert results(memory_index(corpus())) == expected


def test_warming_stops_at_its_bounds() -> None:
    warmed = memory_index(corpus())

    report = warmed.warm(postings=800)

    reader = warmed.reader()
    df = {w: reader.doc_frequency("text", w) for w in reader.field_terms("text")}
    decoded = {w for kind, w in warmed._postings if kind == "score"}
    assert 0 < report.postings == sum(df[w] for w in decoded) <= 800
    assert min(df[w] for w in decoded) >= max(df[w] for w in WORDS if w not in decoded)
    assert ("score", "rare5") not in warmed._postings
    assert report.documents == len(corpus())
    assert ("title", "5") in warmed._postings
    cut_short = memory_index(corpus()).warm(seconds=0)
    assert cut_short.words == cut_short.documents == 0


def test_a_forked_process_opens_its_own_reader(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Whoosh reads with seek() and read(): a reader inherited through a fork
    # would share its file offsets with the parent's.
    first = index.reader()
    assert index.reader() is first

    pid = searcher.os.getpid()
    monkeypatch.setattr(searcher.os, "getpid", lambda: pid + 1)

    assert index.reader() is not first
    assert search("demo", '"fleet pool"', index=index).total > 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Draw <b> & 'draw'",
            "<mark>Draw</mark> &lt;b&gt; &amp; &#x27;<mark>draw</mark>&#x27;",
        ),
        ("<\x02draw\x03>", "&lt;\x02<mark>draw</mark>\x03&gt;"),
        ("no match here", "no match here"),
    ],
)  # fmt: skip
def test_highlighting_escapes_every_piece(text: str, expected: str) -> None:
    assert highlight(text, {"draw"}, 200, searcher._stem) == expected


def test_highlighting_cuts_around_the_first_match_and_marks_nothing_past_it() -> None:
    text = " ".join(["filler"] * 40 + ["draw"] + ["filler"] * 10 + ["draw"] * 60)

    snippet = highlight(text, {"draw"}, 100, searcher._stem)

    assert snippet.startswith("… filler")
    assert snippet.endswith(" …")
    assert snippet.count("<mark>draw</mark>") == snippet.count("draw")
    assert len(snippet.replace("<mark>", "").replace("</mark>", "")) <= 104
