"""Building the index: every game's documents into a fresh folder, swapped in
atomically (see rules.search.index)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from whoosh import index
from whoosh.filedb.filestore import FileStorage, RamStorage

from rules.models import Game
from rules.search.documents import SearchDocument, documents_for
from rules.search.index.layout import (
    CURRENT,
    MANIFEST,
    SCHEMA_VERSION,
    VOCABULARY,
    WORDS,
    index_fields,
    index_schema,
    live_manifest,
    read_marker,
)
from rules.search.index.searcher import SearchIndex

_GRACE_SECONDS = 60.0


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


def _write(ix: index.Index, documents: Iterable[SearchDocument]) -> int:
    """Index ``documents``; beside the index, save the spelling vocabulary: each
    word as written (unstemmed) and the number of documents that use it. (As an
    index field it would cost half the build time.)"""
    count = 0
    vocabulary: Counter[str] = Counter()
    writer = ix.writer()
    for doc in documents:
        writer.add_document(**index_fields(doc))
        text = f"{doc.title} {' '.join(doc.cards)} {doc.body} {doc.context}"
        vocabulary.update(set(WORDS.findall(text.lower())))
        count += 1
    writer.commit(optimize=True)
    saved = ix.storage.create_file(VOCABULARY)
    saved.write(json.dumps(vocabulary, separators=(",", ":")).encode())
    saved.close()
    return count


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
    with tempfile.TemporaryDirectory(prefix="rulesite-spool-") as spool:
        ix = _BuildStorage(Path(spool)).create_index(index_schema())
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
    if not force and documents is None and live_manifest(root) == versions:
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
        count = _write(storage.create_index(index_schema()), documents)
        shutil.rmtree(building / "spool", ignore_errors=True)
        for name, data in storage.files.items():
            (building / name).write_bytes(bytes(data))
        (building / MANIFEST).write_text(json.dumps(versions), encoding="utf-8")
        built = root / f"build-{building.name[4:]}"
        building.rename(built)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    _swap(root, built)
    return BuildReport(True, count, time.perf_counter() - started, built)


def _swap(root: Path, built: Path) -> None:
    previous = read_marker(root)
    staged = root / f"{CURRENT}.{built.name}"
    staged.write_text(built.name + "\n", encoding="utf-8")
    os.replace(staged, root / CURRENT)
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
