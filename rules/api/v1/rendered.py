"""Rendered API responses, kept in each process's memory.

A response is identified by its ETag (content version, URI, representation),
so an entry never goes stale: new content means new keys, and old entries
fall out as the least recently used. The cache is per process and bounded
by bytes. It is deliberately not Django's cache: the local-memory one keeps
at most 300 entries of any size, and each read would unpickle a copy.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

Entry = tuple[bytes, tuple[tuple[str, str], ...]]

MAX_BYTES = 16 * 1024 * 1024
MAX_ENTRY_BYTES = 4 * 1024 * 1024


class RenderedCache:
    """A byte-bounded LRU map from ETag to (body, extra headers)."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Entry | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def put(self, key: str, entry: Entry) -> None:
        size = len(entry[0])
        if size > min(MAX_ENTRY_BYTES, self.max_bytes):
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= len(old[0])
            self._entries[key] = entry
            self.size += size
            while self.size > self.max_bytes:
                _, evicted = self._entries.popitem(last=False)
                self.size -= len(evicted[0])

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.size = 0

    def __len__(self) -> int:
        return len(self._entries)


renderings = RenderedCache()
