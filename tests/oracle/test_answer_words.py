"""The answer as a judge reads it: the question asked, a verdict sentence per
step and for the run, the cards and rules linked with previews, the rulings on
the same question, the assumptions; and the API's explicit verdicts."""

from __future__ import annotations

import copy
import html
import re
from typing import Any

import pytest
from django.test import Client

from oracle.engine.core.specs import MAX_QUESTION
from rules.models import Ruling
from tests.oracle.conftest import post_json

pytestmark = pytest.mark.django_db

URL = "/api/v1/ti4/oracle/run/"

#: Alice plays Spy on Bob, Bob answers with Sabotage, Alice tries to Sabotage
#: the Sabotage.
SABOTAGE_ON_SABOTAGE: dict[str, Any] = {
    "game": "ti4",
    "phase": "action",
    "question": "Alice plays Spy on Bob, Bob answers with Sabotage; can Alice "
    "Sabotage the Sabotage?",
    "players": [
        {
            "name": "Alice",
            "strategy_cards": ["leadership"],
            "hand": ["spy", "sabotage"],
        },
        {"name": "Bob", "strategy_cards": ["politics"], "hand": ["sabotage"]},
    ],
    "steps": [
        {"player": "Alice", "play": "spy", "targets": {"target": "Bob"}},
        {"player": "Bob", "play": "sabotage"},
        {"player": "Alice", "play": "sabotage"},
    ],
}


def ask(client: Client, scenario: dict[str, Any]) -> dict[str, Any]:
    response = post_json(client, URL, scenario)
    assert response.status_code == 200, response.content
    return response.json()  # type: ignore[no-any-return]


def page_of(client: Client, body: dict[str, Any]) -> str:
    response = client.get(body["permalink"])
    assert response.status_code == 200
    return response.content.decode()


def visible(page: str) -> str:
    """The page's text as a reader sees it: tags gone, spaces collapsed."""
    main = page[page.index("<main") :]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", main)).split())


def headline(page: str) -> str:
    found = re.search(r'<h1 id="answer-title"[^>]*>(.*?)</h1>', page, re.S)
    assert found is not None
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())


def test_the_permalink_shows_the_question_above_the_answer(
    client: Client, ti4: Any
) -> None:
    page = page_of(client, ask(client, SABOTAGE_ON_SABOTAGE))

    text = visible(page)
    assert "Question: Alice plays Spy on Bob, Bob answers with Sabotage" in text
    assert text.index("Question:") < text.index("No: Alice cannot")


def test_the_question_is_part_of_the_link_and_comes_back_from_the_api(
    client: Client, ti4: Any
) -> None:
    asked = ask(client, SABOTAGE_ON_SABOTAGE)
    other = ask(client, {**SABOTAGE_ON_SABOTAGE, "question": "Another question?"})
    bare = {k: v for k, v in SABOTAGE_ON_SABOTAGE.items() if k != "question"}
    unasked = ask(client, bare)

    assert asked["question"] == SABOTAGE_ON_SABOTAGE["question"]
    assert unasked["question"] is None
    assert len({asked["permalink"], other["permalink"], unasked["permalink"]}) == 3


def test_an_over_long_question_is_refused_with_a_clear_message(
    client: Client, ti4: Any
) -> None:
    long = {**SABOTAGE_ON_SABOTAGE, "question": "Why? " * 120}

    response = post_json(client, URL, long)

    assert response.status_code == 400
    (problem,) = response.json()["error"]["details"]
    assert problem["pointer"] == "/question"
    assert f"at most {MAX_QUESTION} characters (it has 599)" in problem["message"]


def test_a_refused_play_reads_as_a_no_with_its_reason_and_rule(
    client: Client, ti4: Any
) -> None:
    page = page_of(client, ask(client, SABOTAGE_ON_SABOTAGE))

    assert headline(page) == (
        "No: Alice cannot play Sabotage in answer to Bob's Sabotage, because "
        "Sabotage can only be played when another player plays an action card "
        "other than Sabotage (rule 2.6)."
    )
    text = visible(page)
    assert "Yes: Alice can play Spy targeting Bob." in text
    assert "Yes: Bob can play Sabotage in answer to Alice's Spy." in text


def test_the_answer_links_its_cards_and_rules_with_previews(
    client: Client, ti4: Any
) -> None:
    page = page_of(client, ask(client, SABOTAGE_ON_SABOTAGE))

    for slug in ("spy", "sabotage"):
        assert re.search(
            rf'<a class="xref xref-card" data-xref="card:{slug}" '
            rf'href="/ti4/cards/{slug}/">',
            page,
        ), slug
    assert re.search(r'class="xref xref-rule" data-xref="rule:2\.6" href=', page)


def test_a_refusal_quotes_the_card_it_depends_on(client: Client, ti4: Any) -> None:
    page = page_of(client, ask(client, SABOTAGE_ON_SABOTAGE))

    quote = re.search(
        r'<blockquote class="oracle-card-quote">(.*?)</blockquote>', page, re.S
    )
    assert quote is not None
    assert 'data-xref="card:sabotage"' in quote.group(1)
    assert "in our words" in quote.group(1)


def test_the_page_shows_no_internal_window_labels(client: Client, ti4: Any) -> None:
    page = page_of(client, ask(client, SABOTAGE_ON_SABOTAGE))

    text = visible(page)
    assert "target:target" not in text and "cancel:play" not in text
    assert "Alice could choose the target of Spy: Bob" in text
    assert "Bob could cancel Alice's Spy: Sabotage" in text


def test_the_assumptions_name_a_response_that_was_passed(
    client: Client, ti4: Any
) -> None:
    unanswered = copy.deepcopy(SABOTAGE_ON_SABOTAGE)
    unanswered["steps"] = unanswered["steps"][:1]
    unanswered["players"].append({"name": "Carol", "strategy_cards": ["trade"]})

    text = visible(page_of(client, ask(client, unanswered)))

    assert "Bob could have played Sabotage to cancel Alice's Spy and did not" in text
    assert "Carol's hand is not given: assumed empty" in text
    assert "Alice's hand holds only what the scenario lists: Spy and Sabotage" in text


def test_a_rulings_own_scenario_links_that_ruling(client: Client, ti4: Any) -> None:
    ruling = Ruling.objects.get(game=ti4, slug="sabotage-cannot-cancel-sabotage")
    scenario = {k: v for k, v in ruling.scenario.items() if k != "expect"}
    scenario["question"] = "Can a Sabotage be answered with a Sabotage?"

    page = page_of(client, ask(client, scenario))

    same = re.search(
        r'<ul class="plain oracle-rulings oracle-rulings-same">(.*?)</ul>', page, re.S
    )
    assert same is not None
    assert f'href="{ruling.get_absolute_url()}"' in same.group(1)


def test_another_question_links_the_closest_rulings(client: Client, ti4: Any) -> None:
    # Spy, not the ruling's Plague: not the same question, but the same refusal.
    page = page_of(client, ask(client, SABOTAGE_ON_SABOTAGE))

    close = re.search(
        r'<ul class="plain oracle-rulings oracle-rulings-close">(.*?)</ul>', page, re.S
    )
    assert close is not None
    slugs = re.findall(r'data-xref="ruling:([-\w]+)"', close.group(1))
    assert len(slugs) == 3
    assert "sabotage-cannot-cancel-sabotage" in slugs


def test_the_api_gives_a_verdict_per_step_and_for_the_run(
    client: Client, ti4: Any
) -> None:
    body = ask(client, SABOTAGE_ON_SABOTAGE)

    assert body["ok"] is True  # the run completed; the refusal is the answer
    assert body["verdict"] == "illegal"
    assert [s["verdict"] for s in body["steps"]] == ["legal", "legal", "illegal"]
    legal = {k: v for k, v in SABOTAGE_ON_SABOTAGE.items() if k != "steps"}
    legal["steps"] = SABOTAGE_ON_SABOTAGE["steps"][:2]
    assert ask(client, legal)["verdict"] == "legal"


def test_the_api_says_when_a_step_rests_on_what_is_not_modelled(
    client: Client, ti4: Any
) -> None:
    # The Politics primary: its look at the agenda deck is stated, not modelled.
    politics = {
        "game": "ti4",
        "phase": "action",
        "active_player": "Alice",
        "players": [
            {"name": "Alice", "strategy_cards": ["politics"]},
            {"name": "Bob", "strategy_cards": ["leadership"]},
        ],
        "steps": [
            {"player": "Alice", "use": "politics", "targets": {"speaker": "Bob"}}
        ],
    }

    body = ask(client, politics)

    assert body["verdict"] == "not_modelled"
    assert body["steps"][0]["verdict"] == "not_modelled"
    assert any(entry.get("modelled") is False for entry in body["log"])
    assert headline(page_of(client, body)).startswith("Yes, in part: Alice can use")


def test_cards_are_named_by_slug_beside_their_instance_ids(
    client: Client, ti4: Any
) -> None:
    body = ask(client, SABOTAGE_ON_SABOTAGE)

    cards = body["state"]["cards"]
    spy, answer, refused = body["steps"]
    assert (spy["card"], answer["card"], refused["card"]) == (
        "spy",
        "sabotage",
        "sabotage",
    )
    assert cards[spy["card_id"]]["slug"] == "spy"
    assert cards[answer["card_id"]]["slug"] == "sabotage"
    for entry in body["log"]:
        assert entry["card_slugs"] == [cards[i]["slug"] for i in entry["cards"]]


def test_the_verdict_says_when_an_expectation_fails(client: Client, ti4: Any) -> None:
    expecting = {
        **SABOTAGE_ON_SABOTAGE,
        "expect": [{"path": "players.Alice.hand", "count": 5}],
    }

    page = page_of(client, ask(client, expecting))

    assert headline(page).startswith("No: Alice cannot play Sabotage")
    assert "1 of 1 expectation of the scenario does not hold" in visible(page)
