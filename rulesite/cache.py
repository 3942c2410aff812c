"""Django's local-memory cache, bounded by the bytes it holds as well as by
its number of entries (``OPTIONS: {"MAX_BYTES": n}``).

Pages differ in size by a hundred times, so a count alone let cache-busting
requests (a new query string each time) fill every worker with large pages.
When a value is stored, the least recently used ones go until the values add
up to ``MAX_BYTES`` or less.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


class BoundedLocMemCache(LocMemCache):
    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(name, params)
        self.max_bytes = int(params.get("OPTIONS", {}).get("MAX_BYTES", 0))

    def _set(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT) -> None:
        super()._set(key, value, timeout)
        if not self.max_bytes:
            return
        # Sums a few hundred lengths, on a page miss only: simpler than
        # keeping a running total through every way Django removes entries.
        total = sum(map(len, self._cache.values()))
        while total > self.max_bytes and len(self._cache) > 1:
            # Django keeps the most recently used first: the last is the oldest.
            oldest, pickled = self._cache.popitem()
            self._expire_info.pop(oldest, None)
            total -= len(pickled)
