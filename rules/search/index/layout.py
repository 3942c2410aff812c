"""The on-disk index: where a build lives, its Whoosh schema and the
documents' indexed fields, and reading a word's postings from Whoosh."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from whoosh.analysis import STOP_WORDS, StemmingAnalyzer
from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from rules.search.documents import SearchDocument

# Bump when the schema or the documents change shape: a new value forces a rebuild.
SCHEMA_VERSION = "5"
CURRENT = "CURRENT"
MANIFEST = "manifest.json"
VOCABULARY = "vocabulary.json"
POSTINGS = "postings.bin"

# Question words are noise in a search box; the rest is Whoosh's default list.
ANALYZER = StemmingAnalyzer(
    stoplist=STOP_WORDS | {"do", "does", "how", "what", "which", "who", "my"}
)
WORDS = re.compile(r"[^\W\d_]+")
GAP = "\x1f"


def text_stems(text: str) -> list[str]:
    return [token.text for token in ANALYZER(text)]


def index_schema() -> Schema:
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
        text=TEXT(analyzer=ANALYZER),
        name=TEXT(analyzer=ANALYZER, phrase=False),
    )


def index_fields(doc: SearchDocument) -> dict[str, Any]:
    """The indexed fields of a document. ``text`` holds the stems of each
    section (card names twice: they weigh more), with a separator between
    sections so that a phrase never spans two."""
    sections = [doc.title, ", ".join(doc.cards), doc.body, doc.context]
    stems = [text_stems(section) for section in sections]
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
        "text": [*title, GAP, *cards, GAP, *cards, GAP, *body, GAP, *context],
        "name": title,
    }


def read_postings(
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


def read_marker(root: Path) -> str | None:
    try:
        return (root / CURRENT).read_text(encoding="utf-8").strip() or None
    except FileNotFoundError:
        return None


def live_manifest(root: Path) -> dict[str, str] | None:
    try:
        text = (root / str(read_marker(root)) / MANIFEST).read_text("utf-8")
    except FileNotFoundError:
        return None
    return dict(json.loads(text))
