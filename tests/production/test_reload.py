"""Content reload while serving: gunicorn serves the site as in production while
``load_content --force`` replaces the game (and swaps in a new search index)
several times; readers hammering pages, the API and search must always get a
200 with the whole game, never a half-loaded one nor a missing index."""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.production.conftest import ROOT, Server, get, manage, production_env

RELOADS = 4
READERS = 3
TOPIC = "/ti4/rules/action-cards/"
RULE_ROW = re.compile(rb'<li id="[^"]+" class="rule')
# One reload also builds and swaps in a new search index; the others only
# replace the database rows, which is where a reader could see half a game.
RELOAD_SCRIPT = (
    "from django.core.management import call_command\n"
    f"for n in range({RELOADS}):\n"
    "    call_command('load_content', 'ti4', '--force', *['--no-index'] * bool(n))\n"
)


@pytest.fixture
def database_url() -> Iterator[str | None]:
    """A database of the test's own: a new one on the PostgreSQL server of the
    suite when there is one, else None (SQLite in the test's var/)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield None
        return
    import psycopg

    name = f"rulesite_reload_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# Read with a query string of their own, so that every read renders from the
# database rather than from the page cache or the API's cache of renderings.
PROBES = {
    "topic page": TOPIC,
    "api topic": "/api/v1/ti4/topics/action-cards/",
    # One page of cards: a next link would carry the probe and differ.
    "api cards": "/api/v1/ti4/cards/?type=action&page_size=200&",
}


@dataclass
class Readers:
    """Threads that read while the content reloads, and what they saw: every
    body must equal the one read before any reload (the content is the same)."""

    port: int
    expected: dict[str, bytes] = field(default_factory=dict)
    requests: int = 0
    problems: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def read(self, name: str, serial: int) -> tuple[int, bytes]:
        path = PROBES[name]
        separator = "" if path.endswith("&") else "?"
        return get(self.port, f"{path}{separator}probe={serial}")

    def take_baseline(self) -> None:
        for name in PROBES:
            status, body = self.read(name, 0)
            assert status == 200, (name, status)
            self.expected[name] = body
        assert len(RULE_ROW.findall(self.expected["topic page"])) > 10

    def check(self, serial: int) -> None:
        for name in PROBES:
            status, body = self.read(name, serial)
            self.expect(name, status, body == self.expected[name])
        status, body = get(self.port, f"/ti4/search/?q=sabotage&probe={serial}")
        self.expect("search", status, b"/ti4/cards/sabotage/" in body)

    def expect(self, what: str, status: int, complete: bool) -> None:
        self.requests += 1
        if status != 200 or not complete:
            self.problems.append(f"{what}: status {status}, complete: {complete}")

    def run(self, number: int) -> None:
        serial = number
        while not self.stop.is_set():
            serial += READERS
            self.check(serial)


def test_readers_never_see_a_half_loaded_game(
    tmp_path: Path, database_url: str | None
) -> None:
    fixtures = tmp_path / "fixtures"
    # A snapshot of the content: authors may be editing fixtures/ meanwhile.
    shutil.copytree(ROOT / "fixtures" / "ti4", fixtures / "ti4")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    # Whoosh builds in <TMPDIR>/MAIN.tmp: a build elsewhere on the machine at
    # the same moment would share (and delete) that folder.
    extra = {
        "RULESITE_FIXTURES_DIR": str(fixtures),
        "PAGE_CACHE": "1",
        "TMPDIR": str(scratch),
        # The readers are one client reading as fast as they can, searches
        # included: rate limits (shared by the workers) would refuse them.
        "API_THROTTLE_READ": "",
        "WEB_THROTTLE_SEARCH": "",
    }
    if database_url:
        extra["DATABASE_URL"] = database_url
    env = production_env(tmp_path / "var", **extra)
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    manage(env, "load_content", "ti4")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    server = Server(env, workers=2)
    try:
        server.wait(TOPIC)
        readers = Readers(server.port)
        readers.take_baseline()
        threads = [
            threading.Thread(target=readers.run, args=(n,), daemon=True)
            for n in range(1, READERS + 1)
        ]
        for thread in threads:
            thread.start()
        started = time.monotonic()
        output = manage(env, "shell", "--command", RELOAD_SCRIPT)
        reloading = time.monotonic() - started
        readers.stop.set()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        server.stop()

    assert output.count("ti4: loaded") == RELOADS
    assert readers.problems == []
    # The readers really overlapped the reloads.
    assert readers.requests >= 20, (readers.requests, reloading)
