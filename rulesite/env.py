"""Small helpers that read settings from environment variables."""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qs, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None


def env_count(name: str, default: int) -> int:
    """A count that may also be written as a boolean (``1``/``true`` is one)."""
    raw = os.environ.get(name)
    if raw is not None and raw.strip().lower() in _TRUE - {"1"}:
        return 1
    if raw is not None and raw.strip().lower() in _FALSE:
        return 0
    count = env_int(name, default)
    if count < 0:
        raise ImproperlyConfigured(f"{name}={raw!r} must not be negative")
    return count


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def cache_config(url: str) -> dict[str, object]:
    """Turn a CACHE_URL (``locmem://``, ``redis://host:port/db``, ``dummy://``,
    ``disk:///absolute/folder``) into a Django CACHES entry."""
    parts = urlsplit(url)
    if parts.scheme == "disk":
        # SQLite files in a folder, shared by every process of this machine, with
        # atomic increments (diskcache); at most 64 MiB, least recently stored
        # entries evicted first.
        return {
            "BACKEND": "rulesite.disk_cache.KeptOpenDiskCache",
            "LOCATION": parts.path,
            "SHARDS": 4,
            "DATABASE_TIMEOUT": 0.25,
            "OPTIONS": {"size_limit": 2**26},
        }
    if parts.scheme == "locmem":
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": parts.netloc or "rulesite",
        }
    if parts.scheme in {"redis", "rediss"}:
        options = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url.split("?", 1)[0],
            "KEY_PREFIX": options.get("prefix", "rulesite"),
        }
    if parts.scheme == "dummy":
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    raise ImproperlyConfigured(
        f"cache URL {url!r}: unsupported scheme "
        "(use locmem://, redis://, disk:///folder or dummy://)"
    )


SQLITE = "django.db.backends.sqlite3"
# WAL lets readers and one writer work at once (a reload while serving), and
# synchronous=NORMAL skips an fsync per commit, which is safe in WAL mode.
# Transactions stay DEFERRED so read-only ones never take the write lock.
SQLITE_PRIMARY_INIT = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"


def database_config(
    url: str, *, conn_max_age: int, replica_of: str | None = None
) -> dict[str, Any]:
    """Turn a DATABASE_URL (or one of DATABASE_REPLICA_URLS) into a Django
    DATABASES entry. A replica refuses writes even where the server would
    take them, so a routing mistake fails loudly instead of forking the data,
    and in tests it is a mirror of its primary: no test database of its own."""
    config: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=conn_max_age))
    sqlite = config["ENGINE"] == SQLITE
    if replica_of is None:
        if sqlite:
            config["OPTIONS"] = {"init_command": SQLITE_PRIMARY_INIT}
        return config
    config["TEST"] = {"MIRROR": replica_of}
    options = config.setdefault("OPTIONS", {})
    if sqlite:
        options["init_command"] = "PRAGMA query_only=ON;"
    elif config["ENGINE"] == "django.db.backends.postgresql":
        flags = f"{options.get('options', '')} -c default_transaction_read_only=on"
        options["options"] = flags.strip()
    return config
