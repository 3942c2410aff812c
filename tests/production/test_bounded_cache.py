"""The in-memory page cache is bounded by bytes as well as entries, so that
cache-busting requests cannot fill a worker with large pages."""

from __future__ import annotations

from django.conf import settings

from rulesite.cache import BoundedLocMemCache


def cache(max_bytes: int, name: str) -> BoundedLocMemCache:
    return BoundedLocMemCache(
        name, {"OPTIONS": {"MAX_ENTRIES": 500, "MAX_BYTES": max_bytes}}
    )


def test_the_least_recently_used_values_go_past_the_byte_bound() -> None:
    store = cache(100_000, "test-bounded-lru")
    store.set("a", b"x" * 40_000)
    store.set("b", b"x" * 40_000)
    store.get("a")  # now the most recently used
    store.set("c", b"x" * 40_000)

    assert store.get("a") is not None
    assert store.get("b") is None
    assert store.get("c") is not None


def test_many_large_pages_stay_within_the_bound() -> None:
    store = cache(1_000_000, "test-bounded-many")
    for n in range(200):
        store.set(f"page-{n}", "p" * 50_000)

    assert sum(map(len, store._cache.values())) <= 1_000_000
    assert store.get("page-199") is not None


def test_the_site_bounds_its_pages_in_memory() -> None:
    pages = settings.CACHES["pages"]
    if pages["BACKEND"] != "rulesite.cache.BoundedLocMemCache":
        return  # a shared cache (Redis) bounds itself
    assert pages["OPTIONS"]["MAX_BYTES"] == 16 * 1024 * 1024
