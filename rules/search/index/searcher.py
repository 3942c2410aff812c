"""Reading the index: the open index of each process, and searching it. Whoosh
reads the stored documents, parses queries and suggests spellings; ranking is
done here, over postings read from Whoosh once per open index and kept in a
bounded cache (docs/DECISIONS.md says why)."""

from __future__ import annotations

import json
import math
import os
import re
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from heapq import nlargest
from itertools import islice, repeat
from operator import add, mul, truediv
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
from whoosh.spelling import Corrector
from whoosh.support.levenshtein import distance

from rules.ids import RULE_ID_ANY_CASE
from rules.search.documents import name_key
from rules.search.highlight import highlight
from rules.search.index.layout import (
    CURRENT,
    GAP,
    SCHEMA_VERSION,
    VOCABULARY,
    live_manifest,
    read_marker,
    read_postings,
    text_stems,
)
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
from rules.search.scoring import among, at_least, intersect, merge

# On top of BM25 (which saturates too fast for a title to stand out), a document
# earns this times the idf of each query word in its title, scaled by the share
# of the query's words its title holds and by the share of its title they make:
# "Lucky Shot" beats "Does Lucky Shot ignore Sustain Damage?" for "lucky shot".
# A topic, the full account of a subject, then weighs a little more, and a
# numbered rule a little more than a card that applies it: BM25 favours short
# texts, so "Spend 8 influence" (an objective) would outrank the rule on
# spending influence, which is what "spend influence" asks about.
_TITLE_BONUS = 2.0
_KIND_PRIOR = {"topic": 1.1, "rule": 1.025, "term": 0.9, "ruling": 0.8}
_BM25_K1, _BM25_B = 1.2, 0.75
_RULE_QUERY = re.compile(rf"(?:rule\s+)?({RULE_ID_ANY_CASE})", re.IGNORECASE)
_CORRECTABLE = re.compile(r"(?<!\S)kind:\S*|[^\W\d_]{3,}", re.IGNORECASE)
_SNIPPET_CHARS = 220
_PREFIX_EXPANSIONS = 8
_TITLES_CHECKED = 20
_CACHED_POSTINGS = 1_000_000
# Warming an index decodes the postings of the words in this many documents or
# more (a rarer word decodes in well under 0.1 ms when a query needs it), most
# common first, then reads the stored fields of the first documents, within
# these bounds (figures in rulesite/gunicorn.conf.py).
_WARM_MIN_DOCS = 32
_WARM_DOCUMENTS = 10_000
_WARM_POSTINGS = 300_000
_WARM_SECONDS = 2.0


@dataclass(frozen=True)
class WarmReport:
    words: int
    postings: int
    documents: int
    seconds: float

    def __str__(self) -> str:
        return (
            f"search index warmed: {self.words} words, {self.postings} postings, "
            f"{self.documents} documents in {self.seconds:.2f} s"
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
    """An open index: a Whoosh reader per thread, scored postings shared."""

    def __init__(self, ix: index.Index) -> None:
        self.ix = ix
        self._local = threading.local()
        self._lock = threading.Lock()
        self._postings: OrderedDict[tuple[str, str], tuple[Any, int]] = OrderedDict()
        self._cached_size = 0
        self._spelling: _Speller | None = None
        self._kind_of: list[str] | None = None
        plugins = [PhrasePlugin(), GroupPlugin(), OperatorsPlugin()]
        self._all_words = QueryParser("text", ix.schema, plugins=plugins)
        self._any_word = QueryParser("text", ix.schema, plugins, group=OrGroup)
        reader = self.reader()
        # One int object per document number, shared by every cached posting
        # (a fresh one per posting would add a quarter to their memory).
        self._numbers = tuple(range(reader.doc_count_all()))
        self._everything = frozenset(self._numbers)
        lengths = [reader.doc_field_length(d, "text", 1) for d in self._everything]
        self._title_sizes = [
            reader.doc_field_length(d, "name", 1) or 1 for d in self._everything
        ]
        average = sum(lengths) / max(1, len(lengths))
        self._norms = [
            _BM25_K1 * (1 - _BM25_B + _BM25_B * n / average) for n in lengths
        ]

    def reader(self) -> Any:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            # Also after a fork (an index warmed in gunicorn's arbiter): the
            # parent's open files share their read offsets with the child.
            local.searcher = self.ix.searcher()
            local.pid = os.getpid()
        return local.searcher.reader()

    def warm(
        self, *, postings: int = _WARM_POSTINGS, seconds: float = _WARM_SECONDS
    ) -> WarmReport:
        """Decode now what the first queries would: the kinds, the games, the
        spelling table, the commonest words' postings (most documents first,
        up to ``postings`` of them), then the documents' stored fields and
        title stems, all within about ``seconds``. The words of a fresh query
        are then mostly decoded: common words are the costly ones, rare words
        are cheap."""
        started = time.monotonic()
        reader = self.reader()
        self._kinds()
        for game in reader.field_terms("game"):
            self._docs_of("game", game)
        self._speller()
        common = sorted(
            (
                (info.doc_frequency(), word.decode())
                for word, info in reader.iter_field("text")
                if word != GAP.encode()
            ),
            reverse=True,
        )
        words = decoded = 0
        for df, word in common:
            if df < _WARM_MIN_DOCS or decoded + df > postings:
                break
            if time.monotonic() - started > seconds:
                break
            self._term(word)
            words, decoded = words + 1, decoded + df
        # Then the documents' stored fields and title stems, which the first
        # hits of each document would read (about 40 µs a document).
        documents = 0
        for docnum in self._numbers[:_WARM_DOCUMENTS]:
            if time.monotonic() - started > seconds:
                break
            self._title(docnum)
            documents += 1
        return WarmReport(words, decoded, documents, time.monotonic() - started)

    def search(self, game: str, request: SearchRequest) -> SearchResults:
        reader = self.reader()
        suggestion = self._correct(reader, request)
        text = KIND_FILTER.sub(" ", suggestion).strip() if suggestion else request.text
        q, scores, broadened = self._match(text, request.prefix, game)
        self._rerank(q, scores)
        direct = self._direct(reader, game, request)
        if direct is not None:
            scores[direct] = max(scores.values(), default=0.0) + 1000.0
        kind_of = self._kinds()
        counts = self._counts(scores)
        if request.kinds:
            scores = {d: s for d, s in scores.items() if kind_of[d] in request.kinds}
        first = (request.page - 1) * request.limit
        ranked = nlargest(first + request.limit, scores, key=scores.__getitem__)
        stems = frozenset(t for f, t in q.iter_all_terms() if f == "text")
        hits = tuple(
            self._hit(docnum, scores[docnum], stems, docnum == direct)
            for docnum in ranked[first:]
        )
        return SearchResults(
            game=game,
            query=request.query,
            kinds=request.kinds,
            page=request.page,
            limit=request.limit,
            total=len(scores),
            counts=counts,
            hits=hits,
            direct=hits[0] if hits and hits[0].direct else None,
            suggestion=suggestion,
            broadened=broadened,
        )

    def _match(self, text: str, prefix: bool, game: str) -> tuple[Any, Any, bool]:
        """Documents of ``game`` that match. Plain words must all match, but
        one may be missing from four on; if nothing matches, any word will do
        (``broadened``). Operators and type-ahead are taken as written."""
        in_game = self._docs_of("game", game)
        if prefix or not has_several_words(text) or "(" in text:
            q = self._query(text, prefix, self._all_words)
            return q, self._allowed(self._score(q), in_game), False
        q = self._any_word.parse(text)
        parts = [self._score(sub) for sub in getattr(q, "subqueries", [q])]
        need = len(parts) if len(parts) <= 3 else len(parts) - 1
        scores = self._allowed(at_least(parts, need), in_game)
        if scores or need <= 1:
            return q, scores, False
        scores = self._allowed(at_least(parts, 1), in_game)
        return q, scores, bool(scores)

    def _query(self, text: str, prefix: bool, parser: QueryParser) -> Any:
        head, last = split_last_word(text) if prefix else (text, "")
        if not last:
            return parser.parse(text)
        start = os.path.commonprefix([last.lower(), _stem(last)])  # noqa: RUF071
        names = islice(self.reader().expand_prefix("name", start), _PREFIX_EXPANSIONS)
        expanded = [wq.Term("text", name.decode()) for name in names]
        word = wq.Or([parser.parse(last), *expanded])
        return wq.And([parser.parse(head), word]) if head.strip() else word

    def _allowed(self, scores: dict[int, float], allowed: frozenset[int]) -> Any:
        """A new dict (the caller changes it) of the scores of ``allowed`` docs."""
        if len(allowed) == len(self._everything):  # a single game: all of them
            return dict(scores)
        return {d: scores[d] for d in among(allowed, scores)}

    def _counts(self, scores: dict[int, float]) -> dict[str, int]:
        """How many of the documents in ``scores`` are of each kind: the
        commonest kind by subtraction, so that a common-word query looks up
        only the few documents of the other kinds."""
        kind_of = self._kinds()
        docs = {kind: self._docs_of("kind", kind) for kind in KINDS}
        if sum(map(len, docs.values())) != len(kind_of):  # kinds not in KINDS
            found = Counter(map(kind_of.__getitem__, scores))
            return {kind: found[kind] for kind in KINDS if found[kind]}
        commonest = max(KINDS, key=lambda kind: len(docs[kind]))
        counts = {
            kind: len(among(docs[kind], scores)) if kind != commonest else 0
            for kind in KINDS
        }
        counts[commonest] = len(scores) - sum(counts.values())
        return {kind: count for kind, count in counts.items() if count}

    def _kinds(self) -> list[str]:
        """The kind of every document, by document number."""
        if self._kind_of is None:
            kind_of = [""] * len(self._everything)
            for kind in KINDS:
                for d in self._docs_of("kind", kind):
                    kind_of[d] = kind
            self._kind_of = kind_of
        return self._kind_of

    # Ranking: each query node becomes {docnum: score}. Term results are the
    # cached dicts themselves: never change them in place.

    def _score(self, q: Any) -> dict[int, float]:
        if isinstance(q, wq.Term):
            return self._term(q.text) if q.fieldname == "text" else {}
        if isinstance(q, wq.Phrase):
            return self._phrase(q.words)
        if isinstance(q, wq.AndNot | wq.AndMaybe):
            wanted, other = self._score(q.a), self._score(q.b)
            if isinstance(q, wq.AndNot):
                return {d: s for d, s in wanted.items() if d not in other}
            return {d: s + other.get(d, 0.0) for d, s in wanted.items()}
        if isinstance(q, wq.Not):
            return dict.fromkeys(self._everything.difference(self._score(q.query)), 0.0)
        if isinstance(q, wq.And | wq.Or):
            parts = [self._score(sub) for sub in q.subqueries]
            return intersect(parts) if isinstance(q, wq.And) else merge(parts)
        return {}  # NullQuery: only stop words

    def _term(self, word: str) -> dict[int, float]:
        """BM25 score of every document containing ``word``; read from Whoosh
        once, then kept (LRU)."""
        scored = self._cached(("score", word))
        if scored is None:
            docs, weights = self._read("text", word, weights=True)
            # idf * w * (k1 + 1) / (w + norm), by map() in C rather than a loop
            # in Python: this is the cost of a word not yet cached.
            idf, norms = self._idf(len(docs)), self._norms
            top = map(mul, map(mul, repeat(idf), weights), repeat(_BM25_K1 + 1))
            bottom = map(add, weights, map(norms.__getitem__, docs))
            scored = dict(zip(docs, map(truediv, top, bottom), strict=True))
            self._keep(("score", word), scored)
        return scored

    def _idf(self, df: int) -> float:
        return math.log(1 + (len(self._everything) - df + 0.5) / (df + 0.5))

    def _rerank(self, q: Any, scores: dict[int, float]) -> None:
        """Add the title bonus and the kind prior to ``scores`` (in place)."""
        sequence = [t for f, t in _positive_terms(q) if f == "text"]
        words = set(sequence)
        bonus: dict[int, list[float]] = {}
        for word in words:
            idf = self._idf(len(self._term(word)))
            for d in among(self._docs_of("name", word), scores):
                bonus.setdefault(d, []).append(idf)
        whole = [d for d, idfs in bonus.items() if len(idfs) == len(words) > 1]
        as_typed = set(self._titles_with(" ".join(sequence), whole, scores))
        for d, idfs in bonus.items():
            share = len(idfs) / len(words) * min(1.0, len(idfs) / self._title_sizes[d])
            share *= 2 if d in as_typed else 1
            scores[d] += _TITLE_BONUS * sum(idfs) * share
        for kind, prior in _KIND_PRIOR.items():
            for d in among(self._docs_of("kind", kind), scores):
                scores[d] *= prior

    def _titles_with(
        self, stems: str, docs: list[int], scores: dict[int, float]
    ) -> Iterator[int]:
        """Those of the best ``docs`` whose title has ``stems`` in this order."""
        for d in nlargest(_TITLES_CHECKED, docs, key=scores.__getitem__):
            if stems in self._title(d):
                yield d

    def _title(self, docnum: int) -> str:
        """The stems of a document's title (its stored fields kept too)."""
        title = self._cached(("title", str(docnum)))
        if title is None:
            title = " ".join(text_stems(self._stored(docnum)["title"]))
            self._keep(("title", str(docnum)), title)
        return str(title)

    def _phrase(self, words: list[str]) -> dict[int, float]:
        """Documents where each word follows the one before (stop words aside)."""
        parts = [self._term(word) for word in words]
        scores = intersect(parts)
        if len(words) < 2 or not scores:
            return scores
        found = self._cached(("phrase", GAP.join(words)))
        if found is None:
            # Positions only of the documents that have every word: a common
            # word's positions in every document cost tens of milliseconds.
            candidates = sorted(scores)
            first, *rest = (self._positions(word, candidates) for word in words)
            found = {}
            for d, score in scores.items():  # in this order: it breaks ties
                starts: AbstractSet[int] = first[d]
                for i, later in enumerate(rest, 1):
                    starts = {p for p in starts if p + i in later[d]}
                if starts:
                    found[d] = score
            self._keep(("phrase", GAP.join(words)), found)
        return found

    def _positions(self, word: str, docs: list[int]) -> dict[int, frozenset[int]]:
        """Where ``word`` stands in each of ``docs`` (sorted, all containing
        it): Whoosh's matcher skips to each document in turn."""
        matcher = self.reader().postings("text", word)
        found = {}
        for d in docs:
            if not matcher.is_active():
                break
            matcher.skip_to(d)
            if matcher.is_active() and matcher.id() == d:
                found[d] = frozenset(matcher.value_as("positions"))
        return found

    def _stored(self, docnum: int) -> dict[str, Any]:
        """A document's stored fields (unpickled by Whoosh once, then kept)."""
        fields = self._cached(("stored", str(docnum)))
        if fields is None:
            fields = self.reader().stored_fields(docnum)
            self._keep(("stored", str(docnum)), fields)
        return dict(fields)

    def _docs_of(self, field: str, value: str) -> frozenset[int]:
        docs = self._cached((field, value))
        if docs is None:
            docs = frozenset(self._read(field, value)[0])
            self._keep((field, value), docs)
        return docs

    def _read(
        self, field: str, word: str, *, weights: bool = False
    ) -> tuple[list[int], list[float]]:
        docs, found = read_postings(self.reader(), field, word, weights=weights)
        return list(map(self._numbers.__getitem__, docs)), found

    def _cached(self, key: tuple[str, str]) -> Any:
        with self._lock:
            found = self._postings.get(key)
            if found is None:
                return None
            self._postings.move_to_end(key)
            return found[0]

    def _keep(self, key: tuple[str, str], value: Any, size: int | None = None) -> None:
        """Cache ``value``, counted as ``size`` postings (default: its length)."""
        with self._lock:
            if key not in self._postings:
                size = (len(value) if size is None else size) + 1
                self._postings[key] = (value, size)
                self._cached_size += size
            while self._cached_size > _CACHED_POSTINGS and len(self._postings) > 1:
                _, (_, dropped) = self._postings.popitem(last=False)
                self._cached_size -= dropped

    # Direct hits, spelling and hits.

    def _direct(self, reader: Any, game: str, request: SearchRequest) -> int | None:
        """The document the literal query names: a rule id or a card name."""
        raw = request.text.strip('" ')
        match = _RULE_QUERY.fullmatch(raw)
        kind, key = ("rule", match[1]) if match else ("card", raw)
        if request.kinds and kind not in request.kinds:
            return None
        alias = f"{game}|{kind}|{name_key(key) if kind == 'card' else key.lower()}"
        if ("alias", alias) not in reader:
            return None
        return next(iter(reader.postings("alias", alias).all_ids()))

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
        self, docnum: int, score: float, stems: AbstractSet[str], direct: bool
    ) -> Hit:
        fields = self._stored(docnum)
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


def _positive_terms(q: Any) -> Iterator[tuple[str, str]]:
    """The terms a document is rewarded for matching: not those after NOT."""
    if isinstance(q, wq.Not):
        return
    if isinstance(q, wq.AndNot):
        yield from _positive_terms(q.a)
    elif isinstance(q, wq.Phrase):
        yield from ((q.fieldname, word) for word in q.words)
    elif isinstance(q, wq.Term):
        yield q.fieldname, q.text
    else:
        for sub in q.children():
            yield from _positive_terms(sub)
