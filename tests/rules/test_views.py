"""The pages of the rules reference, on the small ``demo`` game of
tests/builders.py (exact content) and on the real TI4 content (bounds)."""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import include, path

from rules.content.loader import load_game
from rules.models import Card, Game, Ruling
from tests.builders import write_game


@pytest.fixture
def demo(db: Any, tmp_path: Path) -> Game:
    load_game(write_game(tmp_path))
    return Game.objects.get(slug="demo")


def make_ruling(game: Game, slug: str, date: dt.date) -> Ruling:
    """A plain FAQ ruling, for tests that need more rulings than the content."""
    return Ruling.objects.create(
        game=game,
        slug=slug,
        question=f"{slug}?",
        answer_md="No.",
        answer_html="<p>No.</p>",
        source="faq",
        date=date,
    )


def html(response: HttpResponse) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids += [value for name, value in attrs if name == "id" and value]


def ids_of(page: str) -> list[str]:
    parser = _Ids()
    parser.feed(page)
    return parser.ids


def test_home_lists_each_game_with_its_counts_and_a_search_box(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/"))

    assert 'href="/demo/"' in page
    assert "2 topics · 1 card · 1 ruling" in page
    assert 'action="/demo/search/"' in page and 'name="q"' in page


def test_game_home_has_search_topic_index_and_recent_rulings(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/"))

    assert re.search(r'<form class="search-form" role="search" method="get"', page)
    assert 'action="/demo/search/"' in page
    assert 'href="/demo/rules/turns/"' in page and 'href="/demo/rules/cards/"' in page
    assert "Newest rulings" in page
    assert 'href="/demo/rulings/cancel-a-cancel/"' in page
    assert 'href="/demo/new/"' in page


def test_topic_index_lists_topics_by_number_and_a_to_z(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rules/"))

    by_number, a_to_z = page.split('id="a-to-z"')
    assert by_number.index("/demo/rules/turns/") < by_number.index("/demo/rules/cards/")
    assert a_to_z.index("/demo/rules/cards/") < a_to_z.index("/demo/rules/turns/")
    assert 'name="rule"' in page


@pytest.mark.parametrize("typed", ["2.2a", " 2.2A ", "rule 2.2a", "§2.2a"])
def test_jump_box_redirects_to_the_rule_permalink(
    client: Client, demo: Game, typed: str
) -> None:
    response = client.get("/demo/rules/", {"rule": typed})

    assert response.status_code == 302
    assert response["Location"] == "/demo/rules/2.2a/"


@pytest.mark.parametrize(("typed", "rule_id"), [("2.2A", "2.2a"), ("2.n1", "2.N1")])
def test_a_rule_link_in_another_case_leads_to_the_rule(
    client: Client, demo: Game, typed: str, rule_id: str
) -> None:
    canonical = client.get(f"/demo/rules/{rule_id}/")

    response = client.get(f"/demo/rules/{typed}/")

    assert canonical.status_code == 301
    assert response.status_code == 301
    assert response["Location"] == canonical["Location"]


def test_jump_box_finds_notes_and_topic_numbers(client: Client, demo: Game) -> None:
    assert client.get("/demo/rules/?rule=2.n1")["Location"] == "/demo/rules/2.N1/"
    assert client.get("/demo/rules/?rule=1")["Location"] == "/demo/rules/turns/"


def test_jump_box_explains_an_unknown_rule(client: Client, demo: Game) -> None:
    page = html(client.get("/demo/rules/", {"rule": "9.99"}))

    assert "There is no rule “9.99” in Demo" in page
    assert 'role="alert"' in page and 'aria-invalid="true"' in page


def test_jump_box_does_not_echo_control_characters(client: Client, demo: Game) -> None:
    response = client.get("/demo/rules/", {"rule": "9.\x0099"})

    assert b"\x00" not in response.content
    assert "There is no rule “9.99” in Demo" in html(response)


def test_topic_page_anchors_every_rule_and_nests_sub_rules(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rules/cards/"))

    for rule_id in ("2.1", "2.2", "2.2a", "2.N1"):
        assert rule_id in ids_of(page)
        assert f'<a class="rule-id" href="#{rule_id}">{rule_id}</a>' in page
    parent = page.index('<li id="2.2" class="rule">')
    nested = page.index('<ol class="rules subrules" role="list">', parent)
    assert (
        nested
        < page.index('<li id="2.2a" class="rule subrule">')
        < page.index('id="notes-heading"')
    )


def test_topic_page_has_a_copy_link_control_per_rule(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rules/cards/"))

    for rule_id in ("2.1", "2.2", "2.2a", "2.N1"):
        assert f'href="/demo/rules/{rule_id}/" data-copy-link' in page
    assert "/static/rulesite/site.js" in page


def test_topic_page_shows_note_source_and_date(client: Client, demo: Game) -> None:
    page = html(client.get("/demo/rules/cards/"))

    note = page[page.index('id="2.N1"') :]
    assert 'FAQ, <time datetime="2024-02-03">2024-02-03</time>' in note


def test_topic_page_links_related_citing_cards_rulings_and_neighbours(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rules/cards/"))

    assert "Related topics" in page and 'href="/demo/rules/turns/"' in page
    cards = page[page.index('id="cards-heading"') :]
    assert 'href="/demo/cards/cancel/"' in cards and 'href="#2.1"' in cards
    rulings = page[page.index('id="rulings-heading"') :]
    assert 'href="/demo/rulings/cancel-a-cancel/"' in rulings
    assert 'rel="prev" href="/demo/rules/turns/"' in page
    assert 'rel="next"' not in page
    assert "Last updated" in page


def test_topic_page_runs_three_queries_whatever_links_to_it(
    client: Client, demo: Game
) -> None:
    # The topic with its stored lists, its rules, its rulings: what links to it,
    # the cards that cite it and its neighbours were worked out at load.
    with CaptureQueriesContext(connection) as queries:
        page = html(client.get("/demo/rules/cards/"))

    assert 'href="/demo/cards/cancel/"' in page and 'rel="prev"' in page
    selects = [q for q in queries if q["sql"].startswith("SELECT")]
    assert len(selects) == 3


def test_topic_page_shows_the_newest_rulings_and_links_to_the_rest(
    client: Client, demo: Game
) -> None:
    rule = demo.rules.get(rule_id="2.1")
    for day in range(1, 10):
        make_ruling(demo, f"extra-{day}", dt.date(2025, 1, day)).rules.add(rule)

    page = html(client.get("/demo/rules/cards/"))

    rulings = page[page.index('id="rulings-heading"') :]
    assert "(10)" in rulings
    assert 'href="/demo/rulings/extra-9/"' in rulings
    assert 'href="/demo/rulings/cancel-a-cancel/"' not in rulings
    assert 'href="/demo/rulings/?topic=cards"' in rulings


def test_topic_page_lists_terms_and_backlinks_from_other_topics(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rules/turns/"))

    assert 'href="/demo/glossary/#term-active-player"' in page
    referred = page[page.index('id="mentions-heading"') :]
    assert 'href="/demo/rules/cards/"' in referred
    assert 'rel="next" href="/demo/rules/cards/"' in page


@pytest.mark.parametrize(
    ("rule_id", "target"),
    [
        ("2.2", "/demo/rules/cards/?rule=2.2#2.2"),
        ("2.2a", "/demo/rules/cards/?rule=2.2a#2.2a"),
        ("2.N1", "/demo/rules/cards/?rule=2.N1#2.N1"),
        ("1.1", "/demo/rules/turns/?rule=1.1#1.1"),
    ],
)
def test_rule_permalink_redirects_permanently_to_its_anchor(
    client: Client, demo: Game, rule_id: str, target: str
) -> None:
    response = client.get(f"/demo/rules/{rule_id}/")

    assert response.status_code == 301
    assert response["Location"] == target


def test_card_index_lists_cards_with_vocabulary_labels(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/cards/"))

    assert 'href="/demo/cards/cancel/"' in page
    assert "Action card · Base game · \N{MULTIPLICATION SIGN}2 · When a card" in page
    for name in ("type", "window", "expansion", "implemented"):
        assert f'name="{name}"' in page
    assert '<option value="when-card-played">When a card is played</option>' in page


CARD = 'href="/demo/cards/cancel/"'
RULING = 'href="/demo/rulings/cancel-a-cancel/"'


@pytest.mark.parametrize(
    ("listing", "query", "link", "shown"),
    [
        ("cards", {"type": "action"}, CARD, True),
        ("cards", {"window": "action"}, CARD, False),
        ("cards", {"window": "when-card-played", "expansion": "base"}, CARD, True),
        ("cards", {"implemented": "yes"}, CARD, False),
        ("cards", {"implemented": "no"}, CARD, True),
        ("cards", {"type": "not-a-type"}, CARD, True),
        ("rulings", {}, RULING, True),
        ("rulings", {"card": "cancel"}, RULING, True),
        ("rulings", {"topic": "cards"}, RULING, True),
        ("rulings", {"topic": "turns"}, RULING, False),
        ("rulings", {"source": "community"}, RULING, True),
        ("rulings", {"source": "faq"}, RULING, False),
        ("rulings", {"verified": "none"}, RULING, True),
        ("rulings", {"verified": "passed"}, RULING, False),
    ],
)
def test_list_filters_work_as_a_plain_get_form(
    client: Client,
    demo: Game,
    listing: str,
    query: dict[str, str],
    link: str,
    shown: bool,
) -> None:
    page = html(client.get(f"/demo/{listing}/", query))

    assert (link in page) is shown


@pytest.mark.parametrize(
    ("listing", "query", "label"),
    [
        ("cards", {"type": "not-a-type"}, "Type"),
        ("rulings", {"card": "nope"}, "Card"),
        ("rulings", {"verified": "true"}, "Engine check"),
    ],
)
def test_list_says_which_filter_it_left_out(
    client: Client, demo: Game, listing: str, query: dict[str, str], label: str
) -> None:
    page = html(client.get(f"/demo/{listing}/", query))

    value = next(iter(query.values()))
    assert f"{label}: “{value}” is not one of the choices" in page


def test_list_with_good_filters_says_nothing_was_left_out(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rulings/", {"source": "community"}))

    assert "is not one of the choices" not in page


def test_rulings_list_shows_each_answer_beside_its_question(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rulings/"))

    item = page[page.index('href="/demo/rulings/cancel-a-cancel/"') :]
    answer = item[: item.index("</li>")]
    assert (
        '<p class="ruling-answer">Yes: Cancel may target another Cancel.</p>' in answer
    )


def test_card_filter_by_implementation_reads_the_oracle_registry(
    client: Client, demo: Game
) -> None:
    Card.objects.filter(slug="cancel").update(implemented_by="demo")

    page = html(client.get("/demo/cards/", {"implemented": "yes"}))

    assert 'href="/demo/cards/cancel/"' in page and "In the oracle" in page


def test_card_page_shows_effect_timing_facts_citations_and_rulings(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/cards/cancel/"))

    assert '<h1 id="card-title">Cancel</h1>' in page
    assert "When another player plays a card" in page
    assert "Cancel that card; see" in page
    assert "2 copies in the deck" in page
    assert "When a card is played" in page
    assert "Not yet implemented" in page
    cites = page[page.index('id="cites-heading"') :]
    assert 'href="/demo/rules/cards/#2.1"' in cites
    rulings = page[page.index('id="rulings-heading"') :]
    assert 'href="/demo/rulings/cancel-a-cancel/"' in rulings
    mentioned = page[page.index('id="mentions-heading"') :]
    assert 'href="/demo/rules/cards/#2.1"' in mentioned
    assert "cancel-a-cancel" not in mentioned  # listed once, with the rulings


def _oracle_editor(request: Any, game: str) -> HttpResponse:
    return HttpResponse("oracle")


class WithoutOracle:
    """A URLconf (any hashable object with ``urlpatterns``) with no oracle."""

    urlpatterns = [path("", include("rules.urls"))]


class WithOracle:
    urlpatterns = [
        path(
            "",
            include(
                ([path("<slug:game>/oracle/", _oracle_editor, name="editor")], "oracle")
            ),
        ),
        path("", include("rules.urls")),
    ]


def test_card_page_offers_the_oracle_once_the_oracle_has_a_page(
    client: Client, demo: Game, settings: Any
) -> None:
    Card.objects.filter(slug="cancel").update(implemented_by="demo")
    settings.ROOT_URLCONF = WithoutOracle
    assert "Try it in the oracle" not in html(client.get("/demo/cards/cancel/"))

    settings.ROOT_URLCONF = WithOracle
    page = html(client.get("/demo/cards/cancel/"))
    assert 'href="/demo/oracle/?card=cancel">Try it in the oracle' in page


def test_card_page_offers_the_oracle_only_for_an_implemented_card(
    client: Client, demo: Game, settings: Any
) -> None:
    settings.ROOT_URLCONF = WithOracle
    page = html(client.get("/demo/cards/cancel/"))

    assert "Not yet implemented" in page
    assert "Try it in the oracle" not in page


def test_card_page_names_the_pack_that_implements_it(
    client: Client, demo: Game
) -> None:
    Card.objects.filter(slug="cancel").update(implemented_by="demo")

    page = html(client.get("/demo/cards/cancel/"))

    assert "Implemented" in page and "by the demo pack" in page


def test_ruling_page_shows_answer_source_cards_and_rules(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/rulings/cancel-a-cancel/"))

    assert "Can a Cancel be cancelled?" in page
    assert 'Community ruling, <time datetime="2024-03-01">' in page
    assert 'href="/demo/cards/cancel/"' in page
    assert 'href="/demo/rules/cards/#2.1"' in page
    assert "Engine-verified" not in page


def test_engine_verified_ruling_shows_its_badge_time_and_engine(
    client: Client, demo: Game
) -> None:
    Ruling.objects.filter(slug="cancel-a-cancel").update(
        verification=Ruling.Verification.PASSED,
        verified_at=dt.datetime(2024, 5, 6, 7, 8, tzinfo=dt.UTC),
        verified_engine_version="0.3.1",
    )

    page = html(client.get("/demo/rulings/cancel-a-cancel/"))
    listing = html(client.get("/demo/rulings/", {"verified": "passed"}))

    assert "Engine-verified" in page
    assert "2024-05-06 07:08 UTC" in page and "engine 0.3.1" in page
    assert 'href="/demo/rulings/cancel-a-cancel/"' in listing
    assert 'title="Checked by engine 0.3.1">Engine-verified' in listing


def test_glossary_defines_terms_and_links_their_topic(
    client: Client, demo: Game
) -> None:
    page = html(client.get("/demo/glossary/"))

    assert "term-active-player" in ids_of(page)
    assert "The player whose turn it is." in page
    assert 'Defined in <a href="/demo/rules/turns/" data-xref="topic:turns">' in page


@pytest.mark.parametrize(
    "url",
    [
        "/nope/",
        "/nope/rules/",
        "/nope/cards/",
        "/demo/rules/nope/",
        "/demo/rules/9.9/",
        "/demo/cards/nope/",
        "/demo/rulings/nope/",
        "/nope/glossary/",
    ],
)
def test_unknown_game_topic_card_ruling_or_rule_is_404(
    client: Client, demo: Game, url: str
) -> None:
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    ("url", "title"),
    [
        ("/", "Rulesite — rules references"),
        ("/demo/", "Demo Game rules reference"),
        ("/demo/rules/", "Rules reference — Demo"),
        ("/demo/rules/cards/", "2 Cards — Demo rules"),
        ("/demo/cards/", "Cards (filtered) — Demo"),
        ("/demo/cards/cancel/", "Cancel — Demo Action card"),
        ("/demo/rulings/", "Rulings — Demo"),
        ("/demo/rulings/cancel-a-cancel/", "Can a Cancel be cancelled?"),
        ("/demo/glossary/", "Glossary — Demo"),
    ],
)
def test_every_page_has_title_description_canonical_and_landmarks(
    client: Client, demo: Game, url: str, title: str
) -> None:
    query = {"type": "action"} if url == "/demo/cards/" else {}
    page = html(client.get(url, query))

    assert re.search(rf"<title>{re.escape(title)}[^<]*</title>", page)
    description = re.search(r'<meta name="description" content="([^"]+)">', page)
    assert description and len(description[1]) > 20
    assert f'<link rel="canonical" href="http://testserver{url}">' in page
    assert '<a class="skip-link" href="#main">' in page
    assert '<main id="main"' in page and "<header" in page and "<footer" in page


def test_friendly_404_offers_a_search_box_for_the_game(
    client: Client, demo: Game, settings: Any
) -> None:
    settings.DEBUG = False

    response = client.get("/demo/cards/cancell-it/")

    assert response.status_code == 404
    page = response.content.decode()
    assert "Page not found" in page
    assert 'action="/demo/search/"' in page and 'value="cancell it"' in page
    assert 'name="robots" content="noindex"' in page


def test_friendly_404_outside_a_game_offers_every_game(
    client: Client, demo: Game, settings: Any
) -> None:
    settings.DEBUG = False

    response = client.get("/no/such/page/")

    assert response.status_code == 404
    assert 'action="/demo/search/"' in response.content.decode()


def test_404_under_the_api_is_json(client: Client, db: Any, settings: Any) -> None:
    settings.DEBUG = False

    response = client.get("/api/v2/games/")

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_sitemap_lists_index_pages_topics_cards_and_rulings(
    client: Client, demo: Game
) -> None:
    response = client.get("/sitemap.xml")

    assert response.status_code == 200
    locations = re.findall(r"<loc>http://testserver([^<]+)</loc>", response.text)
    assert {
        "/",
        "/demo/",
        "/demo/rules/",
        "/demo/cards/",
        "/demo/rulings/",
        "/demo/glossary/",
        "/demo/rules/turns/",
        "/demo/rules/cards/",
        "/demo/cards/cancel/",
        "/demo/rulings/cancel-a-cancel/",
    } <= set(locations)
    # The demo game's pages (the real content's are crawled in test_linkcheck).
    for location in locations:
        if location == "/" or location.startswith("/demo/"):
            assert client.get(location).status_code == 200, location
