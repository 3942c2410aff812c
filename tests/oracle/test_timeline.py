"""The answer page's timeline: the log grouped under the step that caused each
entry, each step's decision windows folded in a <details>, and the entries the
rules cause on their own (set-up, between steps) in their own groups."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from oracle.answers import present
from oracle.engine import get_pack
from oracle.views import timeline
from tests.oracle.conftest import post_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"


def moments(page: str) -> list[dict[str, Any]]:
    """Each timeline group of an answer page: title, log lines, its windows."""
    section = page.split('<ol class="oracle-timeline">', 1)[1].split("</section>")[0]
    found = []
    for part in section.split('<li class="oracle-moment')[1:]:
        title = re.search(r"<h3[^>]*>(.*?)</h3>", part, re.S)
        assert title is not None
        log = (
            part.split('<ol class="oracle-log">', 1)[1] if "oracle-log" in part else ""
        )
        found.append(
            {
                "title": html.unescape(title[1]),
                "log": [
                    html.unescape(re.sub(r"<[^>]+>", "", line).strip())
                    for line in re.findall(r"<li value=[^>]*>(.*?)</li>", log, re.S)
                ],
                "windows": re.search(r'<details class="oracle-window"( open)?', part),
                "no_window": "No window opened" in part,
                "folded": html.unescape(part.partition("<details")[2]),
            }
        )
    return found


def test_the_log_is_grouped_under_each_step(
    client: Client, ti4: Any, scenario: Any
) -> None:
    scenario["steps"] += [{"player": "Bob", "play": "sabotage"}, {"advance": "status"}]
    link = post_json(client, URL, scenario).json()["permalink"]

    groups = moments(client.get(link).content.decode())

    assert [group["title"] for group in groups] == [
        "Step 1: Alice plays Spy targeting Bob — accepted",
        "Step 2: Bob plays Sabotage — accepted",
        "Step 3: Bob plays Sabotage — rejected",
        "Step 4: The game advances to the status phase — accepted",
    ]
    spy, sabotage, refused, status = groups
    assert spy["log"][0].startswith("Alice plays Spy")
    assert sabotage["log"][0].startswith("Bob plays Sabotage against Spy")
    assert any(line.startswith("Bob cancels Spy") for line in sabotage["log"])
    assert refused["log"] == []
    assert status["log"][0].startswith("The status phase begins")
    # The windows of a step fold away; a step that opened none says so.
    assert spy["windows"] and not spy["windows"][1]
    assert "Bob could cancel Alice's Spy: Sabotage" in spy["folded"]
    assert refused["no_window"] and not refused["windows"]


def log_entry(seq: int, message: str, step: int | None) -> dict[str, Any]:
    return {
        "seq": seq,
        "player": None,
        "message": message,
        "event": None,
        "cards": [],
        "rules": [],
        "step": step,
    }


def test_entries_caused_by_the_rules_have_their_own_groups() -> None:
    pack = get_pack("ti4")
    scenario = {"steps": [{"player": "Alice", "pass": True}, {"end": "turn"}]}
    result = {
        "steps": [
            {"index": 0, "status": "accepted", "reason": None, "rules": []},
            {"index": 1, "status": "accepted", "reason": None, "rules": []},
        ],
        "log": [
            log_entry(1, "Alice draws a card", None),
            log_entry(2, "Alice passes", 0),
            log_entry(3, "The round ends", None),
            log_entry(4, "The turn ends", 1),
            log_entry(5, "Bob draws a card", None),
        ],
    }

    groups = timeline(present(pack, scenario, result))

    assert [(g.title, [e.message for e in g.entries]) for g in groups] == [
        ("Set-up", ["Alice draws a card"]),
        ("Step 1: Alice passes — accepted", ["Alice passes"]),
        ("Between steps", ["The round ends"]),
        ("Step 2: The turn ends — accepted", ["The turn ends"]),
        ("After the last step", ["Bob draws a card"]),
    ]


def test_a_step_that_logs_nothing_keeps_its_place() -> None:
    pack = get_pack("ti4")
    scenario = {"steps": [{"player": "Alice", "pass": True}] * 3}
    result = {
        "steps": [
            {"index": i, "status": "accepted", "reason": None, "rules": []}
            for i in range(3)
        ],
        "log": [log_entry(1, "Alice passes", 0), log_entry(2, "Alice passes", 2)],
    }

    groups = timeline(present(pack, scenario, result))

    assert [(g.step.number if g.step else None, len(g.entries)) for g in groups] == [
        (1, 1),
        (2, 0),
        (3, 1),
    ]


def test_a_log_without_steps_is_shown_whole_before_the_steps() -> None:
    pack = get_pack("ti4")
    scenario = {"steps": [{"player": "Alice", "pass": True}]}
    entry = log_entry(1, "Alice passes", 0)
    del entry["step"]
    result = {
        "steps": [{"index": 0, "status": "accepted", "reason": None, "rules": []}],
        "log": [entry],
    }

    groups = timeline(present(pack, scenario, result), stepped=False)

    assert [(g.title, len(g.entries)) for g in groups] == [
        ("The whole log", 1),
        ("Step 1: Alice passes — accepted", 0),
    ]
