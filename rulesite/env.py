"""Small helpers that read settings from environment variables."""

from __future__ import annotations

import os
from urllib.parse import parse_qs, urlsplit

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


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def cache_config(url: str) -> dict[str, object]:
    """Turn a CACHE_URL (``locmem://``, ``redis://host:port/db``, ``dummy://``)
    into a Django CACHES entry."""
    parts = urlsplit(url)
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
        f"CACHE_URL={url!r}: unsupported scheme (use locmem://, redis:// or dummy://)"
    )
