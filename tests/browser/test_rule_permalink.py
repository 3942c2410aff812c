"""A rule permalink in a real browser: the reader lands on the rule inside its
topic, with the rule it belongs to shown just above it, with or without
JavaScript."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Site, open_page

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 900}


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_sub_rule_permalink_shows_its_parent_rule_above_it(
    browser: Any, site: Site, javascript: bool
) -> None:
    # Reduced motion: the jump lands at once rather than scrolling smoothly,
    # so the boxes read below are where the reader ends up.
    page = open_page(
        browser,
        site,
        java_script_enabled=javascript,
        viewport=VIEWPORT,
        reduced_motion="reduce",
    )

    page.goto(f"{site.url}/ti4/rules/2.6a/")

    assert page.url == f"{site.url}/ti4/rules/action-cards/?rule=2.6a#2.6a"
    rule = page.locator("[id='2.6a'] > .rule-row")
    context = page.locator("[id='2.6a'] > .rule-context")
    assert context.is_visible() and rule.is_visible()
    assert "Part of rule 2.6" in context.inner_text()
    parent_text = page.locator("[id='2.6'] > .rule-row .rule-text").inner_text()
    assert parent_text in context.inner_text()
    # Both boxes from one frame, so they share one scroll position.
    top, bottom, rule_top = page.evaluate(
        """() => {
            const item = document.getElementById("2.6a");
            const above = item.querySelector(":scope > .rule-context");
            const below = item.querySelector(":scope > .rule-row");
            const [a, b] = [above, below].map((e) => e.getBoundingClientRect());
            return [a.top, a.bottom, b.top];
        }"""
    )
    # Both on screen, the parent first: the jump scrolled past rule 2.6 itself.
    assert 0 <= top < rule_top < VIEWPORT["height"]
    assert bottom <= rule_top + 1
    assert page.locator(".rule-context").count() == 1
    assert site.console_errors == []
