"""The oracle in Chromium: build a scenario with the form, run it, follow a rule
link; paste YAML with a mistake and see it beside the field."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import SCREENSHOTS, Site

pytestmark = pytest.mark.browser


def fill_spy_answered_by_sabotage(page: Any, first: str) -> None:
    """In the builder: ``first`` plays Spy on Bob, and Bob answers with Sabotage."""
    page.fill("#id_players-0-hand", "spy")
    page.fill("#id_players-1-hand", "sabotage")
    page.fill("#id_steps-0-player", first)
    page.fill("#id_steps-0-card", "spy")
    page.fill("#id_steps-0-targets", "Bob")
    page.fill("#id_steps-1-player", "Bob")
    page.fill("#id_steps-1-card", "sabotage")


def test_builds_a_scenario_runs_it_and_follows_a_rule_link(
    page: Any, site: Site, scenario: Any
) -> None:
    page.goto(f"{site.url}/ti4/oracle/")
    page.get_by_role("button", name="Add a step").click()
    assert page.locator("#id_steps-2-card").count() == 1
    fill_spy_answered_by_sabotage(page, "Alice")
    page.get_by_role("button", name="Run the scenario").first.click()

    page.wait_for_url(re.compile(r"/ti4/oracle/r/[0-9a-f]{32}/$"))
    verdict = page.locator("h1#answer-title").inner_text()
    assert verdict.startswith("Accepted:")
    assert page.locator("ol.oracle-steps > li").count() == 2
    page.locator("details.oracle-window").first.locator("summary").click()
    assert page.locator("details.oracle-window").first.get_attribute("open") is not None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "oracle-answer.png"), full_page=True)

    link = page.locator("ol.oracle-log a.xref-rule").first
    rule_id = link.get_attribute("data-xref").removeprefix("rule:")
    # A real click hovers first, and the hover preview's request would run
    # beside the navigation on the live server's one shared SQLite connection.
    link.dispatch_event("click")

    # Through the rule's permalink, which names the rule to its topic page.
    anchor = re.escape(rule_id)
    page.wait_for_url(re.compile(rf"/ti4/rules/[-a-z]+/(\?rule={anchor})?#{anchor}$"))
    assert page.locator(f"[id='{rule_id}']").is_visible()
    assert site.console_errors == []


def test_a_builder_mistake_is_shown_beside_its_field(
    page: Any, site: Site, scenario: Any
) -> None:
    page.goto(f"{site.url}/ti4/oracle/?card=neural-motivator")
    page.fill("#id_players-1-hand", "sabotage, sabotoge")
    page.get_by_role("button", name="Run the scenario").first.click()

    page.wait_for_load_state()
    group = page.locator("div", has=page.locator("#id_players-1-hand")).last
    assert "unknown card 'sabotoge'" in group.locator(".errorlist").inner_text()
    assert page.locator("#id_players-1-hand").get_attribute("aria-invalid") == "true"
    assert site.console_errors == []


def test_pasted_yaml_with_a_mistake_shows_it_beside_the_box(
    page: Any, site: Site, scenario: Any
) -> None:
    page.goto(f"{site.url}/ti4/oracle/")
    page.locator("#oracle-paste > summary").click()
    page.fill(
        "#id_text",
        "phase: action\n"
        "players:\n"
        "  - {name: Alice, hand: [spy]}\n"
        "  - {name: Bob, hand: [sabotage, sabotoge]}\n"
        "steps:\n"
        "  - {player: Alice, play: spy, targets: {target: Bob}}\n",
    )
    page.locator("#oracle-paste").get_by_role("button", name="Run the scenario").click()

    problems = page.locator("#paste-problems")
    problems.wait_for()
    text = problems.inner_text()
    assert "line 4" in text
    assert "/players/1/hand/1" in text and "unknown card 'sabotoge'" in text
    box = page.locator("#id_text").bounding_box()
    beside = problems.bounding_box()
    assert box is not None and beside is not None
    assert beside["x"] >= box["x"] + box["width"] - 1 or beside["y"] >= box["y"]
    assert page.locator("#id_text").input_value().startswith("phase: action")
    page.screenshot(path=str(SCREENSHOTS / "oracle-paste-error.png"), full_page=True)
    assert site.console_errors == []


def test_renaming_a_player_keeps_the_players_and_the_new_name_runs(
    page: Any, site: Site, scenario: Any
) -> None:
    page.goto(f"{site.url}/ti4/oracle/")
    rows = page.locator("[data-rows=players] > [data-row]")
    count = rows.count()

    page.fill("#id_players-0-name", "Alicia")
    page.press("#id_players-0-name", "Tab")

    assert count >= 2 and rows.count() == count
    assert page.locator("input[name=players-TOTAL_FORMS]").count() == 1
    assert page.locator("#id_players-0-name").input_value() == "Alicia"
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
    names = page.locator("#id_steps-0-player").get_attribute("list")
    offered = page.locator(f"datalist#{names} option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    assert "Alicia" in offered

    page.fill("#id_scenario-active_player", "Alicia")
    fill_spy_answered_by_sabotage(page, "Alicia")
    page.get_by_role("button", name="Run the scenario").first.click()

    page.wait_for_url(re.compile(r"/ti4/oracle/r/[0-9a-f]{32}/$"))
    assert page.locator("h1#answer-title").inner_text().startswith("Accepted:")
    assert "Alicia plays Spy targeting Bob" in page.locator("main").inner_text()
    assert site.console_errors == []
