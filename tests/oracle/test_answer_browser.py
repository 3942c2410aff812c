"""The answer page in Chromium: the question above the verdict sentence, and
the cards of the answer previewed on hover like every cross-link."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Site
from tests.oracle.test_answer_words import SABOTAGE_ON_SABOTAGE

pytestmark = pytest.mark.browser


def test_the_answer_reads_as_a_verdict_and_previews_its_cards(
    page: Any, site: Site
) -> None:
    response = page.request.post(
        f"{site.url}/api/v1/ti4/oracle/run/", data=SABOTAGE_ON_SABOTAGE
    )
    assert response.status == 200
    page.goto(response.json()["permalink"])

    assert page.locator(".oracle-question").inner_text().startswith("Question:")
    assert (
        page.locator("h1#answer-title")
        .inner_text()
        .startswith("No: Alice cannot play Sabotage in answer to Bob's Sabotage")
    )
    link = page.locator(".oracle-cards a[data-xref='card:sabotage']")
    link.hover()
    tooltip = page.locator("#xref-preview")
    tooltip.wait_for(state="visible")
    assert page.locator(".xref-preview-title").inner_text() == "Sabotage"
    assert site.console_errors == []
