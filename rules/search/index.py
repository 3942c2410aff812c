"""The Whoosh index: the only module of the project that imports Whoosh.

The index lives under ``settings.SEARCH_INDEX_DIR``: each build goes into a fresh
``build-*`` folder and the one-line ``CURRENT`` file names the live one;
``build_index`` replaces that file with an atomic rename, so a reader sees the
old index or the new one, never half of one. Each process keeps the open index
and reopens it when ``CURRENT`` changes.

Whoosh stores the index, analyses text, parses queries and suggests spellings.
Ranking is done here, over postings decoded once per open index: Whoosh's own
matchers decode every posting in Python on every query (about 3 µs each), too
slow for common words in a 10,000-document index. The build saves the text
field's postings beside the index as plain arrays, read several times faster
than Whoosh's pickled blocks (see docs/SEARCH.md).
"""

from __future__ import annotations

import html
import json
import math
import os
import re
import shutil
import tempfile
import threading
import time
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from heapq import nlargest
from itertools import accumulate, chain, islice, repeat
from operator import add, mul, truediv
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.safestring import SafeString
from whoosh import index
from whoosh import query as wq
from whoosh.analysis import STOP_WORDS, StemmingAnalyzer
from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.filedb.filestore import FileStorage, RamStorage
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

from rules.models import Game
from rules.search.documents import SearchDocument, documents_for, name_key
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

# Bump when the schema or the documents change shape: a new value forces a rebuild.
SCHEMA_VERSION = "5"
# On top of BM25 (which saturates too fast for a title to stand out), a document
# earns this times the idf of each query word in its title, scaled by the share
# of the query's words its title holds and by the share of its title they make:
# "Lucky Shot" beats "Does Lucky Shot ignore Sustain Damage?" for "lucky shot".
# A topic, the full account of a subject, then weighs a little more.
_TITLE_BONUS = 2.0
_KIND_PRIOR = {"topic": 1.1, "term": 0.9, "ruling": 0.85}
_BM25_K1, _BM25_B = 1.2, 0.75
_RULE_QUERY = re.compile(r"(?:rule\s+)?(\d+)\.(\d+[a-z]?|n\d+)", re.IGNORECASE)
_CORRECTABLE = re.compile(r"(?<!\S)kind:\S*|[^\W\d_]{3,}", re.IGNORECASE)
_SNIPPET_CHARS = 220
_PREFIX_EXPANSIONS = 8
_TITLES_CHECKED = 20
_CACHED_POSTINGS = 1_000_000
_GRACE_SECONDS = 60.0
# Warming an index decodes the postings of the words in this many documents or
# more (a rarer word decodes in well under 0.1 ms when a query needs it), most
# common first, then reads the stored fields of the first documents, within
# these bounds (figures in docs/SEARCH.md).
_WARM_MIN_DOCS = 32
_WARM_DOCUMENTS = 10_000
_WARM_POSTINGS = 300_000
_WARM_SECONDS = 2.0
_CURRENT = "CURRENT"
_MANIFEST = "manifest.json"
_VOCABULARY = "vocabulary.json"
_POSTINGS = "postings.bin"
# Change when postings.bin changes shape: a file of another shape is ignored.
_POSTINGS_FORMAT = f"1:I{array('I').itemsize}"


@dataclass(frozen=True)
class BuildReport:
    built: bool
    documents: int
    seconds: float
    directory: Path | None

    def __str__(self) -> str:
        if not self.built:
            return "search index: already up to date"
        return f"search index: {self.documents} documents in {self.seconds:.2f} s"


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


# Building ------------------------------------------------------------------


# Question words are noise in a search box; the rest is Whoosh's default list.
_ANALYZER = StemmingAnalyzer(
    stoplist=STOP_WORDS | {"do", "does", "how", "what", "which", "who", "my"}
)
_WORDS = re.compile(r"[^\W\d_]+")
_GAP = "\x1f"
# Where <mark> and </mark> go, until the text around them is escaped.
_MARK, _UNMARK = "\x02", "\x03"


def _stems(text: str) -> list[str]:
    return [token.text for token in _ANALYZER(text)]


def _schema() -> Schema:
    # text and name are written as lists of stems (see _fields); the analyzer
    # declared here is the one that reads queries.
    return Schema(
        game=ID,
        kind=ID(stored=True),
        key=STORED,
        alias=KEYWORD(commas=True),
        rule_id=STORED,
        url=STORED,
        title=STORED,
        body=STORED,
        context=STORED,
        text=TEXT(analyzer=_ANALYZER),
        name=TEXT(analyzer=_ANALYZER, phrase=False),
    )


def _fields(doc: SearchDocument) -> dict[str, Any]:
    """The indexed fields of a document. ``text`` holds the stems of each
    section (card names twice: they weigh more), with a separator between
    sections so that a phrase never spans two."""
    sections = [doc.title, ", ".join(doc.cards), doc.body, doc.context]
    stems = [_stems(section) for section in sections]
    title, cards, body, context = stems
    return {
        "game": doc.game,
        "kind": doc.kind,
        "key": doc.key,
        "alias": ",".join(f"{doc.game}|{doc.kind}|{a}" for a in doc.aliases),
        "rule_id": doc.rule_id,
        "url": doc.url,
        "title": doc.title,
        "body": doc.body,
        "context": doc.context,
        "text": [*title, _GAP, *cards, _GAP, *cards, _GAP, *body, _GAP, *context],
        "name": title,
    }


def _write(ix: index.Index, documents: Iterable[SearchDocument]) -> int:
    """Index ``documents``; beside the index, save the spelling vocabulary: each
    word as written (unstemmed) and the number of documents that use it. (As an
    index field it would cost half the build time.)"""
    count = 0
    vocabulary: Counter[str] = Counter()
    writer = ix.writer()
    for doc in documents:
        writer.add_document(**_fields(doc))
        text = f"{doc.title} {' '.join(doc.cards)} {doc.body} {doc.context}"
        vocabulary.update(set(_WORDS.findall(text.lower())))
        count += 1
    writer.commit(optimize=True)
    saved = ix.storage.create_file(_VOCABULARY)
    saved.write(json.dumps(vocabulary, separators=(",", ":")).encode())
    saved.close()
    _save_postings(ix)
    return count


def _save_postings(ix: index.Index) -> None:
    """Save beside the index the postings of every word of the text field as
    plain arrays (document numbers, weights, where each document's positions
    start, the positions): read back with a memory copy, where Whoosh's blocks
    cost about 1 µs a posting to unpickle and its positions as much again
    (docs/SEARCH.md). A word missing from it (none, unless Whoosh read it
    through its generic matcher) is read from Whoosh."""
    words: dict[str, tuple[int, int, int]] = {}
    chunks: list[bytes] = []
    at = 0
    decode = ix.schema["text"].format.decoder("positions")
    with ix.reader() as reader:
        for term in reader.field_terms("text"):
            docs, weights, values = _postings(reader, "text", term, weights=True)
            if term == _GAP or not values:
                continue
            positions = [decode(value) for value in values]
            flat = array("I", chain.from_iterable(positions))
            chunks += [
                array("I", docs).tobytes(),
                array("d", weights).tobytes(),
                array("I", accumulate(map(len, positions), initial=0)).tobytes(),
                flat.tobytes(),
            ]
            words[term] = (at, len(docs), len(flat))
            at += sum(map(len, chunks[-4:]))
    head = json.dumps({"format": _POSTINGS_FORMAT, "words": words}).encode()
    saved = ix.storage.create_file(_POSTINGS)
    saved.write(len(head).to_bytes(8, "little") + head)
    for chunk in chunks:
        saved.write(chunk)
    saved.close()


def _postings(
    reader: Any, field: str, word: str, *, weights: bool = False
) -> tuple[list[int], list[float], list[bytes]]:
    """The postings of a term: document numbers and, if ``weights``, the
    weight (count) and the encoded value (positions) in each. Whoosh's matcher
    decodes each posting in Python (about 3 µs); its on-disk matcher holds a
    block (128 postings) as arrays, read here whole. Any other matcher
    (postings inlined in the term file, deleted documents filtered) goes
    through the generic interface, without values."""
    if (field, word) not in reader:
        return [], [], []
    matcher = reader.postings(field, word)
    docs: list[int] = []
    found: list[float] = []
    values: list[bytes] = []
    if type(matcher) is not W3LeafMatcher:
        if not weights:
            return list(matcher.all_ids()), found, values
        pairs = list(matcher.items_as("weight"))
        return [d for d, _ in pairs], [w for _, w in pairs], values
    while matcher.is_active():
        matcher._read_ids()
        docs += matcher._ids
        if weights:
            matcher._read_weights()
            matcher._read_values()
            found += matcher._weights
            values += matcher._values
        matcher._next_block()
    return docs, found, values


class _SavedPostings:
    """The arrays written by _save_postings, read whole (a few bytes a
    posting: some 7 MB at 10,000 documents)."""

    def __init__(self, raw: bytes) -> None:
        """``raw``: the file, or nothing (an index saved without it)."""
        size = int.from_bytes(raw[:8], "little")
        head = json.loads(raw[8 : 8 + size] or "{}")
        same = head.get("format") == _POSTINGS_FORMAT
        self.words: dict[str, list[int]] = head["words"] if same else {}
        self.data = memoryview(raw)[8 + size :]

    def read(self, word: str) -> tuple[array[int], array[float], _Positions] | None:
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
        return docs, weights, _Positions(docs, starts, positions)


class _BuildStorage(RamStorage):  # type: ignore[misc]
    """Whoosh's writer spools into ``<tmp>/MAIN.tmp``, one folder for every build
    on the machine, so two builds at once would wreck each other: each build
    spools into a folder of its own instead."""

    def __init__(self, spool: Path) -> None:
        super().__init__()
        self.spool = spool

    def temp_storage(self, name: str | None = None) -> FileStorage:
        return FileStorage(str(self.spool)).create()


def memory_index(documents: Iterable[SearchDocument]) -> SearchIndex:
    """An index held in memory, for tests and benchmarks."""
    ix = RamStorage().create_index(_schema())
    _write(ix, documents)
    return SearchIndex(ix)


def content_versions() -> dict[str, str]:
    """What the index must reflect: each game's loaded content version."""
    versions = dict(Game.objects.values_list("slug", "content_version"))
    return {"schema": SCHEMA_VERSION, **{f"game:{k}": v for k, v in versions.items()}}


def build_index(
    *,
    force: bool = False,
    directory: Path | None = None,
    documents: Iterable[SearchDocument] | None = None,
) -> BuildReport:
    """Build the index of every game into a new folder and swap it in.

    A no-op when the live index was built from the same content versions, unless
    ``force`` or explicit ``documents`` are given.
    """
    root = Path(directory or settings.SEARCH_INDEX_DIR)
    versions = content_versions()
    if not force and documents is None and _live_manifest(root) == versions:
        return BuildReport(False, 0, 0.0, None)
    started = time.perf_counter()
    if documents is None:
        documents = (d for game in Game.objects.all() for d in documents_for(game))
    root.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="tmp-", dir=root))
    try:
        # Written in memory, then saved: Whoosh's file storage checks the disk
        # for every posting of a field without lengths, three times slower.
        storage = _BuildStorage(building / "spool")
        count = _write(storage.create_index(_schema()), documents)
        shutil.rmtree(building / "spool", ignore_errors=True)
        for name, data in storage.files.items():
            (building / name).write_bytes(bytes(data))
        (building / _MANIFEST).write_text(json.dumps(versions), encoding="utf-8")
        built = root / f"build-{building.name[4:]}"
        building.rename(built)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    _swap(root, built)
    return BuildReport(True, count, time.perf_counter() - started, built)


def _swap(root: Path, built: Path) -> None:
    previous = _read_marker(root)
    staged = root / f"{_CURRENT}.{built.name}"
    staged.write_text(built.name + "\n", encoding="utf-8")
    os.replace(staged, root / _CURRENT)
    if previous and (root / previous).is_dir():
        os.utime(root / previous)  # when it stopped being live
    now = time.time()
    for path in root.iterdir():
        # A superseded build may still serve a search for a moment; a tmp-
        # folder an hour old was left by a crashed build.
        grace = 3600.0 if path.name.startswith("tmp-") else _GRACE_SECONDS
        stale = path.name.startswith(("build-", "tmp-")) and path != built
        if stale and now - path.stat().st_mtime > grace:
            shutil.rmtree(path, ignore_errors=True)


def _read_marker(root: Path) -> str | None:
    try:
        return (root / _CURRENT).read_text(encoding="utf-8").strip() or None
    except FileNotFoundError:
        return None


def _live_manifest(root: Path) -> dict[str, str] | None:
    try:
        text = (root / str(_read_marker(root)) / _MANIFEST).read_text("utf-8")
    except FileNotFoundError:
        return None
    return dict(json.loads(text))


# Reading -------------------------------------------------------------------

_open_lock = threading.Lock()
_open: dict[str, tuple[tuple[int, int, int], SearchIndex]] = {}


def open_index(directory: Path | None = None) -> SearchIndex:
    """The live index, opened once per process and reopened after a swap."""
    root = Path(directory or settings.SEARCH_INDEX_DIR)
    try:
        stat = os.stat(root / _CURRENT)
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
        name = _read_marker(root)
        try:
            ix = index.open_dir(str(root / str(name)))
        except (OSError, index.EmptyIndexError):
            raise SearchUnavailable(
                "Search is not ready: the index is missing."
            ) from None
        if (_live_manifest(root) or {}).get("schema") != SCHEMA_VERSION:
            raise SearchUnavailable("Search is not ready: the index must be rebuilt.")
        opened = SearchIndex(ix)
        _open[str(root)] = (version, opened)
        return opened


@lru_cache(maxsize=50_000)
def _stem(word: str) -> str:
    return str(stem(word.lower()))


def _intersect(parts: list[dict[int, float]]) -> dict[int, float]:
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


def _among(docs: frozenset[int], scores: dict[int, float]) -> list[int]:
    """The documents of ``docs`` that have a score, walking the smaller side."""
    if len(docs) < len(scores):
        return [d for d in docs if d in scores]
    return [d for d in scores if d in docs]


def _at_least(parts: list[dict[int, float]], need: int) -> dict[int, float]:
    """Documents in ``need`` of the parts or more, their summed score scaled by
    the share of parts they are in."""
    if need >= len(parts):
        return _intersect(parts)
    found = Counter(chain.from_iterable(parts))
    return {
        d: sum([part.get(d, 0.0) for part in parts]) * count / len(parts)
        for d, count in found.items()
        if count >= need
    }


def _merge(parts: list[dict[int, float]]) -> dict[int, float]:
    parts.sort(key=len, reverse=True)
    merged = dict(parts[0]) if parts else {}
    for part in parts[1:]:
        for d, s in part.items():
            merged[d] = merged.get(d, 0.0) + s
    return merged


class SearchIndex:
    """An open index: a Whoosh reader per thread, decoded postings shared."""

    def __init__(self, ix: index.Index) -> None:
        self.ix = ix
        self._local = threading.local()
        self._lock = threading.Lock()
        self._postings: OrderedDict[tuple[str, str], tuple[Any, int]] = OrderedDict()
        self._cached_size = 0
        self._spelling: _Speller | None = None
        self._kind_of: list[str] | None = None
        self._decoder = ix.schema["text"].format.decoder("positions")
        self._saved_postings: _SavedPostings | None = None
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
                if word != _GAP.encode()
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
        scores = self._allowed(_at_least(parts, need), in_game)
        if scores or need <= 1:
            return q, scores, False
        scores = self._allowed(_at_least(parts, 1), in_game)
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
        return {d: scores[d] for d in _among(allowed, scores)}

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
            kind: len(_among(docs[kind], scores)) if kind != commonest else 0
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
            return _intersect(parts) if isinstance(q, wq.And) else _merge(parts)
        return {}  # NullQuery: only stop words

    def _term(self, word: str) -> dict[int, float]:
        """BM25 score of every document containing ``word``; decoded from
        Whoosh once, then kept (LRU)."""
        scored = self._cached(("score", word))
        if scored is None:
            saved = self._saved().read(word)
            if saved:
                docs = list(map(self._numbers.__getitem__, saved[0]))
                weights: Iterable[float] = saved[1]
            else:
                docs, weights, _ = self._read("text", word, weights=True)
            # idf * w * (k1 + 1) / (w + norm), in that order (the same floats
            # to the last bit), by map() in C rather than a loop in Python.
            idf, norms = self._idf(len(docs)), self._norms
            top = map(mul, map(mul, repeat(idf), weights), repeat(_BM25_K1 + 1))
            bottom = map(add, weights, map(norms.__getitem__, docs))
            scored = dict(zip(docs, map(truediv, top, bottom), strict=True))
            self._keep(("score", word), scored)
        return scored

    def _saved(self) -> _SavedPostings:
        if self._saved_postings is None:
            raw = b""
            if self.ix.storage.file_exists(_POSTINGS):
                saved = self.ix.storage.open_file(_POSTINGS)  # a race reads it twice
                raw = bytes(saved.read())
                saved.close()
            self._saved_postings = _SavedPostings(raw)
        return self._saved_postings

    def _idf(self, df: int) -> float:
        return math.log(1 + (len(self._everything) - df + 0.5) / (df + 0.5))

    def _rerank(self, q: Any, scores: dict[int, float]) -> None:
        """Add the title bonus and the kind prior to ``scores`` (in place)."""
        sequence = [t for f, t in _positive_terms(q) if f == "text"]
        words = set(sequence)
        bonus: dict[int, list[float]] = {}
        for word in words:
            idf = self._idf(len(self._term(word)))
            for d in _among(self._docs_of("name", word), scores):
                bonus.setdefault(d, []).append(idf)
        whole = [d for d, idfs in bonus.items() if len(idfs) == len(words) > 1]
        as_typed = set(self._titles_with(" ".join(sequence), whole, scores))
        for d, idfs in bonus.items():
            share = len(idfs) / len(words) * min(1.0, len(idfs) / self._title_sizes[d])
            share *= 2 if d in as_typed else 1
            scores[d] += _TITLE_BONUS * sum(idfs) * share
        for kind, prior in _KIND_PRIOR.items():
            for d in _among(self._docs_of("kind", kind), scores):
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
            title = " ".join(_stems(self._stored(docnum)["title"]))
            self._keep(("title", str(docnum)), title)
        return str(title)

    def _phrase(self, words: list[str]) -> dict[int, float]:
        """Documents where each word follows the one before (stop words aside)."""
        parts = [self._term(word) for word in words]
        scores = _intersect(parts)
        if len(words) < 2 or not scores:
            return scores
        found = self._cached(("phrase", _GAP.join(words)))
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
            self._keep(("phrase", _GAP.join(words)), found)
        return found

    def _positions(self, word: str, docs: list[int]) -> dict[int, frozenset[int]]:
        """Where ``word`` stands in each of ``docs`` (sorted, all containing it)."""
        saved = self._saved().read(word)
        if saved:
            return saved[2].of(docs)
        matcher = self.reader().postings("text", word)
        decode = self._decoder
        found = {}
        if type(matcher) is W3LeafMatcher:
            # Block by block, skipping the blocks that hold none of ``docs``
            # (a block's last id is known before its postings are read).
            at = 0
            while matcher.is_active() and at < len(docs):
                end = bisect_right(docs, matcher.block_max_id(), at)
                if end > at:
                    wanted = set(docs[at:end])
                    matcher._read_ids()
                    matcher._read_values()
                    for d, value in zip(matcher._ids, matcher._values, strict=True):
                        if d in wanted:
                            found[d] = frozenset(decode(value))
                    at = end
                matcher._next_block()
            return found
        for d in docs:  # any other matcher: skip to each document in turn
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
    ) -> tuple[list[int], list[float], list[bytes]]:
        docs, found, values = _postings(self.reader(), field, word, weights=weights)
        return list(map(self._numbers.__getitem__, docs)), found, values

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
        kind, key = ("rule", f"{match[1]}.{match[2]}") if match else ("card", raw)
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
            stems = _stems(word)
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
            saved = self.ix.storage.open_file(_VOCABULARY)  # a race reads it twice
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
            title_html=_highlight(title, stems, len(title)),
            snippet=_highlight(fields["body"], stems, _SNIPPET_CHARS),
            score=round(score, 3),
            rule_id=fields.get("rule_id", ""),
            context=fields.get("context", ""),
            direct=direct,
        )


class _Positions:
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


def _highlight(text: str, stems: AbstractSet[str], width: int) -> SafeString:
    """``text`` escaped, cut to about ``width`` characters around the first
    matched word, with every matched word in ``<mark>``."""
    pattern = _word_pattern(frozenset(stems))
    # Lazily: the words past the cut are never looked at.
    spans = (m.span() for m in pattern.finditer(text) if _stem(m[0]) in stems)
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
def _word_pattern(stems: frozenset[str]) -> re.Pattern[str]:
    """Whole words that start like one of ``stems`` (less a final i or e, which
    stemming may have changed from y or added): the few candidates _highlight
    then stems, instead of stemming every word of the text."""
    starts = sorted({stem.rstrip("ie") or stem for stem in stems}, key=len)
    alternatives = "|".join(re.escape(start) for start in reversed(starts))
    return re.compile(rf"\b(?:{alternatives or '(?!)'})\w*(?:\.\w+)*", re.IGNORECASE)


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
