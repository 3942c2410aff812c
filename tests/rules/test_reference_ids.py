"""Roman steps (8.2.i), topics without a printed number (TE1), rules the
reference does not carry yet, and the reference's order: on the small ``demo``
game of tests/builders.py with a few topics of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from rules.content.errors import ContentErrors
from rules.content.loader import load_game, validate_directory
from rules.models import Game
from tests.builders import write_game

GAME_YAML = """\
slug: demo
name: Demo Game
short_name: Demo
reference: {name: Demo Reference, version: "1.0", date: 2024-01-01}
card_types: {action: Action card}
expansions: {base: Base game, te: Thunder's Edge}
windows: {action: Action, when-card-played: When a card is played}
flags: {offensive: Offensive}
"""

TOPIC_STEPS = """\
---
number: 3
title: Agenda
slug: agenda
---
Votes happen in steps.

3.1 Each agenda goes through these steps in order:
3.1.i Reveal it.
3.1.ii Vote on it, see [[rule:3.2a.ii]].
3.1.iii Resolve it.
3.2 Votes are cast with planets.
3.2a A lettered rule may have steps too:
3.2a.i first
3.2a.ii second

## Notes
3.N1 The order of the cards is:
3.N1.i Lead
3.N1.ii Politics
"""

TOPIC_TE = """\
---
number: TE1
title: Breakthroughs
slug: breakthroughs
expansion: te
related: [agenda]
---
A breakthrough is a faction's late-game discovery.

## Notes
TE1.N1 Each faction has one breakthrough; see [[rule:3.1.ii]].
TE1.N2 Its steps are:
TE1.N2.i unlock it
"""


@pytest.fixture
def demo(db: Any, tmp_path: Path) -> Game:
    load_game(
        write_game(
            tmp_path,
            **{
                "game.yaml": GAME_YAML,
                "topics__003-agenda.md": TOPIC_STEPS,
                "topics__te1-breakthroughs.md": TOPIC_TE,
            },
        )
    )
    return Game.objects.get(slug="demo")


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_it_loads_roman_steps_as_rules_of_their_parent(demo: Game) -> None:
    def parent(rule_id: str) -> str | None:
        rule = demo.rules.select_related("parent").get(rule_id=rule_id)
        return rule.parent.rule_id if rule.parent else None

    assert parent("3.1.i") == "3.1"
    assert parent("3.1.iii") == "3.1"
    assert parent("3.2a.ii") == "3.2a"
    assert parent("3.N1.ii") == "3.N1"
    assert demo.rules.get(rule_id="3.N1.i").kind == "note"
    assert demo.rules.get(rule_id="3.1.ii").text_md.startswith("Vote on it")
    # The parent keeps only its own words; the steps are not folded into it.
    assert demo.rules.get(rule_id="3.1").text_md == (
        "Each agenda goes through these steps in order:"
    )


def test_it_refuses_a_roman_step_without_its_parent(tmp_path: Path) -> None:
    broken = TOPIC_STEPS.replace("3.1 Each agenda", "3.5 Each agenda")
    directory = write_game(tmp_path, **{"topics__003-agenda.md": broken})

    with pytest.raises(ContentErrors) as caught:
        validate_directory(directory)

    assert "rule 3.1.i: parent rule 3.1 missing" in str(caught.value)


def test_it_links_a_roman_step_and_nests_it_under_its_parent(
    client: Client, demo: Game
) -> None:
    html = page(client, "/demo/rules/agenda/")

    assert 'href="/demo/rules/agenda/#3.2a.ii"' in html
    parent = html.index('<li id="3.1" class="rule">')
    nested = html.index('<ol class="rules subrules"', parent)
    assert nested < html.index('<li id="3.1.i" class="rule subrule">')
    assert html.index('<li id="3.2a" class="rule subrule">') < html.index(
        '<li id="3.2a.ii" class="rule subrule">'
    )
    assert '<li id="3.N1.ii" class="rule subrule note">' in html


@pytest.mark.parametrize("typed", ["3.1.ii", "3.1.II"])
def test_it_redirects_a_roman_permalink_to_its_anchor(
    client: Client, demo: Game, typed: str
) -> None:
    response = client.get(f"/demo/rules/{typed}/")

    assert response.status_code == 301
    assert response["Location"] == "/demo/rules/agenda/?rule=3.1.ii#3.1.ii"


def test_it_serves_a_roman_step_in_the_api(client: Client, demo: Game) -> None:
    response = client.get("/api/v1/demo/rules/3.1.ii/")

    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["parent"]["id"]) == ("3.1.ii", "3.1")
    parent = client.get("/api/v1/demo/rules/3.1/").json()
    assert [child["id"] for child in parent["children"]] == [
        "3.1.i",
        "3.1.ii",
        "3.1.iii",
    ]


def test_it_jumps_to_a_roman_step(client: Client, demo: Game) -> None:
    assert client.get("/demo/rules/?rule=3.1.I")["Location"] == "/demo/rules/3.1.i/"


def test_it_loads_a_te_topic_with_its_expansion(client: Client, demo: Game) -> None:
    topic = demo.topics.get(slug="breakthroughs")
    assert (topic.code, topic.prefix, topic.number, topic.expansion) == (
        "TE1",
        "TE",
        1,
        "te",
    )
    assert demo.rules.get(rule_id="TE1.N2.i").parent.rule_id == "TE1.N2"  # type: ignore[union-attr]

    html = page(client, "/demo/rules/breakthroughs/")
    assert '<span class="topic-number">TE1</span> Breakthroughs' in html
    assert "Thunder&#x27;s Edge" in html
    assert client.get("/demo/rules/te1.n1/")["Location"] == (
        "/demo/rules/breakthroughs/?rule=TE1.N1#TE1.N1"
    )
    assert client.get("/demo/rules/?rule=te1")["Location"] == (
        "/demo/rules/breakthroughs/"
    )
    api = client.get("/api/v1/demo/topics/breakthroughs/").json()
    assert (api["code"], api["number"], api["expansion"]) == ("TE1", 1, "te")


@pytest.mark.parametrize(
    ("name", "front", "problem"),
    [
        ("te1-breakthroughs.md", "number: te1", "number must be a positive"),
        ("001-breakthroughs.md", "number: TE1", "file name should be"),
        ("te1-breakthroughs.md", "expansion: tee", "unknown expansion 'tee'"),
    ],
)
def test_it_refuses_a_malformed_te_topic(
    tmp_path: Path, name: str, front: str, problem: str
) -> None:
    field = front.split(":")[0]
    text = TOPIC_TE.replace(f"{field}: {'TE1' if field == 'number' else 'te'}", front)
    directory = write_game(
        tmp_path, **{"game.yaml": GAME_YAML, f"topics__{name}": text}
    )

    with pytest.raises(ContentErrors) as caught:
        validate_directory(directory)

    assert problem in str(caught.value)


def test_it_lists_te_topics_after_the_numbered_ones_and_among_them_a_to_z(
    client: Client, demo: Game
) -> None:
    html = page(client, "/demo/rules/")
    by_number, a_to_z = html.split('id="a-to-z"')

    def order(html: str, slugs: list[str]) -> list[str]:
        return sorted(slugs, key=lambda slug: html.index(f'"/demo/rules/{slug}/">'))

    slugs = ["turns", "cards", "agenda", "breakthroughs"]
    assert order(by_number, slugs) == slugs
    assert order(a_to_z, slugs) == ["agenda", "breakthroughs", "cards", "turns"]
    assert '<span class="topic-number">TE1</span>' in by_number


def test_it_links_each_topic_to_the_previous_and_next_by_number(
    client: Client, demo: Game
) -> None:
    def pager(url: str) -> tuple[str, str]:
        html = page(client, url)
        nav = html[html.index('class="pager"') :]
        previous = (
            nav.split('rel="prev" href="', 1)[1].split('"')[0]
            if ('rel="prev"' in nav)
            else ""
        )
        following = (
            nav.split('rel="next" href="', 1)[1].split('"')[0]
            if ('rel="next"' in nav)
            else ""
        )
        return previous, following

    assert pager("/demo/rules/turns/") == ("", "/demo/rules/cards/")
    assert pager("/demo/rules/agenda/") == (
        "/demo/rules/cards/",
        "/demo/rules/breakthroughs/",
    )
    assert pager("/demo/rules/breakthroughs/") == ("/demo/rules/agenda/", "")


def test_it_answers_an_uncarried_rule_with_its_topic(
    client: Client, demo: Game
) -> None:
    notice = "Rule 2.9 is not in our reference yet; here is topic 2 Cards."

    response = client.get("/demo/rules/2.9/")
    assert response.status_code == 302
    assert response["Location"] == "/demo/rules/cards/?missing=2.9"
    assert notice in page(client, response["Location"])
    jump = client.get("/demo/rules/?rule=2.9")
    assert jump["Location"] == "/demo/rules/cards/?missing=2.9"


def test_it_says_nothing_is_missing_for_a_rule_the_topic_carries(
    client: Client, demo: Game
) -> None:
    for wanted in ("2.1", "1.9", "nonsense"):
        html = page(client, f"/demo/rules/cards/?missing={wanted}")
        assert "not in our reference yet" not in html


def test_it_says_plainly_when_the_topic_does_not_exist(
    client: Client, demo: Game
) -> None:
    response = client.get("/demo/rules/9.1/")
    assert response.status_code == 404
    assert "its rules reference has no topic 9" in response.content.decode()
    response = client.get("/demo/rules/9/")
    assert response.status_code == 404
    assert "There is no topic 9 in the Demo rules reference." in (
        response.content.decode()
    )
    assert client.get("/demo/rules/2/")["Location"] == "/demo/rules/cards/"


def test_it_makes_every_topic_title_a_glossary_entry(
    client: Client, demo: Game
) -> None:
    html = page(client, "/demo/glossary/")

    for slug, title in (("agenda", "Agenda"), ("breakthroughs", "Breakthroughs")):
        assert f'<dt id="term-{slug}">{title}</dt>' in html
        assert f'href="/demo/rules/{slug}/" data-xref="topic:{slug}"' in html
    # A hand-written term keeps its own entry and the topic it names.
    assert '<dt id="term-active-player">active player</dt>' in html
    assert html.count("<dt ") == 1 + 4
