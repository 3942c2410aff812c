"""``make run`` serves the site as production does: gunicorn, DEBUG off,
static files from whitenoise, a secret key generated once into var/."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator

import pytest

from tests.production.conftest import HOST, OWN_VARIABLES, ROOT, free_port, get

SECRET_FILE = ROOT / "var" / "secret-key"


@pytest.fixture(scope="module")
def served() -> Iterator[int]:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in OWN_VARIABLES | {"DEBUG"}}
    env.pop("SECRET_KEY", None)
    env.update(PORT=str(port), WEB_CONCURRENCY="2", GUNICORN_LOG_LEVEL="warning")
    # Its own process group, so that stopping it stops make and gunicorn.
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            assert process.poll() is None, "make run exited"
            try:
                if get(port, "/robots.txt", timeout=5)[0] == 200:
                    break
            except OSError:
                time.sleep(0.5)
        else:
            raise AssertionError("make run did not serve within 240 s")
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)


def test_a_404_is_the_sites_page_not_the_debug_page(served: int) -> None:
    status, body = get(served, "/ti4/rules/nonexistent/")

    assert status == 404
    assert b"URLconf" not in body and b"DEBUG = True" not in body


def test_static_files_are_hashed_and_served_by_whitenoise(served: int) -> None:
    status, page = get(served, "/ti4/rules/action-cards/")
    stylesheet = page.split(b'rel="stylesheet" href="', 1)[1].split(b'"', 1)[0]

    assert status == 200
    assert stylesheet.count(b".") >= 2  # name.<hash>.css from the manifest
    assert get(served, stylesheet.decode())[0] == 200


def test_the_secret_key_is_generated_once_and_kept_private(served: int) -> None:
    assert SECRET_FILE.exists()
    assert len(SECRET_FILE.read_text().strip()) >= 50
    assert SECRET_FILE.stat().st_mode & 0o077 == 0


def test_robots_txt_points_at_the_sitemap(served: int) -> None:
    status, body = get(served, "/robots.txt")

    assert status == 200
    assert f"Sitemap: http://{HOST}:{served}/sitemap.xml".encode() in body
    assert b"Disallow: /api/" in body


def test_make_dev_still_serves_with_the_reloader() -> None:
    plan = subprocess.run(
        ["make", "-n", "dev"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "manage.py runserver" in plan
