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
    page = open_page(browser, site, java_script_enabled=javascript, viewport=VIEWPORT)

    page.goto(f"{site.url}/ti4/rules/2.6a/")

    assert page.url == f"{site.url}/ti4/rules/action-cards/?rule=2.6a#2.6a"
    rule = page.locator("[id='2.6a'] > .rule-row")
    context = page.locator("[id='2.6a'] > .rule-context")
    assert context.is_visible() and rule.is_visible()
    assert "Part of rule 2.6" in context.inner_text()
    parent_text = page.locator("[id='2.6'] > .rule-row .rule-text").inner_text()
    assert parent_text in context.inner_text()
    above, below = context.bounding_box(), rule.bounding_box()
    assert above is not None and below is not None
    # Both on screen, the parent first: the jump scrolled past rule 2.6 itself.
    assert 0 <= above["y"] < below["y"] < VIEWPORT["height"]
    assert above["y"] + above["height"] <= below["y"] + 1
    assert page.locator(".rule-context").count() == 1
    assert site.console_errors == []
