"""The on-disk index: where a build lives, its Whoosh schema and the
documents' indexed fields, and reading a word's postings from Whoosh."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from whoosh.analysis import STOP_WORDS, StemmingAnalyzer
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from rules.search.documents import SearchDocument

# Bump when the schema or the documents change shape: a new value forces a rebuild.
SCHEMA_VERSION = "5"
CURRENT = "CURRENT"
MANIFEST = "manifest.json"
VOCABULARY = "vocabulary.json"

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
) -> tuple[list[int], list[float]]:
    """The documents holding a term and, if ``weights``, its weight (count)
    in each, through Whoosh's matcher."""
    if (field, word) not in reader:
        return [], []
    matcher = reader.postings(field, word)
    if not weights:
        return list(matcher.all_ids()), []
    pairs = list(matcher.items_as("weight"))
    return [d for d, _ in pairs], [w for _, w in pairs]


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
