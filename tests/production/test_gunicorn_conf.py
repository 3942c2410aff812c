"""rulesite/gunicorn.conf.py: production server settings from the environment."""

from __future__ import annotations

import gc
import os
import runpy
from typing import Any

import pytest
from django.conf import settings

from tests.production.conftest import ROOT

CONFIG = str(ROOT / "rulesite" / "gunicorn.conf.py")


def config(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    for name in [name for name in os.environ if name.startswith("GUNICORN_")]:
        monkeypatch.delenv(name)
    for name in ("WEB_CONCURRENCY", "BIND", "PORT", "GC_GEN0_THRESHOLD"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(CONFIG)


def test_defaults_suit_one_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    conf = config(monkeypatch)

    assert conf["wsgi_app"] == "rulesite.wsgi:application"
    assert conf["bind"] == ["127.0.0.1:8000"]
    assert conf["workers"] == 2 * (os.cpu_count() or 1) + 1
    assert conf["worker_class"] == "sync"
    assert conf["preload_app"] is True
    assert conf["max_requests"] > 0 and conf["max_requests_jitter"] > 0
    assert conf["accesslog"] is None


def test_reads_every_knob_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    conf = config(
        monkeypatch,
        BIND="0.0.0.0:9000",
        WEB_CONCURRENCY="3",
        GUNICORN_MAX_REQUESTS="500",
        GUNICORN_MAX_REQUESTS_JITTER="50",
        GUNICORN_PRELOAD="0",
        GUNICORN_ACCESS_LOG="-",
        GUNICORN_TIMEOUT="12",
    )

    assert conf["bind"] == ["0.0.0.0:9000"]
    assert conf["workers"] == 3
    assert (conf["max_requests"], conf["max_requests_jitter"]) == (500, 50)
    assert conf["preload_app"] is False
    assert conf["accesslog"] == "-"
    assert conf["timeout"] == 12


def test_port_alone_picks_the_loopback_port(monkeypatch: pytest.MonkeyPatch) -> None:
    assert config(monkeypatch, PORT="8123")["bind"] == ["127.0.0.1:8123"]


def test_the_page_cache_runs_after_static_files_and_before_sessions() -> None:
    order = settings.MIDDLEWARE
    cache = order.index("rulesite.pagecache.PageCacheMiddleware")

    assert order.index("whitenoise.middleware.WhiteNoiseMiddleware") < cache
    assert order.index("rulesite.middleware.SecurityHeadersMiddleware") < cache
    assert cache < order.index("django.contrib.sessions.middleware.SessionMiddleware")
    assert cache < order.index("django.middleware.csrf.CsrfViewMiddleware")


@pytest.fixture
def gc_threshold() -> Any:
    """Put the collector's thresholds back after a test changed them."""
    saved = gc.get_threshold()
    yield saved
    gc.set_threshold(*saved)


def test_workers_collect_young_objects_less_often(
    monkeypatch: pytest.MonkeyPatch, gc_threshold: tuple[int, int, int]
) -> None:
    # An oracle run keeps thousands of objects alive while it works: a worker
    # must not walk them every 700 allocations.
    config(monkeypatch)["post_fork"](server=None, worker=None)
    default = gc.get_threshold()
    assert default[0] >= 10_000
    assert default[1:] == gc_threshold[1:]

    config(monkeypatch, GC_GEN0_THRESHOLD="5000")["post_fork"](None, None)
    assert gc.get_threshold() == (5000, *gc_threshold[1:])

    with pytest.raises(ValueError, match="GC_GEN0_THRESHOLD"):
        config(monkeypatch, GC_GEN0_THRESHOLD="-1")
