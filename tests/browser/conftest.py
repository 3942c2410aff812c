"""Browser tests drive Debian's Chromium (installed by .ci/system-deps) through
Playwright's sync API against pytest-django's live server. No browser is ever
downloaded. Playwright's sync API runs an event loop in the test thread, so
every database call (loading content, the flush after each test) happens
before the browser starts or after it stops."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"


def require_chromium() -> None:
    """Skip (fail under CI=true) when Debian's Chromium or Playwright is missing."""
    missing = None
    if not CHROMIUM.exists():
        missing = f"{CHROMIUM} is not installed: run .ci/system-deps as root"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            missing = "the playwright package is not installed (pip install -e .[dev])"
    if missing and os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {missing}")
    if missing:
        pytest.skip(missing)


@dataclass
class Site:
    """The live site with the real TI4 content, and what its pages logged."""

    url: str
    console_errors: list[str] = field(default_factory=list)


@pytest.fixture
def site(live_server: Any) -> Site:
    require_chromium()
    call_command("load_content", "ti4", "--force", "--no-index", verbosity=0)
    return Site(url=live_server.url)


@pytest.fixture
def browser(site: Site) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def open_page(browser: Any, site: Site, **options: Any) -> Any:
    """A new page in its own context that records console errors in ``site``."""
    context = browser.new_context(
        viewport=options.pop("viewport", {"width": 1280, "height": 900}), **options
    )
    context.set_default_timeout(10_000)
    page = context.new_page()

    def on_console(message: Any) -> None:
        # A refused form answers 400 on purpose; Chromium logs the document's
        # own status as an error. Other resources and scripts still count.
        own_status = message.text.startswith("Failed to load resource") and (
            message.location.get("url") == page.url
        )
        if message.type == "error" and not own_status:
            site.console_errors.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on(
        "pageerror", lambda error: site.console_errors.append(f"{page.url}: {error}")
    )
    return page


@pytest.fixture
def page(browser: Any, site: Site) -> Any:
    return open_page(browser, site)
