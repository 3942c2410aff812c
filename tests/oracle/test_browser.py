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
    assert verdict.startswith("Yes: Bob can play Sabotage in answer to Alice's Spy")
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
    assert page.locator("h1#answer-title").inner_text().startswith("Yes:")
    assert "Alicia plays Spy targeting Bob" in page.locator("main").inner_text()
    assert site.console_errors == []


class Counted:
    """A page's fills, selects, checks and clicks, counted as a judge would
    count them (one action each) with the characters typed."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.actions = 0
        self.keystrokes = 0

    def fill(self, selector: str, text: str) -> None:
        self.page.fill(selector, text)
        self.actions += 1
        self.keystrokes += len(text)

    def fill_all(self, values: dict[str, str]) -> None:
        """Fill each field (by id, without ``#id_``) in order."""
        for name, text in values.items():
            self.fill(f"#id_{name}", text)

    def select(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.actions += 1

    def check(self, selector: str) -> None:
        self.page.check(selector)
        self.actions += 1

    def click(self, locator: Any) -> None:
        locator.click()
        self.actions += 1

    def report(self, question: str) -> str:
        line = f"{question}: {self.actions} actions, {self.keystrokes} keystrokes"
        print(line)
        return line


def run_button(page: Any) -> Any:
    return page.get_by_role("button", name="Run the scenario").first


def run_and_read(judge: Counted, question: str, button: Any = None) -> list[str]:
    """Click Run (counted), land on the answer, report the count, and return
    the status of each step ("accepted", "rejected"...)."""
    page = judge.page
    judge.click(button or run_button(page))
    page.wait_for_url(re.compile(r"/ti4/oracle/r/[0-9a-f]{32}/$"))
    judge.report(question)
    classes = page.locator("ol.oracle-steps > li").evaluate_all(
        "items => items.map(i => i.className)"
    )
    return [re.sub(r".*\bstep-(\w+).*", r"\1", names) for names in classes]


def test_the_spy_and_sabotage_question_takes_under_15_actions(
    page: Any, site: Site, scenario: Any
) -> None:
    # "Alice plays Spy on Bob, Bob answers with Sabotage; can Alice Sabotage
    # the Sabotage?" from the empty editor, names typed in lower case and no
    # hand filled in: each player holds what they play.
    page.goto(f"{site.url}/ti4/oracle/")
    judge = Counted(page)
    judge.fill_all(
        {
            "steps-0-player": "alice",
            "steps-0-card": "spy",
            "steps-0-targets": "bob",
            "steps-1-player": "bob",
            "steps-1-card": "sabotage",
            "steps-2-player": "alice",
            "steps-2-card": "sabotage",
        }
    )
    statuses = run_and_read(judge, "Spy, Sabotage, Sabotage the Sabotage")

    assert judge.actions < 15
    assert statuses == ["accepted", "accepted", "rejected"]
    assert site.console_errors == []


def test_a_board_question_is_built_in_the_builder(page: Any, site: Site) -> None:
    # Lucky Shot on a destroyer: a system, a planet Alice controls in it, Bob's
    # destroyer there, and the step.
    page.goto(f"{site.url}/ti4/oracle/")
    judge = Counted(page)
    judge.click(page.locator("#oracle-board > summary"))
    judge.fill_all(
        {
            "systems-0-system": "Mecatol Rex (rex)",
            "planets-0-planet": "Mecatol Rex",
            "planets-0-system": "rex",
            "planets-0-controller": "alice",
            "units-0-player": "bob",
            "units-0-where": "rex",
            "units-0-units": "destroyer",
            "steps-0-player": "alice",
            "steps-0-card": "lucky-shot",
        }
    )
    # The targets list now offers Bob's destroyer as a target field takes it.
    offered = page.locator("datalist#oracle-targets option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    assert "bob/destroyer@rex" in offered and "Alice" in offered
    judge.fill("#id_steps-0-targets", "bob/destroyer@rex")
    statuses = run_and_read(judge, "Lucky Shot on a destroyer")

    assert judge.actions < 15
    assert statuses == ["accepted"]
    assert "destroyer" in page.locator("main").inner_text()
    assert site.console_errors == []


def test_a_planet_the_database_knows_fills_its_values(page: Any, site: Site) -> None:
    page.goto(f"{site.url}/ti4/oracle/")
    page.locator("#oracle-board > summary").click()

    page.fill("#id_planets-0-planet", "Mirage")

    # Mirage's card: 1 resource, 2 influence, cultural (fixtures/ti4/cards).
    assert page.input_value("#id_planets-0-resources") == "1"
    assert page.input_value("#id_planets-0-influence") == "2"
    assert page.input_value("#id_planets-0-trait") == "cultural"
    assert page.input_value("#id_planets-0-specialty") == ""
    page.get_by_role("button", name="Add a planet").click()
    assert page.locator("#id_planets-1-planet").count() == 1
    assert site.console_errors == []


def test_the_politics_question_counted(page: Any, site: Site) -> None:
    # "Alice uses Politics and makes Bob the speaker: may Bob spend a strategy
    # token to draw two action cards?"
    page.goto(f"{site.url}/ti4/oracle/")
    judge = Counted(page)
    judge.fill_all(
        {
            "players-0-strategy_cards": "politics",
            "players-1-strategy_cards": "trade",
        }
    )
    # The empty editor fills the action deck: Politics draws real cards.
    assert page.is_checked("#id_scenario-fill_deck")
    judge.fill("#id_steps-0-player", "alice")
    judge.select("#id_steps-0-action", "use")
    judge.fill_all(
        {
            "steps-0-card": "politics",
            "steps-0-targets": "speaker=bob",
            "steps-1-player": "bob",
        }
    )
    judge.select("#id_steps-1-action", "choose")
    judge.fill("#id_steps-1-card", "yes")
    statuses = run_and_read(judge, "Politics and its secondary")

    assert judge.actions < 15
    assert statuses == ["accepted", "accepted"]
    assert site.console_errors == []


def test_ask_the_oracle_from_a_card_opens_one_filled_form(
    page: Any, site: Site, scenario: Any
) -> None:
    page.goto(f"{site.url}/ti4/cards/sabotage/")
    judge = Counted(page)
    judge.click(page.get_by_role("link", name="Try it in the oracle"))

    page.wait_for_url(re.compile(r"/ti4/oracle/\?card=sabotage$"))
    runs = page.get_by_role("button", name="Run the scenario")
    visible = [i for i in range(runs.count()) if runs.nth(i).is_visible()]
    assert len(visible) == 1
    assert page.locator("#oracle-paste").get_attribute("open") is None
    assert page.input_value("#id_players-0-name")
    filled = page.locator("[data-rows=steps] input[name$='-card']").evaluate_all(
        "inputs => inputs.map(i => i.value).filter(Boolean)"
    )
    assert filled and filled[-1] == "sabotage"
    statuses = run_and_read(
        judge, "Ask the oracle from the Sabotage card", runs.nth(visible[0])
    )

    assert statuses[-1] == "accepted" and "rejected" not in statuses
    assert site.console_errors == []
