"""Read replicas (rulesite/db_router.py): the GETs of web requests read from a
replica, in one transaction there; writes, commands and pinned clients use the
primary. The replica here is a second, read-only connection to the test
database, so it sees the session's content but refuses any write; the test at
the end uses the real streaming replica of `.ci/with-postgres`."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.core.cache.backends.base import BaseCache
from django.core.exceptions import MiddlewareNotUsed
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.utils import load_backend
from django.http import HttpResponse
from django.test import Client

from oracle.api.v1.schema import SCENARIO
from rules.models import Game, Topic
from rulesite.db_router import (
    PIN_COOKIE,
    ReplicaMiddleware,
    ReplicaRouter,
    read_alias,
)
from rulesite.env import database_config
from tests.production.conftest import OWN_VARIABLES, ROOT

pytestmark = pytest.mark.django_db

REPLICA = "replica_test"
TOPIC = "/ti4/rules/action-cards/"
RUN_URL = "/api/v1/ti4/oracle/run/"
ROUTER = "rulesite.db_router.ReplicaRouter"


@dataclass
class Queries:
    """The statements each connection ran, with whether a transaction was open."""

    seen: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)

    def on(self, alias: str) -> list[tuple[str, bool]]:
        return self.seen.get(alias, [])

    def recorder(self, alias: str) -> Callable[..., Any]:
        def record(
            execute: Any, sql: str, params: Any, many: bool, context: Any
        ) -> Any:
            in_transaction = context["connection"].in_atomic_block
            self.seen.setdefault(alias, []).append((sql, in_transaction))
            return execute(sql, params, many, context)

        return record


@contextmanager
def queries(*aliases: str) -> Iterator[Queries]:
    found = Queries()
    with ExitStack() as stack:
        for alias in aliases:
            stack.enter_context(
                connections[alias].execute_wrapper(found.recorder(alias))
            )
        yield found


@contextmanager
def extra_database(alias: str, config: dict[str, Any]) -> Iterator[str]:
    """A connection made for one test. Django lets a test use a connection
    that is not in settings.DATABASES, which keeps its own test database
    checks for the aliases that are."""
    full = connections.configure_settings({DEFAULT_DB_ALIAS: {}, alias: config})
    connections[alias] = load_backend(config["ENGINE"]).DatabaseWrapper(
        full[alias], alias
    )
    try:
        yield alias
    finally:
        connections[alias].close()
        del connections[alias]


def read_only_copy_of_default() -> dict[str, Any]:
    config = copy.deepcopy(connections[DEFAULT_DB_ALIAS].settings_dict)
    config["OPTIONS"] = {}
    if config["ENGINE"].endswith("sqlite3"):
        config["OPTIONS"]["init_command"] = "PRAGMA query_only=ON;"
    else:
        config["OPTIONS"]["options"] = "-c default_transaction_read_only=on"
    return config


@pytest.fixture
def replica(settings: Any, ti4: Game) -> Iterator[str]:
    with extra_database(REPLICA, read_only_copy_of_default()):
        settings.REPLICA_DATABASES = [REPLICA]
        settings.DATABASE_ROUTERS = [ROUTER]
        yield REPLICA


def post_run(client: Client) -> Any:
    body = {"game": "ti4", **{k: v for k, v in SCENARIO.items() if k != "expect"}}
    return client.post(RUN_URL, data=json.dumps(body), content_type="application/json")


def test_a_get_reads_from_the_replica_only(client: Client, replica: str) -> None:
    with queries(DEFAULT_DB_ALIAS, replica) as seen:
        response = client.get(TOPIC)

    assert response.status_code == 200
    assert seen.on(replica) and not seen.on(DEFAULT_DB_ALIAS)


def test_the_page_cache_keys_and_renders_in_one_transaction_on_the_replica(
    client: Client, replica: str, page_cache: BaseCache
) -> None:
    with queries(DEFAULT_DB_ALIAS, replica) as on_miss:
        miss = client.get(TOPIC)
    with queries(DEFAULT_DB_ALIAS, replica) as on_hit:
        hit = client.get(TOPIC)

    assert (miss["X-Page-Cache"], hit["X-Page-Cache"]) == ("miss", "hit")
    assert not on_miss.on(DEFAULT_DB_ALIAS) and not on_hit.on(DEFAULT_DB_ALIAS)
    # The miss: the cache lookup's version query, then (in one transaction)
    # the versions of the key and the page; the hit: the lookup only.
    # (SQLite's BEGIN itself is a statement, run before the block is entered.)
    lookup, *render = [q for q in on_miss.on(replica) if q[0] != "BEGIN"]
    assert not lookup[1] and Game._meta.db_table in lookup[0]
    assert render and all(within for _, within in render)
    assert any(Topic._meta.db_table in sql for sql, _ in render)
    assert [sql for sql, _ in on_hit.on(replica)] == [lookup[0]]


def test_a_post_uses_the_primary_and_pins_the_client(
    client: Client, replica: str
) -> None:
    with queries(DEFAULT_DB_ALIAS, replica) as seen:
        response = post_run(client)

    assert response.status_code == 200, response.content
    assert seen.on(DEFAULT_DB_ALIAS) and not seen.on(replica)
    assert client.cookies[PIN_COOKIE]["max-age"] == 5
    assert client.cookies[PIN_COOKIE]["httponly"]

    # Its own write, at once: the permalink is read from the primary.
    with queries(DEFAULT_DB_ALIAS, replica) as seen:
        permalink = client.get(response.json()["permalink"])

    assert permalink.status_code == 200
    assert seen.on(DEFAULT_DB_ALIAS) and not seen.on(replica)


def test_the_pin_ends(client: Client, replica: str) -> None:
    for stale in (f"{time.time() - 1:.0f}", "not-a-time"):
        client.cookies[PIN_COOKIE] = stale

        with queries(DEFAULT_DB_ALIAS, replica) as seen:
            client.get(TOPIC)

        assert seen.on(replica) and not seen.on(DEFAULT_DB_ALIAS), stale


def test_the_pin_lasts_replica_pin_seconds(
    client: Client, replica: str, settings: Any
) -> None:
    settings.REPLICA_PIN_SECONDS = 30

    post_run(client)

    assert client.cookies[PIN_COOKIE]["max-age"] == 30
    assert float(client.cookies[PIN_COOKIE].value) > time.time() + 25


def test_a_replica_refuses_writes(replica: str) -> None:
    """The guard behind the router: a write sent to a replica by mistake
    fails instead of forking the data."""
    with pytest.raises(Exception, match=r"(?i)read.?only"):
        Game.objects.using(replica).filter(slug="ti4").update(name="changed")


def test_commands_and_code_outside_requests_use_the_primary(
    replica: str, tmp_path: Any, settings: Any
) -> None:
    settings.SEARCH_INDEX_DIR = tmp_path / "search"

    with queries(DEFAULT_DB_ALIAS, replica) as seen:
        call_command("build_search_index", verbosity=0)
        assert Game.objects.filter(slug="ti4").exists()

    assert read_alias() == DEFAULT_DB_ALIAS
    assert seen.on(DEFAULT_DB_ALIAS) and not seen.on(replica)


def test_migrations_run_on_the_primary_only() -> None:
    router = ReplicaRouter()

    assert router.allow_migrate(DEFAULT_DB_ALIAS, "rules")
    assert not router.allow_migrate("replica_1", "rules")
    assert router.db_for_write(Game) == DEFAULT_DB_ALIAS


def test_without_replicas_the_middleware_is_left_out(
    client: Client, ti4: Game, settings: Any
) -> None:
    settings.REPLICA_DATABASES = []

    response = post_run(client)

    assert response.status_code == 200
    assert PIN_COOKIE not in response.cookies
    with pytest.raises(MiddlewareNotUsed):
        ReplicaMiddleware(lambda request: HttpResponse())


def test_replica_urls_become_read_only_test_mirrors() -> None:
    config = database_config(
        "postgres://reader@replica.example:5432/rulesite",
        conn_max_age=60,
        replica_of="default",
    )

    assert config["HOST"] == "replica.example"
    assert config["TEST"] == {"MIRROR": "default"}
    assert "default_transaction_read_only=on" in config["OPTIONS"]["options"]


SHOW_DATABASES = (
    "import django, json; django.setup(); from django.conf import settings as s; "
    "print(json.dumps([sorted(s.DATABASES), s.REPLICA_DATABASES, s.DATABASE_ROUTERS]))"
)


def settings_with(**env: str) -> subprocess.CompletedProcess[str]:
    own = {k: v for k, v in os.environ.items() if k not in OWN_VARIABLES}
    return subprocess.run(
        [sys.executable, "-c", SHOW_DATABASES],
        cwd=ROOT,
        env={**own, "DJANGO_SETTINGS_MODULE": "rulesite.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_settings_read_replicas_from_the_environment() -> None:
    plain = settings_with()
    two = settings_with(
        DATABASE_URL="postgres://u@primary/site",
        DATABASE_REPLICA_URLS="postgres://u@r1/site, postgres://u@r2/site",
    )
    orphan = settings_with(DATABASE_REPLICA_URLS="postgres://u@r1/site")

    assert json.loads(plain.stdout) == [["default"], [], []]
    assert json.loads(two.stdout) == [
        ["default", "replica_1", "replica_2"],
        ["replica_1", "replica_2"],
        [ROUTER],
    ]
    assert orphan.returncode != 0 and "DATABASE_URL is not" in orphan.stderr


# --- The real streaming replica of .ci/with-postgres -------------------------


def replica_urls() -> list[str]:
    raw = os.environ.get("DATABASE_REPLICA_URLS", "")
    return [url.strip() for url in raw.split(",") if url.strip()]


@pytest.mark.postgres
@pytest.mark.skipif(
    not replica_urls()
    or not os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgresql")),
    reason="needs DATABASE_REPLICA_URLS on PostgreSQL (.ci/with-postgres)",
)
def test_writes_reach_the_streaming_replica_and_pages_are_served_from_it(
    client: Client, ti4: Game, settings: Any
) -> None:
    test_database = connections[DEFAULT_DB_ALIAS].settings_dict["NAME"]
    primary = copy.deepcopy(connections[DEFAULT_DB_ALIAS].settings_dict)
    streaming = database_config(replica_urls()[0], conn_max_age=0, replica_of="x")
    streaming.update(NAME=test_database, TEST=primary["TEST"])
    # The test's own transaction never commits: write through a connection of
    # its own, which commits, and clean up after.
    with (
        extra_database("primary_live", primary) as writer,
        extra_database("replica_live", streaming) as reader,
    ):
        settings.REPLICA_DATABASES = [reader]
        settings.DATABASE_ROUTERS = [ROUTER]
        slug = f"replicated-{os.getpid()}"
        topic = Topic.objects.using(writer).filter(game__slug="ti4").first()
        assert topic is not None
        try:
            Topic.objects.using(writer).filter(pk=topic.pk).update(slug=slug)
            deadline = time.monotonic() + 30
            while not Topic.objects.using(reader).filter(slug=slug).exists():
                assert time.monotonic() < deadline, "the replica did not catch up"
                time.sleep(0.05)
            with connections[reader].cursor() as cursor:
                cursor.execute("SELECT pg_is_in_recovery()")
                assert cursor.fetchone() == (True,)

            with queries(DEFAULT_DB_ALIAS, reader) as seen:
                page = client.get(f"/ti4/rules/{slug}/")

            assert page.status_code == 200
            assert seen.on(reader) and not seen.on(DEFAULT_DB_ALIAS)
        finally:
            Topic.objects.using(writer).filter(pk=topic.pk).update(slug=topic.slug)
