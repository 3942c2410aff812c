"""The examples the editor offers to start from: each runs in the engine with
no bad input, opens in the builder, and is listed on the empty editor and the
help page; the help page is the site's own."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from oracle.adapters import execute, prepare
from oracle.examples import examples
from oracle.forms import rows_for
from rules.models import Card

pytestmark = pytest.mark.django_db

EXAMPLES = examples("ti4")


def test_the_examples_the_issue_asks_for_are_there() -> None:
    titles = [found.title for found in EXAMPLES]

    assert titles[:2] == ["Spy and Sabotage", "Lucky Shot on a destroyer"]
    assert len(titles) >= 4


@pytest.mark.parametrize("found", EXAMPLES, ids=lambda found: found.slug)
def test_each_example_runs_and_the_builder_can_show_it(found: Any) -> None:
    result = execute(prepare(found.scenario, "ti4"))  # no ScenarioError

    assert len(result["steps"]) == len(found.scenario["steps"])
    assert all(step["status"] in ("accepted", "rejected") for step in result["steps"])
    assert rows_for(found.scenario, "ti4") is not None


def test_the_lucky_shot_example_destroys_the_destroyer() -> None:
    [found] = [f for f in EXAMPLES if f.slug == "lucky-shot-on-a-destroyer"]

    result = execute(prepare(found.scenario, "ti4"))

    assert [step["status"] for step in result["steps"]] == ["accepted"]
    assert "destroys Bob's destroyer" in " ".join(
        entry["message"] for entry in result["log"]
    )


def test_the_empty_editor_lists_the_examples_and_each_opens_in_the_builder(
    client: Client, ti4: Any
) -> None:
    page = client.get("/ti4/oracle/").content.decode()

    for found in EXAMPLES:
        assert f'href="?example={found.slug}"' in page
        opened = client.get(f"/ti4/oracle/?example={found.slug}").context
        assert not opened["page"].paste_open
        assert opened["examples"] == ()  # an opened scenario lists none
        steps = [form.initial for form in opened["builder"].steps.forms]
        assert len([step for step in steps if step]) == len(found.scenario["steps"])


def test_an_unknown_example_is_named(client: Client, ti4: Any) -> None:
    page = client.get("/ti4/oracle/?example=nope").content.decode()

    assert "There is no example “nope”." in page


def test_the_help_page_is_served_and_linked_from_the_editor(
    client: Client, ti4: Any
) -> None:
    editor = client.get("/ti4/oracle/").content.decode()
    assert 'href="/ti4/oracle/help/"' in editor
    assert "docs/ORACLE.md" not in editor

    response = client.get("/ti4/oracle/help/")

    assert response.status_code == 200
    text = response.content.decode()
    for key in ("players", "board", "steps", "decks", "expect", "question"):
        assert f"<code>{key}</code>" in text or f"{key}:" in text
    assert 'id="format"' in text
    assert client.get("/chess/oracle/help/").status_code == 404


def test_an_unimplemented_card_page_says_why_first(client: Client, ti4: Any) -> None:
    card = Card.objects.get(game=ti4, slug="ceasefire")
    assert not card.is_implemented

    text = client.get(card.get_absolute_url()).content.decode()

    status = text.index('id="oracle-status"')
    assert status < text.index('class="card-face"')
    said = text[status : text.index("</p>", status)]
    assert "promissory notes are not modelled" in said
    for rule in card.cited_rules.all():
        assert f'data-xref="rule:{rule.rule_id}"' in said


def test_an_implemented_card_page_has_no_such_notice(client: Client, ti4: Any) -> None:
    text = client.get("/ti4/cards/sabotage/").content.decode()

    assert 'id="oracle-status"' not in text
    assert 'href="/ti4/oracle/?card=sabotage"' in text
