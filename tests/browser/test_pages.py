"""A reader's path through the rules pages in a real browser."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import SCREENSHOTS, Site, open_page

pytestmark = pytest.mark.browser

HIGHLIGHT = "rgb(255, 241, 184)"  # --hl in site.css, light scheme


def test_reader_opens_a_topic_from_the_index_and_follows_a_card_link(
    page: Any, site: Site
) -> None:
    page.goto(f"{site.url}/ti4/rules/")
    page.locator("section[aria-labelledby=by-number]").get_by_role(
        "link", name="Action Cards", exact=True
    ).click()

    page.wait_for_url(re.compile(r"/ti4/rules/action-cards/$"))
    assert "Action Cards" in page.locator("h1").inner_text()
    assert page.locator("ol.rules > li.rule").count() > 5

    card_link = page.locator(".rule-text a.xref-card").first
    href = card_link.get_attribute("href")
    card_link.click()

    page.wait_for_url(f"{site.url}{href}")
    assert re.fullmatch(r"/ti4/cards/[-a-z0-9]+/", href or "")
    assert page.locator("h1#card-title").is_visible()
    assert site.console_errors == []


def test_rule_permalink_opens_its_topic_with_the_rule_highlighted(
    page: Any, site: Site
) -> None:
    page.goto(f"{site.url}/ti4/rules/2.4a/")

    assert page.url == f"{site.url}/ti4/rules/action-cards/?rule=2.4a#2.4a"
    target = page.locator("[id='2.4a']")
    assert page.evaluate("document.querySelector(':target').id") == "2.4a"
    assert "is-target" in (target.get_attribute("class") or "")
    row = target.locator(":scope > .rule-row")
    assert row.evaluate("el => getComputedStyle(el).backgroundColor") == HIGHLIGHT
    assert (
        row.is_visible()
        and page.evaluate("document.getElementById('2.4a').getBoundingClientRect().top")
        < 900
    )
    other = page.locator("[id='2.4'] > .rule-row")
    assert other.evaluate("el => getComputedStyle(el).backgroundColor") != HIGHLIGHT
    assert site.console_errors == []


def test_hovering_a_cross_link_shows_its_preview(page: Any, site: Site) -> None:
    page.goto(f"{site.url}/ti4/rules/action-cards/")
    link = page.locator(".rule-text a[data-xref^='card:']").first
    name = link.get_attribute("data-title")

    link.hover()

    tooltip = page.locator("#xref-preview")
    tooltip.wait_for(state="visible")
    assert tooltip.get_attribute("role") == "tooltip"
    assert link.get_attribute("aria-describedby") == "xref-preview"
    assert page.locator(".xref-preview-title").inner_text() == name
    assert page.locator(".xref-preview-text").inner_text()
    assert link.get_attribute("title") is None  # no second, native tooltip

    page.mouse.move(2, 2)
    tooltip.wait_for(state="hidden")
    assert link.get_attribute("aria-describedby") is None
    assert site.console_errors == []


def test_keyboard_focus_reaches_a_cross_link_and_shows_its_preview(
    page: Any, site: Site
) -> None:
    page.goto(f"{site.url}/ti4/rules/action-cards/")

    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a[data-xref]')"):
            break
    else:
        pytest.fail("Tab never reached a cross-link")

    tooltip = page.locator("#xref-preview")
    tooltip.wait_for(state="visible")
    focused = page.locator(":focus")
    assert focused.get_attribute("aria-describedby") == "xref-preview"
    assert focused.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    page.keyboard.press("Escape")
    tooltip.wait_for(state="hidden")
    assert site.console_errors == []


def test_copy_link_copies_the_absolute_rule_permalink(browser: Any, site: Site) -> None:
    page = open_page(browser, site, permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"{site.url}/ti4/rules/action-cards/")

    page.locator("[id='2.4'] > .rule-row .copy-link").click()

    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site.url}/ti4/rules/2.4/"
    assert page.url == f"{site.url}/ti4/rules/action-cards/"
    assert "Link copied" in page.locator(".copy-status").inner_text()
    assert site.console_errors == []


def test_without_javascript_copy_links_and_filters_still_work(
    browser: Any, site: Site
) -> None:
    page = open_page(browser, site, java_script_enabled=False)
    page.goto(f"{site.url}/ti4/rules/action-cards/")

    page.locator("[id='2.4'] > .rule-row .copy-link").click()
    page.wait_for_url(f"{site.url}/ti4/rules/action-cards/?rule=2.4#2.4")
    assert page.evaluate("document.querySelector(':target').id") == "2.4"

    page.goto(f"{site.url}/ti4/cards/")
    page.select_option("#filter-type", "action")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url(re.compile(r"/ti4/cards/\?type=action"))
    assert "cards match" in page.locator(".result-count").inner_text()


def test_pages_log_no_console_errors(page: Any, site: Site) -> None:
    for path in (
        "/",
        "/ti4/",
        "/ti4/rules/",
        "/ti4/rules/?rule=99.99",
        "/ti4/rules/action-cards/",
        "/ti4/cards/",
        "/ti4/cards/?type=action&implemented=no",
        "/ti4/cards/sabotage/",
        "/ti4/rulings/",
        "/ti4/glossary/",
    ):
        page.goto(f"{site.url}{path}")
        page.wait_for_load_state("load")

    assert site.console_errors == []


SHOTS = {
    "desktop": (1280, "light"),
    "phone": (360, "light"),
    "desktop-dark": (1280, "dark"),
}


def test_topic_page_fits_desktop_and_phone_and_is_photographed(
    browser: Any, site: Site
) -> None:
    for name, (width, scheme) in SHOTS.items():
        page = open_page(
            browser, site, viewport={"width": width, "height": 900}, color_scheme=scheme
        )
        page.goto(f"{site.url}/ti4/rules/action-cards/#2.4a")

        overflow = page.evaluate(
            "document.documentElement.scrollWidth"
            " - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{overflow}px of horizontal scrolling at {width}px"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"topic-{name}.png"), full_page=True)
        page.context.close()
    assert site.console_errors == []


def test_unknown_page_is_a_friendly_404_with_a_search_box(
    page: Any, site: Site
) -> None:
    response = page.goto(f"{site.url}/ti4/cards/sabotaje/")

    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"
    search = page.locator("form[role=search] input[name=q]")
    assert search.input_value() == "sabotaje"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "not-found.png"))
    # Chrome reports the 404 of the page itself; nothing else may fail.
    assert [e for e in site.console_errors if "status of 404" not in e] == []
