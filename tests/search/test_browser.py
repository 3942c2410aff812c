"""The search box in a real browser (Debian's Chromium through Playwright):
suggestions while typing, keyboard choice, the "/" shortcut, no script errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SCREENSHOTS,
    require_chromium,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def live(live_server: Any, real_index: Path, settings: Any) -> str:
    require_chromium()
    call_command("load_content", "ti4", "--force", "--no-index", verbosity=0)
    settings.SEARCH_INDEX_DIR = real_index
    return str(live_server.url)


@pytest.fixture
def page(live: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        page = browser.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                errors.append(message.text) if message.type == "error" else None
            ),
        )
        page.goto(f"{live}/ti4/search/")
        yield page
        browser.close()
    assert errors == []


def suggestions_of(page: Any, box: Any) -> Any:
    """The listbox this box controls (the header has a search box of its own)."""
    return page.locator(f"#{box.get_attribute('aria-controls')}")


def test_typing_shows_suggestions_and_enter_opens_one(page: Any) -> None:
    from playwright.sync_api import expect

    box = page.locator("#search-q")
    box.click()
    box.type("sabo", delay=30)

    option = suggestions_of(page, box).locator("[role=option]").first
    # Each letter asks again: wait for the answer to the whole word, not an
    # earlier one still on screen ("sa" lists Salai Sai Corian first).
    expect(option).to_have_text(re.compile(r"^Sabotage"))
    assert box.get_attribute("aria-expanded") == "true"

    box.press("ArrowDown")
    assert box.get_attribute("aria-activedescendant") == option.get_attribute("id")
    assert option.get_attribute("aria-selected") == "true"
    box.press("Enter")
    page.wait_for_url("**/ti4/cards/sabotage/")


def test_escape_closes_the_suggestions(page: Any) -> None:
    box = page.locator("#search-q")
    box.type("lucky", delay=30)
    suggestions_of(page, box).locator("[role=option]").first.wait_for()

    box.press("Escape")

    assert box.get_attribute("aria-expanded") == "false"
    assert suggestions_of(page, box).is_hidden()


def test_slash_focuses_the_search_box(page: Any) -> None:
    page.locator("h1").click()

    page.keyboard.press("/")

    assert page.evaluate("document.activeElement.id") == "search-q"


def test_the_form_still_submits_to_the_results_page(page: Any) -> None:
    box = page.locator("#search-q")
    box.fill("hand limit")
    box.press("Enter")

    page.wait_for_url("**/ti4/search/?q=hand+limit")
    assert page.locator("#group-term").is_visible()


def test_suggestions_are_styled_by_the_site_stylesheet(page: Any) -> None:
    box = page.locator("#search-q")
    box.type("hand lim", delay=30)
    listbox = suggestions_of(page, box)
    option = listbox.locator("[role=option]").first
    option.wait_for()
    # The answer to the whole text, not to a letter typed before it.
    page.wait_for_load_state("networkidle")
    box.press("ArrowDown")
    # The key moves the highlight in a script of the page: wait until it has.
    listbox.locator("[aria-selected=true]").wait_for()
    listbox.locator("[aria-selected=false]").first.wait_for()

    # No style attribute anywhere (the CSP would not honour one in markup):
    # position, frame and highlight all come from site.css.
    assert page.locator("form [style]").count() == 0
    look = listbox.evaluate(
        """list => {
            const css = getComputedStyle(list);
            const chosen = getComputedStyle(list.querySelector("[aria-selected=true]"));
            const other = getComputedStyle(list.querySelector("[aria-selected=false]"));
            const box = list.getBoundingClientRect();
            const input = document.getElementById("search-q").getBoundingClientRect();
            return {position: css.position, border: css.borderTopStyle,
                    bullets: css.listStyleType, chosen: chosen.backgroundColor,
                    other: other.backgroundColor, below: box.top >= input.bottom};
        }"""
    )
    assert look["position"] == "absolute" and look["border"] == "solid"
    assert look["bullets"] == "none" and look["below"]
    assert look["chosen"] != look["other"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "search-suggestions.png"))


@pytest.mark.parametrize("path", ["/", "/ti4/"])
def test_home_pages_have_the_shortcut_and_suggestions(
    page: Any, live: str, path: str
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live}{path}")
    page.locator("h1").click()

    page.keyboard.press("/")

    box = page.locator(":focus")
    assert box.get_attribute("name") == "q"
    box.type("sabo", delay=30)
    option = suggestions_of(page, box).locator("[role=option]").first
    expect(option).to_have_text(re.compile(r"^Sabotage"))
