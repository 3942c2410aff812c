"""The answer page of a ruling's scenario says whether the run agrees with the
ruling's recorded answer, and running it changes nothing on the ruling."""

from __future__ import annotations

import copy
import datetime as dt
import html
import re
from typing import Any

import pytest
import yaml
from django.test import Client

from oracle.api.v1.schema import SCENARIO
from rules.models import Ruling

URL = "/ti4/oracle/"
CHECKED = dt.datetime(2026, 1, 2, 3, 4, tzinfo=dt.UTC)


@pytest.fixture
def ruling(ti4: Any, scenario: dict[str, Any]) -> Ruling:
    """A ruling whose scenario is Spy cancelled by Sabotage, expecting Alice's
    hand empty, checked by an engine earlier."""
    found = Ruling.objects.filter(game=ti4).order_by("slug").first()
    assert found is not None
    Ruling.objects.filter(pk=found.pk).update(
        scenario={**scenario, "expect": copy.deepcopy(SCENARIO["expect"])},
        verification=Ruling.Verification.PASSED,
        verified_at=CHECKED,
        verified_engine_version="0.9.0",
        verification_detail="All 1 expectations hold.",
    )
    found.refresh_from_db()
    return found


def opened_text(client: Client, ruling: Ruling) -> str:
    """The scenario text the editor shows for ``?ruling=``."""
    page = client.get(f"{URL}?ruling={ruling.slug}").context["page"]
    return str(page.paste.initial["text"])


def edited_text(client: Client, ruling: Ruling) -> str:
    """The ruling's scenario with Bob no longer answering Spy with Sabotage."""
    edited = yaml.safe_load(opened_text(client, ruling))
    edited["steps"] = edited["steps"][:1]
    return yaml.safe_dump(edited)


def answer_page(client: Client, text: str) -> str:
    response = client.post(URL, {"mode": "paste", "text": text})
    assert response.status_code == 302, response.content.decode()[:2000]
    return client.get(response["Location"]).content.decode()


def agreement(page: str) -> str:
    found = re.search(
        r'<div class="oracle-notice ruling-agreement".*?</div>', page, re.S
    )
    assert found is not None, "the answer says nothing about the ruling"
    text = html.unescape(re.sub(r"<[^>]+>", "", found.group(0)))
    return re.sub(r"\s+", " ", text).strip()


def test_the_rulings_own_scenario_agrees(client: Client, ruling: Ruling) -> None:
    said = agreement(answer_page(client, opened_text(client, ruling)))

    assert said.startswith(
        f"Agrees This run agrees with the ruling “{ruling.question}”"
    )
    assert "it is the ruling's own scenario" in said


def test_an_edited_scenario_that_changes_the_answer_differs(
    client: Client, ruling: Ruling
) -> None:
    said = agreement(answer_page(client, edited_text(client, ruling)))

    assert said.startswith(
        f"Differs This run differs from the ruling “{ruling.question}”"
    )
    assert "its scenario differs from the ruling's" in said
    assert 'Expected players.Alice.hand count 0, found ["sabotage"].' in said
    assert "stopped" not in said


def test_running_a_rulings_scenario_leaves_its_badge(
    client: Client, ruling: Ruling
) -> None:
    answer_page(client, opened_text(client, ruling))
    answer_page(client, edited_text(client, ruling))

    ruling.refresh_from_db()
    assert ruling.verification == Ruling.Verification.PASSED
    assert ruling.verified_at == CHECKED
    assert ruling.verified_engine_version == "0.9.0"
    assert ruling.verification_detail == "All 1 expectations hold."


def test_a_run_without_the_rulings_expectations_mentions_no_ruling(
    client: Client, ruling: Ruling, scenario: dict[str, Any]
) -> None:
    page = answer_page(client, yaml.safe_dump(scenario))

    assert "ruling-agreement" not in page
