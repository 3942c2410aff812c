from __future__ import annotations

import threading
from typing import Any

import pytest
from django.core.management import call_command
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread


class OneRequestAtATimeServer(ThreadedWSGIServer):
    """The live server of the browser tests: a thread per connection, as a
    browser expects, but one request at a time. Its threads share the test
    run's in-memory SQLite connection, on which two requests at once (a page and
    the favicon) would both open a read transaction, and SQLite refuses the
    second ("cannot start a transaction within a transaction")."""

    lock = threading.Lock()

    def get_app(self) -> Any:
        app = super().get_app()

        def one_at_a_time(environ: Any, start_response: Any) -> Any:
            with self.lock:
                return app(environ, start_response)

        return one_at_a_time


LiveServerThread.server_class = OneRequestAtATimeServer


@pytest.fixture(autouse=True)
def reads_on_the_primary(request: Any) -> None:
    """A test's rows live in its own uncommitted transaction on the primary,
    which a replica's connection cannot see: with DATABASE_REPLICA_URLS set (the
    PostgreSQL run), requests read from the primary too. The replica tests
    (tests/production/test_replicas.py) configure replicas of their own."""
    from django.conf import settings

    if settings.REPLICA_DATABASES:
        request.getfixturevalue("settings").REPLICA_DATABASES = []


@pytest.fixture(autouse=True, scope="session")
def rate_limit_store(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The run's own folder for the rate-limit counters (rulesite/ratelimit.py)
    when they are kept on disk, which another test run in the same checkout
    would otherwise share; set before any request opens the store."""
    from django.conf import settings

    from rulesite.ratelimit import CACHE_ALIAS

    store = settings.CACHES[CACHE_ALIAS]
    if store["BACKEND"] == "rulesite.disk_cache.KeptOpenDiskCache":
        store["LOCATION"] = str(tmp_path_factory.mktemp("ratelimit"))


@pytest.fixture(autouse=True)
def fresh_rate_limits(rate_limit_store: None) -> None:
    """Every test starts with no request counted."""
    from django.core.cache import caches

    from rulesite.ratelimit import CACHE_ALIAS

    caches[CACHE_ALIAS].clear()


@pytest.fixture(scope="session")
def real_content(django_db_setup: Any, django_db_blocker: Any) -> None:
    """Load the real fixtures once per session, outside any test transaction."""
    with django_db_blocker.unblock():
        call_command("load_content", "ti4", "--no-index", verbosity=0)


@pytest.fixture
def ti4(real_content: None, db: Any) -> Any:
    from rules.models import Game

    return Game.objects.get(slug="ti4")


@pytest.fixture
def in_process_wsgi() -> Any:
    """Let tests call the WSGI application directly (schemathesis, werkzeug)
    without it closing the test's database connection at the end of each
    request — what Django's own test client arranges for its requests."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)
