"""Production server settings: ``gunicorn -c rulesite/gunicorn.conf.py``.

Every knob comes from the environment (docs/OPERATIONS.md lists them). The
defaults suit one machine behind a reverse proxy: sync workers (pages and
oracle runs are CPU-bound), the application loaded once before forking, workers
recycled after a jittered number of requests so that they never restart
together, and no access log unless asked for (the proxy keeps one).
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any

from rulesite import memory

wsgi_app = "rulesite.wsgi:application"

bind = [os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")]
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1) + 1)))
# gunicorn's sync worker, with its own refusals in the API's JSON shape.
worker_class = os.environ.get(
    "GUNICORN_WORKER_CLASS", "rulesite.gunicorn_worker.JsonErrorsSyncWorker"
)
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "20000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "2000"))
preload_app = os.environ.get("GUNICORN_PRELOAD", "1") not in {"0", "false", "no"}
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
backlog = int(os.environ.get("GUNICORN_BACKLOG", "2048"))
# gunicorn's maximum: URLs under /api/ up to this length that are too long get
# the API's own 414 (rules/api/uri_length.py); longer request lines get the
# worker's 414 in the same JSON shape (rulesite/gunicorn_worker.py).
limit_request_line = 8190
# Only a proxy at these addresses may set X-Forwarded-Proto and friends.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

# Collect the youngest objects after this many more allocations than frees
# (Python's default is 700). An oracle run keeps a few thousand objects alive
# while it works, so the default collected two or three times a run, each time
# walking objects that were all about to be freed anyway (docs/PERFORMANCE.md).
GC_GEN0_THRESHOLD = int(os.environ.get("GC_GEN0_THRESHOLD", "20000"))
if GC_GEN0_THRESHOLD < 0:
    raise ValueError("GC_GEN0_THRESHOLD must be 0 (no automatic collection) or more")

# A worker whose resident memory grew past this many MB (10^6 bytes) finishes
# its request and is replaced: a backstop beside max_requests, for whatever a
# bound missed. 0 turns it off.
MAX_WORKER_MB = int(os.environ.get("GUNICORN_MAX_WORKER_MB", "300"))

accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Request line, status, bytes and time in microseconds, when the log is on.
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(D)sus'


def when_ready(server: Any) -> None:
    """With the application preloaded, do the rest of Django's lazy start-up
    in the arbiter, once: import every view (through the URLconf) and compile
    every template, so that each worker (and each worker recycled by
    max_requests) starts warm, sharing that memory copy-on-write."""
    if not server.cfg.preload_app:
        return
    from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imports the views)
    for engine in engines.all():
        for folder in engine.template_dirs:
            for path in Path(folder).rglob("*.html"):
                try:
                    engine.get_template(str(path.relative_to(folder)))
                except (TemplateDoesNotExist, TemplateSyntaxError) as error:
                    server.log.warning("template %s not precompiled: %s", path, error)
    _warm_search(server)
    # Everything loaded so far lives as long as the process: out of the
    # collector's sight, full collections stay short and the workers' pages
    # stay shared (a collection writes to every object it visits).
    gc.collect()
    gc.freeze()


def _warm_search(server: Any) -> None:
    """Decode the search index's commonest words once, here, so that no worker
    decodes them on its first queries: bounded (SearchIndex.warm: 300,000
    postings, 10,000 documents' stored fields, 2 s; 0.1 s of CPU and 6 MB for
    the real content, 26 MB at five times it). Each worker opens
    its own files after the fork. A worker that finds a newer index (content
    reloaded since) opens it cold."""
    from rules.search.index import open_index
    from rules.search.query import SearchUnavailable

    try:
        server.log.info("%s", open_index().warm())
    except SearchUnavailable as error:
        server.log.warning("search index not warmed: %s", error)


def pre_fork(server: Any, worker: Any) -> None:
    """A preloaded application may have opened database connections while
    loading. The arbiter closes them before each fork, so that no worker
    inherits (and later closes) a socket it shares with the others."""
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        connection.close()


def post_fork(server: Any, worker: Any) -> None:
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_GEN0_THRESHOLD, older, oldest)
    memory.fix_mmap_threshold()


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """Give freed memory back to the system when the worker grew, and retire
    a worker whose memory still passes ``MAX_WORKER_MB``: it ends after this
    request, and the arbiter starts a fresh one."""
    size = memory.trim_if_grown()
    if MAX_WORKER_MB and worker.alive and size > MAX_WORKER_MB:
        worker.log.warning(
            "worker %s uses %.0f MB, over %d MB: replacing it",
            worker.pid,
            size,
            MAX_WORKER_MB,
        )
        worker.alive = False
