"""``export_site`` writes a reference that nginx serves as plain files, with
no broken link: pages, rule permalinks (as redirects), assets; what needs the
application points at the configured origin."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import override_settings

from rules.content.loader import load_game
from rules.export import links_in
from rules.models import Game
from tests.builders import write_game
from tests.production.conftest import HOST, free_port

ORIGIN = "https://app.rulesite.example"


def find_nginx() -> str | None:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    return found if os.access(found, os.X_OK) else None


@pytest.fixture
def demo(db: Any, tmp_path: Path) -> Game:
    load_game(write_game(tmp_path / "content"))
    return Game.objects.get(slug="demo")


@pytest.fixture(scope="module")
def exported(
    django_db_setup: Any,
    django_db_blocker: Any,
    tmp_path_factory: pytest.TempPathFactory,
) -> Path:
    """One export of the demo game for the module (in the whole suite, where
    the real content is loaded too, each export took half a minute): loaded
    and exported in a transaction rolled back afterwards, so no test sees the
    demo rows. Its pages are read from the primary, whose
    transaction a replica cannot see (tests/conftest.py does the same for each
    test)."""
    root = tmp_path_factory.mktemp("export")
    out = root / "site"
    with (
        django_db_blocker.unblock(),
        transaction.atomic(),
        override_settings(STATIC_ROOT=root / "static", REPLICA_DATABASES=[]),
    ):
        load_game(write_game(root / "content"))
        call_command(
            "export_site", "demo", str(out), f"--origin={ORIGIN}", stdout=StringIO()
        )
        transaction.set_rollback(True)
    return out


@pytest.fixture(scope="module")
def nginx(exported: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    tmp_path = tmp_path_factory.mktemp("nginx")
    binary = find_nginx()
    if binary is None:
        if os.environ.get("CI") == "true" or os.getuid() == 0:
            pytest.fail("nginx is missing; .ci/system-deps installs it as root")
        pytest.skip("NOTICE: nginx is not installed and this is not root")
    port = free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        f"""
        {"user root;" if os.getuid() == 0 else ""}
        daemon off; worker_processes 1; pid {tmp_path}/nginx.pid;
        error_log {tmp_path}/error.log;
        events {{}}
        http {{
          include /etc/nginx/mime.types;
          access_log off;
          client_body_temp_path {tmp_path}/body; proxy_temp_path {tmp_path}/proxy;
          fastcgi_temp_path {tmp_path}/fcgi; uwsgi_temp_path {tmp_path}/uwsgi;
          scgi_temp_path {tmp_path}/scgi;
          server {{
            listen {HOST}:{port};
            root {exported};
            error_page 404 /404.html;
            location / {{ try_files $uri $uri/index.html =404; }}
          }}
        }}
        """
    )
    process = subprocess.Popen([binary, "-c", str(conf), "-p", str(tmp_path)])
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://{HOST}:{port}/", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def fetch(port: int, path: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(f"http://{HOST}:{port}{path}", timeout=10) as r:
            return (
                r.status,
                r.headers.get_content_type(),
                r.read().decode("utf-8", "replace"),
            )
    except urllib.error.HTTPError as error:
        return error.code, "", ""


def crawl(port: int, start: str) -> tuple[set[str], list[str]]:
    """Every path reachable from ``start`` on the static server, and the ones
    that do not answer 200."""
    seen, broken = {start}, []
    queue = deque([start])
    while queue:
        path = queue.popleft()
        status, kind, body = fetch(port, path)
        if status != 200:
            broken.append(path)
            continue
        if kind == "text/html":
            for link in links_in(body, path):
                if link not in seen:
                    seen.add(link)
                    queue.append(link)
    return seen, broken


def test_nginx_serves_the_export_with_no_broken_link(nginx: int) -> None:
    seen, broken = crawl(nginx, "/demo/")

    assert broken == []
    assert "/demo/rules/turns/" in seen and "/demo/cards/cancel/" in seen
    assert any(path.startswith("/static/") for path in seen)


def test_rule_permalinks_redirect_to_their_topic(nginx: int, exported: Path) -> None:
    status, _, stub = fetch(nginx, "/demo/rules/1.1/")

    assert status == 200
    assert 'content="0; url=/demo/rules/turns/?rule=1.1#1.1"' in stub
    assert (
        "/demo/rules/1.1/ /demo/rules/turns/?rule=1.1#1.1 301"
        in (exported / "_redirects").read_text()
    )


def test_dynamic_parts_point_at_the_origin(nginx: int) -> None:
    _, _, page = fetch(nginx, "/demo/rules/turns/")

    assert f'action="{ORIGIN}/demo/search/"' in page
    assert f'data-preview-url="{ORIGIN}/demo/preview/' in page
    assert 'action="/demo/search/"' not in page


def test_a_missing_page_gets_the_sites_404(nginx: int) -> None:
    status, _, _ = fetch(nginx, "/demo/rules/nothing-here/")

    assert status == 404


def test_export_refuses_an_unknown_game_or_a_bad_origin(
    demo: Game, tmp_path: Path
) -> None:
    with pytest.raises(CommandError, match="unknown game"):
        call_command("export_site", "nope", str(tmp_path), f"--origin={ORIGIN}")
    with pytest.raises(CommandError, match="not an http"):
        call_command("export_site", "demo", str(tmp_path), "--origin=ftp://x")
    assert not any(tmp_path.glob("*/index.html"))
