"""diskcache's Django backend, with its SQLite connections kept open between
requests.

Django closes every cache when a request finishes (``close_caches``); for
``diskcache.DjangoCache`` that closes the connection of each shard, which the
next request opens again: about 0.4 ms of every throttled request, five times
the counting itself. diskcache keeps one connection per thread and opens a new
one after a fork, so there is nothing to release between requests.
"""

from __future__ import annotations

from typing import Any

from diskcache import DjangoCache


class KeptOpenDiskCache(DjangoCache):  # type: ignore[misc]
    def close(self, **kwargs: Any) -> None:
        """Keep the connections for the next request (see above)."""
