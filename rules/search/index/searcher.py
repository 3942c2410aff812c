"""Reading the index: the open index of each process, and searching it with
Whoosh's own searcher, collector and BM25F weighting (rules.search.index.ranking
says how the query and the weights are put together). The spelling table and
the snippets are ours (rules.search.highlight)."""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Any

from django.conf import settings
from whoosh import index
from whoosh import query as wq
from whoosh.lang.porter import stem
from whoosh.qparser import (
    GroupPlugin,
    OperatorsPlugin,
    OrGroup,
    PhrasePlugin,
    QueryParser,
)
from whoosh.searching import Searcher
from whoosh.spelling import Corrector
from whoosh.support.levenshtein import distance

from rules.search.documents import name_key
from rules.search.highlight import highlight
from rules.search.index.layout import (
    CURRENT,
    SCHEMA_VERSION,
    VOCABULARY,
    live_manifest,
    read_marker,
    text_stems,
)
from rules.search.index.ranking import Ranking, at_least, with_title_bonus
from rules.search.query import (
    KIND_FILTER,
    KINDS,
    OPERATORS,
    Hit,
    SearchRequest,
    SearchResults,
    SearchUnavailable,
    has_several_words,
    split_last_word,
)

_RULE_QUERY = re.compile(r"(?:rule\s+)?(\d+)\.(\d+[a-z]?|n\d+)", re.IGNORECASE)
_CORRECTABLE = re.compile(r"(?<!\S)kind:\S*|[^\W\d_]{3,}", re.IGNORECASE)
_SNIPPET_CHARS = 220
_PREFIX_EXPANSIONS = 8


@dataclass(frozen=True)
class WarmReport:
    words: int
    seconds: float

    def __str__(self) -> str:
        return (
            f"search index warmed: spelling table of {self.words} words "
            f"in {self.seconds:.2f} s"
        )


_open_lock = threading.Lock()
_open: dict[str, tuple[tuple[int, int, int], SearchIndex]] = {}


def index_marker(directory: Path | None = None) -> str:
    """Identifies the live index: a build swaps in by replacing ``CURRENT``,
    which gives that file a new inode ("none" before the first build)."""
    try:
        stat = os.stat(Path(directory or settings.SEARCH_INDEX_DIR) / CURRENT)
    except OSError:
        return "none"
    return f"{stat.st_ino}:{stat.st_mtime_ns}"


def open_index(directory: Path | None = None) -> SearchIndex:
    """The live index, opened once per process and reopened after a swap."""
    root = Path(directory or settings.SEARCH_INDEX_DIR)
    try:
        stat = os.stat(root / CURRENT)
    except FileNotFoundError:
        raise SearchUnavailable(
            "Search is not ready: the index has not been built yet."
        ) from None
    version = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
    cached = _open.get(str(root))
    if cached and cached[0] == version:
        return cached[1]
    with _open_lock:
        cached = _open.get(str(root))
        if cached and cached[0] == version:
            return cached[1]
        name = read_marker(root)
        try:
            ix = index.open_dir(str(root / str(name)))
        except (OSError, index.EmptyIndexError):
            raise SearchUnavailable(
                "Search is not ready: the index is missing."
            ) from None
        if (live_manifest(root) or {}).get("schema") != SCHEMA_VERSION:
            raise SearchUnavailable("Search is not ready: the index must be rebuilt.")
        opened = SearchIndex(ix)
        _open[str(root)] = (version, opened)
        return opened


@lru_cache(maxsize=50_000)
def _stem(word: str) -> str:
    return str(stem(word.lower()))


class SearchIndex:
    """An open index: a Whoosh searcher per thread (and per process)."""

    def __init__(self, ix: index.Index) -> None:
        self.ix = ix
        self._local = threading.local()
        self._spelling: _Speller | None = None
        plugins = [PhrasePlugin(), GroupPlugin(), OperatorsPlugin()]
        self._all_words = QueryParser("text", ix.schema, plugins=plugins)
        self._any_word = QueryParser("text", ix.schema, plugins, group=OrGroup)
        with ix.reader() as reader:
            self._ranking = Ranking(reader)
            # The documents of each game, as Whoosh's filters take them; none
            # when a game is the whole index (the usual case).
            self._games = {
                game: frozenset(reader.postings("game", game).all_ids())
                for game in reader.field_terms("game")
            }
            self._size = reader.doc_count_all()

    def searcher(self) -> Searcher:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            # Also after a fork (an index opened in gunicorn's arbiter): the
            # parent's open files share their read offsets with the child.
            local.searcher = self.ix.searcher(weighting=self._ranking)
            local.pid = os.getpid()
        return local.searcher

    def reader(self) -> Any:
        return self.searcher().reader()

    def warm(self) -> WarmReport:
        """Build the spelling table now (about a second at 10,000 documents),
        before the first typo has to wait for it."""
        started = time.monotonic()
        speller = self._speller()
        return WarmReport(len(speller.frequency), time.monotonic() - started)

    def search(self, game: str, request: SearchRequest) -> SearchResults:
        searcher = self.searcher()
        suggestion = self._correct(searcher.reader(), request)
        text = KIND_FILTER.sub(" ", suggestion).strip() if suggestion else request.text
        q, found, broadened = self._match(searcher, text, request.prefix, game)
        groups = found.groups("kind") if found is not None else {}
        counts = {kind: len(docs) for kind, docs in groups.items()}
        scores = dict(found.items()) if found is not None else {}
        if request.kinds:
            wanted = {d for kind in request.kinds for d in groups.get(kind, ())}
            ranked = [d for d in scores if d in wanted]
        else:
            ranked = list(scores)
        direct = self._direct(searcher, game, request)
        if direct is not None:
            if direct not in scores:
                kind = searcher.stored_fields(direct)["kind"]
                counts[kind] = counts.get(kind, 0) + 1
            else:
                ranked.remove(direct)
            ranked.insert(0, direct)
            scores[direct] = max(scores.values(), default=0.0) + 1000.0
        first = (request.page - 1) * request.limit
        stems = frozenset(t for f, t in q.iter_all_terms() if f == "text")
        hits = tuple(
            self._hit(searcher, docnum, scores[docnum], stems, docnum == direct)
            for docnum in ranked[first : first + request.limit]
        )
        return SearchResults(
            game=game,
            query=request.query,
            kinds=request.kinds,
            page=request.page,
            limit=request.limit,
            total=len(ranked),
            counts={kind: counts[kind] for kind in KINDS if counts.get(kind)},
            hits=hits,
            direct=hits[0] if hits and hits[0].direct else None,
            suggestion=suggestion,
            broadened=broadened,
        )

    def _match(
        self, searcher: Searcher, text: str, prefix: bool, game: str
    ) -> tuple[Any, Any, bool]:
        """The query, the documents of ``game`` that match it (Whoosh's
        results, every match scored, grouped by kind) and whether it was
        broadened. Plain words must all match, but one may be missing from four
        on; if nothing matches, any word will do (``broadened``). Operators and
        type-ahead are taken as written."""
        if prefix or not has_several_words(text) or "(" in text:
            q = self._query(text, prefix, self._all_words)
            return q, self._run(searcher, q, game), False
        q = self._any_word.parse(text)
        words = list(getattr(q, "subqueries", [q]))
        need = len(words) if len(words) <= 3 else len(words) - 1
        found = self._run(searcher, at_least(words, need), game)
        if (found is not None and not found.is_empty()) or need <= 1:
            return q, found, False
        found = self._run(searcher, at_least(words, 1), game)
        return q, found, found is not None and not found.is_empty()

    def _run(self, searcher: Searcher, q: Any, game: str) -> Any:
        """Every match of ``q`` in ``game``, best first, grouped by kind."""
        docs = self._games.get(game)
        if q is wq.NullQuery or not docs:  # only stop words; no game
            return None
        return searcher.search(
            with_title_bonus(q),
            limit=None,  # scored anyway: the kind weights leave nothing to skip
            filter=docs if len(docs) < self._size else None,
            groupedby="kind",
        )

    def _query(self, text: str, prefix: bool, parser: QueryParser) -> Any:
        head, last = split_last_word(text) if prefix else (text, "")
        if not last:
            return parser.parse(text)
        start = os.path.commonprefix([last.lower(), _stem(last)])  # noqa: RUF071
        names = islice(self.reader().expand_prefix("name", start), _PREFIX_EXPANSIONS)
        expanded = [wq.Term("text", name.decode()) for name in names]
        word = wq.Or([parser.parse(last), *expanded])
        return wq.And([parser.parse(head), word]) if head.strip() else word

    # Direct hits, spelling and hits.

    def _direct(
        self, searcher: Searcher, game: str, request: SearchRequest
    ) -> int | None:
        """The document the literal query names: a rule id or a card name."""
        raw = request.text.strip('" ')
        match = _RULE_QUERY.fullmatch(raw)
        kind, key = ("rule", f"{match[1]}.{match[2]}") if match else ("card", raw)
        if request.kinds and kind not in request.kinds:
            return None
        alias = f"{game}|{kind}|{name_key(key) if kind == 'card' else key.lower()}"
        return searcher.document_number(alias=alias)

    def _correct(self, reader: Any, request: SearchRequest) -> str | None:
        """The query with each unknown word replaced by the nearest known one,
        or None when every word is known (or nothing near is)."""
        last = split_last_word(request.text)[1] if request.prefix else ""
        changed = False

        def replace(match: re.Match[str]) -> str:
            nonlocal changed
            word = match[0]
            if word[:5].lower() == "kind:" or word in OPERATORS or word == last:
                return word
            stems = text_stems(word)
            if not stems or all(("text", s) in reader for s in stems):
                return word  # known, or a stop word
            maxdist = 1 if len(word) <= 4 else 2
            better = next(iter(self._speller().suggest(word.lower(), 1, maxdist)), None)
            changed = changed or better is not None
            return better or word

        corrected = _CORRECTABLE.sub(replace, request.query)
        return corrected if changed else None

    def _speller(self) -> _Speller:
        if self._spelling is None:
            saved = self.ix.storage.open_file(VOCABULARY)  # a race reads it twice
            self._spelling = _Speller(json.loads(bytes(saved.read())))
            saved.close()
        return self._spelling

    def _hit(
        self,
        searcher: Searcher,
        docnum: int,
        score: float,
        stems: AbstractSet[str],
        direct: bool,
    ) -> Hit:
        fields = searcher.stored_fields(docnum)
        kind, title = fields["kind"], fields["title"]
        if kind == "rule":
            title = f"{fields['rule_id']} {fields['context']}"
        return Hit(
            kind=kind,
            key=fields["key"],
            title=title,
            url=fields["url"],
            title_html=highlight(title, stems, len(title), _stem),
            snippet=highlight(fields["body"], stems, _SNIPPET_CHARS, _stem),
            score=round(score, 3),
            rule_id=fields.get("rule_id", ""),
            context=fields.get("context", ""),
            direct=direct,
        )


class _Speller(Corrector):
    """Whoosh's spelling corrector, fed from a table of every indexed word under
    each of its one-letter deletions (built once per open index): a typo then
    costs a few dictionary lookups, not a Levenshtein automaton run over the
    term file (tens of milliseconds). Closest first, then most frequent."""

    def __init__(self, frequency: dict[str, int]) -> None:
        self.frequency = frequency
        self.table: dict[str, list[str]] = {}
        for word in frequency:
            for variant in _deletions(word) | {word}:
                self.table.setdefault(variant, []).append(word)

    def _suggestions(self, text: str, maxdist: int, prefix: int) -> Iterator[Any]:
        variants = _deletions(text) | {text}
        if maxdist > 1:
            variants |= {two for one in _deletions(text) for two in _deletions(one)}
        near = {word for variant in variants for word in self.table.get(variant, ())}
        for word in near - {text}:
            steps = distance(text, word)
            if steps <= maxdist:
                frequency = self.frequency[word]
                yield 0.5 * frequency / (frequency + 1) - steps, word


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}
