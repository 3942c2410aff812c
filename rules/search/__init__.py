"""Full-text search over a game's topics, rules, cards, terms and rulings.

``search(game, query, kind=, page=, limit=)`` answers a ``SearchResults``;
``build_index()`` (run by ``manage.py build_search_index``) builds the index of
every game and swaps it in atomically. All Whoosh use sits in
``rules.search.index``; the request checks and result types in
``rules.search.query``; the documents read from the database in
``rules.search.documents``.
"""

from __future__ import annotations

from rules.models import Game
from rules.search.documents import SearchDocument, documents_for
from rules.search.index import (
    SCHEMA_VERSION,
    BuildReport,
    SearchIndex,
    build_index,
    index_marker,
    memory_index,
    open_index,
)
from rules.search.query import (
    DEFAULT_LIMIT,
    KIND_LABELS,
    KINDS,
    MAX_LIMIT,
    MAX_PAGE,
    MAX_QUERY_LENGTH,
    Hit,
    HitGroup,
    SearchQueryError,
    SearchResults,
    SearchUnavailable,
    parse_request,
    without_kind_filters,
)

__all__ = [
    "DEFAULT_LIMIT",
    "KINDS",
    "KIND_LABELS",
    "MAX_LIMIT",
    "MAX_PAGE",
    "MAX_QUERY_LENGTH",
    "SCHEMA_VERSION",
    "BuildReport",
    "Hit",
    "HitGroup",
    "SearchDocument",
    "SearchIndex",
    "SearchQueryError",
    "SearchResults",
    "SearchUnavailable",
    "build_index",
    "documents_for",
    "index_marker",
    "memory_index",
    "open_index",
    "search",
    "without_kind_filters",
]


def search(
    game: Game | str,
    query: str,
    *,
    kind: str | None = None,
    page: int = 1,
    limit: int = DEFAULT_LIMIT,
    prefix: bool = False,
    index: SearchIndex | None = None,
) -> SearchResults:
    """Search one game's content, best match first.

    ``kind`` (or ``kind:card`` in the query) keeps one kind of document;
    ``prefix`` also matches titles starting with the last word (type-ahead).
    A rule id (``2.4a``) or an exact card name comes first, flagged ``direct``.
    ``index`` defaults to the live index (tests pass a ``memory_index``).
    Raises SearchQueryError for a query that cannot be searched and
    SearchUnavailable when no index has been built.
    """
    slug = game if isinstance(game, str) else game.slug
    request = parse_request(query, kind=kind, page=page, limit=limit, prefix=prefix)
    return (index or open_index()).search(slug, request)
