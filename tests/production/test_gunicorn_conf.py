"""rulesite/gunicorn.conf.py: production server settings from the environment."""

from __future__ import annotations

import gc
import os
import runpy
import subprocess
import sys
from typing import Any

import pytest
from django.conf import settings
from django.utils.module_loading import import_string
from gunicorn.workers.sync import SyncWorker

from rulesite import memory
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
    # gunicorn's sync worker, answering what it refuses to read in JSON.
    worker = import_string(conf["worker_class"])
    assert issubclass(worker, SyncWorker) and worker is not SyncWorker
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


class _Worker:
    def __init__(self) -> None:
        self.alive = True
        self.pid = os.getpid()
        self.warnings: list[str] = []
        self.log = self

    def warning(self, message: str, *args: Any) -> None:
        self.warnings.append(message % args)


def test_a_worker_over_its_memory_limit_is_replaced_after_its_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    conf = config(monkeypatch, GUNICORN_MAX_WORKER_MB="1")
    worker = _Worker()

    conf["post_request"](worker, None, {}, None)

    assert worker.alive is False
    assert "over 1 MB: replacing it" in worker.warnings[0]


def test_a_worker_within_its_memory_limit_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert config(monkeypatch)["MAX_WORKER_MB"] == 300  # the default
    # The test process itself is the worker: give it a limit above its size,
    # whatever the suite has loaded into it so far.
    limit = int(memory.rss_mb()) + 200
    conf = config(monkeypatch, GUNICORN_MAX_WORKER_MB=str(limit))
    worker = _Worker()

    conf["post_request"](worker, None, {}, None)

    assert conf["MAX_WORKER_MB"] == limit > memory.rss_mb()
    assert worker.alive is True


# Measured in a fresh interpreter: a long test process's heap already holds free
# holes of every size, so how much a trim gives back there depends on the tests
# that ran before.
_GROW_AND_TRIM = """
from rulesite import memory
memory.trim_if_grown()
# Large buffers between small ones that stay: freed, they leave holes in the C
# heap that the allocator keeps unless trimmed.
pairs = [(bytearray(90_000), bytearray(1_000)) for _ in range(1_000)]
kept = [small for _, small in pairs]
del pairs
grown = memory.rss_mb()
print(grown, memory.trim_if_grown(), len(kept))
"""


def test_a_worker_that_grew_gives_freed_memory_back() -> None:
    run = subprocess.run(
        [sys.executable, "-c", _GROW_AND_TRIM],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    grown, size, kept = run.stdout.split()

    assert float(grown) - float(size) > 60  # MB of the 90 freed given back
    assert kept == "1000"
