"""Rulings' dates, the "what's new" page and its Atom feed, on the demo game of
tests/builders.py: new and changed rulings, topics and cards, and answers
that changed with the engine."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from rules.content.errors import ContentErrors
from rules.content.loader import load_game
from rules.models import Card, Game, Ruling, Topic
from rules.verdicts import record_verdicts
from tests.builders import CARD_CANCEL, RULING, write_game

ATOM = "{http://www.w3.org/2005/Atom}"
RULING_FILE = "rulings__cancel-a-cancel.yaml"
UPDATED_RULING = RULING.replace(
    "date: 2024-03-01", "date: 2024-03-01\nupdated: 2024-05-06"
)
SECOND_RULING = """\
slug: cancel-on-your-own-turn
question: May I play Cancel on my own turn?
answer: |
  Yes. [[card:cancel]] names no turn.
cards: [cancel]
rules: ["2.1"]
source: faq
date: 2024-04-10
"""
NEW_CARD = """\
slug: draw-two
name: Draw Two
type: action
expansion: base
window: action
timing: Action
effect: Draw two cards.
flags: []
rules: []
"""


@pytest.fixture
def demo(db: Any, tmp_path: Path) -> Game:
    load_game(write_game(tmp_path, **{RULING_FILE: UPDATED_RULING}))
    return Game.objects.get(slug="demo")


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def feed_entries(client: Client) -> tuple[ET.Element, list[ET.Element]]:
    response = client.get("/demo/new/feed.atom")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    root = ET.fromstring(response.content)
    return root, root.findall(f"{ATOM}entry")


def test_a_ruling_shows_the_date_it_was_given_and_when_its_answer_changed(
    client: Client, demo: Game
) -> None:
    ruling = page(client, "/demo/rulings/cancel-a-cancel/")
    listed = page(client, "/demo/rulings/")

    assert '<time datetime="2024-03-01">2024-03-01</time>, answer updated' in ruling
    assert '<time datetime="2024-05-06">2024-05-06</time>' in ruling
    assert (
        '<time datetime="2024-03-01">2024-03-01</time>, updated '
        '<time datetime="2024-05-06">2024-05-06</time>'
    ) in listed


def test_a_ruling_never_updated_shows_only_its_date(
    client: Client, db: Any, tmp_path: Path
) -> None:
    load_game(write_game(tmp_path))

    ruling = page(client, "/demo/rulings/cancel-a-cancel/")

    assert '<time datetime="2024-03-01">2024-03-01</time></p>' in ruling
    assert "updated" not in ruling.split('class="meta"', 1)[1].split("</p>", 1)[0]


@pytest.mark.parametrize(
    ("updated", "error"),
    [
        ("2024-02-01", "updated 2024-02-01 is before its date 2024-03-01"),
        ("soon", "field 'updated' must be a date (YYYY-MM-DD)"),
    ],
)
def test_a_bad_updated_date_is_a_load_error_at_its_line(
    db: Any, tmp_path: Path, updated: str, error: str
) -> None:
    text = RULING.replace("date: 2024-03-01", f"date: 2024-03-01\nupdated: {updated}")

    with pytest.raises(ContentErrors) as info:
        load_game(write_game(tmp_path, **{RULING_FILE: text}))

    assert [str(e) for e in info.value.errors] == [
        f"demo/rulings/cancel-a-cancel.yaml:9: ruling: {error}"
    ]


def test_the_first_load_brings_no_topic_or_card_news(
    client: Client, demo: Game
) -> None:
    assert not Topic.objects.exclude(first_seen=None).exists()
    assert not Card.objects.exclude(changed=None).exists()

    listed = page(client, "/demo/new/")

    assert "New ruling" in listed and "Changed ruling" in listed
    assert "New card" not in listed and "Changed topic" not in listed


def test_a_reload_dates_new_and_changed_cards_and_keeps_unchanged_dates(
    client: Client, demo: Game, tmp_path: Path
) -> None:
    changed_cancel = CARD_CANCEL.replace("Cancel that card", "Cancel the card")
    folder = write_game(
        tmp_path,
        **{
            RULING_FILE: UPDATED_RULING,
            "cards__cancel.yaml": changed_cancel,
            "cards__draw-two.yaml": NEW_CARD,
        },
    )
    load_game(folder)
    cancel = Card.objects.get(slug="cancel")
    draw_two = Card.objects.get(slug="draw-two")
    assert cancel.first_seen is None and cancel.changed is not None
    assert draw_two.first_seen is not None and draw_two.first_seen == draw_two.changed
    assert Topic.objects.exclude(changed=None).count() == 0

    load_game(folder, force=True)

    assert Card.objects.get(slug="cancel").changed == cancel.changed
    assert Card.objects.get(slug="draw-two").first_seen == draw_two.first_seen
    listed = page(client, "/demo/new/")
    assert "New card</span>" in listed and 'href="/demo/cards/draw-two/"' in listed
    assert "Changed card</span>" in listed and "Cancel the card" in listed


def test_the_feed_is_atom_with_new_rulings_newest_first(
    client: Client, demo: Game, tmp_path: Path
) -> None:
    load_game(
        write_game(
            tmp_path,
            **{
                RULING_FILE: UPDATED_RULING,
                "rulings__cancel-on-your-own-turn.yaml": SECOND_RULING,
            },
        )
    )

    root, entries = feed_entries(client)

    assert root.tag == f"{ATOM}feed"
    assert root.findtext(f"{ATOM}updated") == "2024-05-06T00:00:00+00:00"
    assert (
        root.find(f"{ATOM}link[@rel='self']")
        .get("href")
        .endswith(  # type: ignore[union-attr]
            "/demo/new/feed.atom"
        )
    )
    titles = [entry.findtext(f"{ATOM}title") for entry in entries]
    assert titles == [
        "Changed ruling: Can a Cancel be cancelled?",
        "New ruling: May I play Cancel on my own turn?",
        "New ruling: Can a Cancel be cancelled?",
    ]
    updated = [entry.findtext(f"{ATOM}updated") or "" for entry in entries]
    assert updated == sorted(updated, reverse=True)
    ids = [entry.findtext(f"{ATOM}id") or "" for entry in entries]
    assert len(set(ids)) == len(ids) and all(i.startswith("tag:") for i in ids)
    links = [entry.find(f"{ATOM}link").get("href") for entry in entries]  # type: ignore[union-attr]
    assert links[1] == "http://testserver/demo/rulings/cancel-on-your-own-turn/"
    assert entries[1].findtext(f"{ATOM}summary") == "Yes. Cancel names no turn."


def check(ruling: Ruling, version: str, verification: str, detail: str) -> None:
    """What verify_rulings records on a ruling after running its scenario."""
    ruling.verification = verification
    ruling.verified_engine_version = version
    ruling.verification_detail = detail
    ruling.verified_at = dt.datetime(2024, 6, 1, tzinfo=dt.UTC)
    ruling.save()


def test_it_lists_an_answer_that_changed_with_the_engine_version(
    client: Client, demo: Game, tmp_path: Path
) -> None:
    ruling = demo.rulings.get(slug="cancel-a-cancel")
    check(ruling, "1.0.0", "passed", "Yes: Bob cancels the Cancel.")
    assert record_verdicts(demo) == 0
    # A load replaces the ruling's row; the engine's verdict is kept by slug.
    load_game(write_game(tmp_path, **{RULING_FILE: UPDATED_RULING}), force=True)
    ruling = demo.rulings.get(slug="cancel-a-cancel")
    check(ruling, "1.0.0", "passed", "Yes: Bob cancels the Cancel.")
    assert record_verdicts(demo) == 0
    assert "Engine answer changed" not in page(client, "/demo/new/")

    check(ruling, "1.1.0", "failed", "No: the second Cancel is refused.")
    assert record_verdicts(demo) == 1

    listed = page(client, "/demo/new/")
    entry = listed[listed.index("Engine answer changed") :]
    assert entry.index('href="/demo/rulings/cancel-a-cancel/"') < 200
    assert (
        "Engine 1.1.0: engine disagrees; No: the second Cancel is refused. "
        "(engine 1.0.0: engine agrees; Yes: Bob cancels the Cancel.)"
    ) in entry
    _, entries = feed_entries(client)
    assert entries[0].findtext(f"{ATOM}title") == (
        "Engine answer changed: Can a Cancel be cancelled?"
    )


def test_the_same_answer_from_a_new_engine_is_no_news(demo: Game) -> None:
    ruling = demo.rulings.get(slug="cancel-a-cancel")
    check(ruling, "1.0.0", "passed", "Yes.")
    record_verdicts(demo)
    check(ruling, "1.1.0", "passed", "Yes.")

    assert record_verdicts(demo) == 0
    assert demo.verdicts.filter(changed=True).count() == 0
    assert demo.verdicts.count() == 2


@pytest.mark.parametrize("number", ["0", "2", "x", "²", "1000", "21"])
def test_a_page_of_changes_that_does_not_exist_is_a_404(
    client: Client, demo: Game, number: str
) -> None:
    assert client.get("/demo/new/", {"page": number}).status_code == 404


def test_the_game_pages_point_at_whats_new_and_its_feed(
    client: Client, demo: Game
) -> None:
    home = page(client, "/demo/")
    topic = page(client, "/demo/rules/cards/")

    assert 'href="/demo/new/"' in home
    alternate = (
        '<link rel="alternate" type="application/atom+xml" '
        'title="Demo: what\'s new" href="/demo/new/feed.atom">'
    )
    assert alternate in home and alternate in topic
    assert "http://testserver/demo/new/" in page(client, "/sitemap.xml")


def test_the_api_gives_a_rulings_updated_date_and_filters_on_it(
    client: Client, demo: Game
) -> None:
    def slugs(since: str) -> list[str]:
        response = client.get("/api/v1/demo/rulings/", {"updated_since": since})
        assert response.status_code == 200
        return [ruling["id"] for ruling in response.json()["results"]]

    ruling = client.get("/api/v1/demo/rulings/cancel-a-cancel/").json()

    assert (ruling["date"], ruling["updated"]) == ("2024-03-01", "2024-05-06")
    assert slugs("2024-05-06") == ["cancel-a-cancel"]
    assert slugs("2024-05-07") == []
