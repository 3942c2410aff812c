"""Production server settings: ``gunicorn -c rulesite/gunicorn.conf.py``.

Every knob comes from the environment (docs/OPERATIONS.md lists them). The
defaults suit one machine behind a reverse proxy: sync workers (pages and
oracle runs are CPU-bound), the application loaded once before forking, workers
recycled after a jittered number of requests so that they never restart
together, and no access log unless asked for (the proxy keeps one).
"""

from __future__ import annotations

import os
from typing import Any

wsgi_app = "rulesite.wsgi:application"

bind = [os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")]
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1) + 1)))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "200"))
preload_app = os.environ.get("GUNICORN_PRELOAD", "1") not in {"0", "false", "no"}
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
backlog = int(os.environ.get("GUNICORN_BACKLOG", "2048"))
# Only a proxy at these addresses may set X-Forwarded-Proto and friends.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Request line, status, bytes and time in microseconds, when the log is on.
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(D)sus'


def pre_fork(server: Any, worker: Any) -> None:
    """A preloaded application may have opened database connections while
    loading. The arbiter closes them before each fork, so that no worker
    inherits (and later closes) a socket it shares with the others."""
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        connection.close()
