"""The Whoosh index: the only package of the project that imports Whoosh.

The index lives under ``settings.SEARCH_INDEX_DIR``: each build goes into a fresh
``build-*`` folder and the one-line ``CURRENT`` file names the live one;
``build_index`` replaces that file with an atomic rename, so a reader sees the
old index or the new one, never half of one. Each process keeps the open index
and reopens it when ``CURRENT`` changes.

Whoosh stores the index, analyses text, parses queries and suggests spellings.
Ranking is done here (BM25 in ``rules.search.scoring``), over postings read
from Whoosh once per open index and kept in a bounded cache: Whoosh's own
searcher reads and scores every posting in Python on every query, which
misses the search target (figures in docs/DECISIONS.md).

``layout`` knows the files and the schema, ``build`` writes and swaps an index,
``searcher`` opens and searches it.
"""

from __future__ import annotations

from rules.search.index.build import (
    BuildReport,
    build_index,
    content_versions,
    memory_index,
)
from rules.search.index.layout import SCHEMA_VERSION
from rules.search.index.searcher import (
    SearchIndex,
    WarmReport,
    index_marker,
    open_index,
)

__all__ = [
    "SCHEMA_VERSION",
    "BuildReport",
    "SearchIndex",
    "WarmReport",
    "build_index",
    "content_versions",
    "index_marker",
    "memory_index",
    "open_index",
]
