"""Fixtures of the production tests: the page cache switched on (it is off with
DEBUG) and emptied around each test, the API unthrottled, and a way to start
the site as production runs it, with gunicorn on a loopback port."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.base import BaseCache

from rulesite.pagecache import CACHE_ALIAS

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
# A production process gets its own SQLite database: replicas of the suite's
# PostgreSQL server would hold other data.
OWN_VARIABLES = frozenset(
    {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "DATABASE_REPLICA_URLS", "PYTHONPATH"}
)


@pytest.fixture
def page_cache(settings: Any) -> Iterator[BaseCache]:
    settings.PAGE_CACHE = True
    store = caches[CACHE_ALIAS]
    store.clear()
    yield store
    store.clear()


@pytest.fixture(autouse=True)
def unthrottled(settings: Any) -> Iterator[None]:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"read": None, "bulk": None, "oracle": None},
    }
    cache.clear()
    yield
    cache.clear()


def production_env(var_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a production process on this machine: DEBUG off, a
    fresh SECRET_KEY, plain HTTP on loopback, its own var/ folder."""
    env = {key: value for key, value in os.environ.items() if key not in OWN_VARIABLES}
    env.update(
        DJANGO_SETTINGS_MODULE="rulesite.settings",
        PYTHONPATH=str(ROOT),
        RULESITE_VAR_DIR=str(var_dir),
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="ERROR",
        GUNICORN_LOG_LEVEL="warning",
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 300) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def get(port: int, path: str, timeout: float = 30) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(
            f"http://{HOST}:{port}{path}", timeout=timeout
        ) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


class Server:
    """gunicorn serving the site with rulesite/gunicorn.conf.py."""

    def __init__(self, env: dict[str, str], workers: int = 2) -> None:
        self.port = free_port()
        gunicorn = Path(sys.executable).with_name("gunicorn")
        if not gunicorn.exists():
            gunicorn = Path(shutil.which("gunicorn") or "gunicorn")
        self.process = subprocess.Popen(
            [str(gunicorn), "-c", str(ROOT / "rulesite" / "gunicorn.conf.py")],
            cwd=ROOT,
            env={
                **env,
                "BIND": f"{HOST}:{self.port}",
                "WEB_CONCURRENCY": str(workers),
            },
        )

    def wait(self, path: str = "/", seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "gunicorn exited during start-up"
            try:
                if get(self.port, path, timeout=5)[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"gunicorn did not answer within {seconds:g} s")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
