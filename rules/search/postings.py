"""The text field's postings saved beside a Whoosh index as plain arrays
(``postings.bin``): per word, the documents holding it, its weight in each, and
its positions. Read back with a memory copy, where Whoosh's pickled blocks cost
about 1 µs a posting (docs/SEARCH.md). No Whoosh here: the index module reads
the postings from Whoosh and hands them over."""

from __future__ import annotations

import json
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from itertools import accumulate, chain
from typing import Any

#: A word's postings: its documents (in order), its weight and positions in each.
WordPostings = tuple[str, Sequence[int], Sequence[float], Sequence[Sequence[int]]]
# Change when the file changes shape: a file of another shape is ignored.
POSTINGS_FORMAT = f"1:I{array('I').itemsize}"


def encode_postings(words: Iterable[WordPostings]) -> bytes:
    """The file of ``words``: each word with its documents (in order), its
    weight in each and its positions in each."""
    index: dict[str, tuple[int, int, int]] = {}
    chunks: list[bytes] = []
    at = 0
    for word, docs, weights, positions in words:
        flat = array("I", chain.from_iterable(positions))
        chunks += [
            array("I", docs).tobytes(),
            array("d", weights).tobytes(),
            array("I", accumulate(map(len, positions), initial=0)).tobytes(),
            flat.tobytes(),
        ]
        index[word] = (at, len(docs), len(flat))
        at += sum(map(len, chunks[-4:]))
    head = json.dumps({"format": POSTINGS_FORMAT, "words": index}).encode()
    return len(head).to_bytes(8, "little") + head + b"".join(chunks)


class SavedPostings:
    """The arrays written by encode_postings, read whole (a few bytes a
    posting: some 7 MB at 10,000 documents)."""

    def __init__(self, raw: bytes) -> None:
        """``raw``: the file, or nothing (an index saved without it)."""
        size = int.from_bytes(raw[:8], "little")
        head = json.loads(raw[8 : 8 + size] or "{}")
        same = head.get("format") == POSTINGS_FORMAT
        self.words: dict[str, list[int]] = head["words"] if same else {}
        self.data = memoryview(raw)[8 + size :]

    def read(self, word: str) -> tuple[array[int], array[float], Positions] | None:
        """The documents holding ``word``, its weight and positions in each."""
        if word not in self.words:
            return None
        at, count, size = self.words[word]
        arrays: list[Any] = [array("I"), array("d"), array("I"), array("I")]
        lengths = (count, count, count + 1, size)
        for found, length in zip(arrays, lengths, strict=True):
            end = at + length * found.itemsize
            found.frombytes(self.data[at:end])
            at = end
        docs, weights, starts, positions = arrays
        return docs, weights, Positions(docs, starts, positions)


class Positions:
    """Where a word stands in each document that has it, as saved beside the
    index: a phrase looks up only the documents it needs."""

    def __init__(
        self, docs: array[int], starts: array[int], positions: array[int]
    ) -> None:
        self.docs = docs  # in order, as Whoosh's postings are
        self.starts = starts
        self.positions = positions

    def of(self, docs: Iterable[int]) -> dict[int, frozenset[int]]:
        """Where the word stands in each of ``docs`` (which all have it)."""
        every, starts, positions = self.docs, self.starts, self.positions
        found = {}
        for d in docs:
            i = bisect_left(every, d)
            found[d] = frozenset(positions[starts[i] : starts[i + 1]])
        return found
