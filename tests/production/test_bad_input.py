"""Bad input everywhere gets a clear 4xx, never a 5xx: unknown games, cards and
rule ids, broken and huge query strings, path traversal, wrong methods,
oversized bodies and wrong content types. Runs with the page cache on, as in
production."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache.backends.base import BaseCache
from django.test import Client

from rules.models import Game
from rules.search import build_index

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000

BAD_PAGES = [
    "/no-such-game/",
    "/no-such-game/rules/",
    "/no-such-game/cards/sabotage/",
    "/no-such-game/search/?q=sabotage",
    "/ti4/cards/no-such-card/",
    "/ti4/rules/no-such-topic/",
    "/ti4/rules/999.99/",
    "/ti4/rules/999.9z/",
    "/ti4/rulings/no-such-ruling/",
    "/ti4/oracle/r/no-such-run/",
    "/ti4/preview/card/no-such-card/",
    "/ti4/preview/no-such-kind/x/",
    "/ti4/rules/..%2F..%2Fetc%2Fpasswd/",
    "/ti4/cards/..%2F..%2Fsettings.py/",
    "/ti4/../../etc/passwd",
    "/static/../settings.py",
    "/static/..%2Fsettings.py",
    "/static/%2e%2e/rulesite/settings.py",
    "/static/rulesite/../../rulesite/settings.py",
    f"/{'a' * 3000}/",
    "/ti4/search/?q=%ZZ%ZZ&page=abc",
    "/ti4/search/?q=sabotage&page=abc",
    "/ti4/search/?q=sabotage&page=-1",
    f"/ti4/search/?q=sabotage&page={HUGE}",
    f"/ti4/search/?q={'x' * 5000}",
    "/ti4/search/?q=sabotage&kind=no-such-kind",
]
BAD_API = [
    "/api/v1/no-such-game/topics/",
    "/api/v1/no-such-game/cards/sabotage/",
    "/api/v1/ti4/cards/no-such-card/",
    "/api/v1/ti4/topics/no-such-topic/",
    "/api/v1/ti4/rules/99.99/",
    "/api/v1/ti4/rulings/no-such-ruling/",
    "/api/v1/ti4/cards/..%2F..%2Fsettings.py/",
    "/api/v1/no-such-endpoint/",
    "/api/v1/ti4/cards/?page=abc",
    "/api/v1/ti4/cards/?page=0",
    f"/api/v1/ti4/cards/?page={HUGE}",
    "/api/v1/ti4/cards/?page_size=abc",
    "/api/v1/ti4/cards/?page_size=1000000",
    "/api/v1/ti4/cards/?type=%00",
    "/api/v1/ti4/search/?q=%ZZ&page=abc",
    f"/api/v1/ti4/search/?q={'x' * 5000}",
    "/api/v1/ti4/search/?q=sabotage&kind=no-such-kind",
]
# Input a page may ignore or tolerate (an unknown filter value is an empty
# list, not an error), as long as it never fails.
TOLERATED = [
    "/ti4/cards/?page=abc",
    "/ti4/cards/?type=%00&expansion=%ZZ",
    "/ti4/cards/?type=no-such-type",
    f"/ti4/cards/?junk={'x' * 5000}",
    "/ti4/rulings/?source=nope&page=99999",
    "/ti4/glossary/?x=%00",
    "/ti4/rules/?rule=%ZZ",
    "/ti4/rules/?rule=99.99z",
    f"/ti4/rules/?rule={HUGE}",
    "/ti4/search/?q=%00",
    "/ti4/search/?q=%ZZ",
    "/ti4/search/?q=(((((",
    '/ti4/search/?q="unclosed',
    "/ti4/search/?q=a*b?c~3^9",
    "/ti4/search/?q=" + "%E2%80%AE" * 50,
    "/api/v1/ti4/topics/?search=%ZZ",
    "/api/v1/ti4/cards/?ordering=no-such-field",
    "/api/v1/ti4/search/?q=(((((",
]


@pytest.fixture(scope="module")
def live_index(
    real_content: None, django_db_blocker: Any, tmp_path_factory: Any
) -> Iterator[Path]:
    """The real content's search index, built once for this module."""
    directory = tmp_path_factory.mktemp("index")
    # Whoosh builds in <tempdir>/MAIN.tmp, shared by every build on the machine.
    saved, tempfile.tempdir = tempfile.tempdir, str(tmp_path_factory.mktemp("tmp"))
    try:
        with django_db_blocker.unblock():
            build_index(directory=directory)
    finally:
        tempfile.tempdir = saved
    yield directory


@pytest.fixture
def site(ti4: Game, live_index: Path, page_cache: BaseCache, settings: Any) -> Client:
    settings.SEARCH_INDEX_DIR = live_index
    return Client(raise_request_exception=False)


def is_clear_4xx(response: Any) -> bool:
    return 400 <= response.status_code < 500 and bool(response.content)


@pytest.mark.parametrize("path", BAD_PAGES)
def test_bad_page_requests_get_a_4xx(site: Client, path: str) -> None:
    response = site.get(path)

    assert is_clear_4xx(response), (path, response.status_code)


@pytest.mark.parametrize("path", BAD_API)
def test_bad_api_requests_get_a_4xx_in_the_error_shape(site: Client, path: str) -> None:
    response = site.get(path)

    assert is_clear_4xx(response), (path, response.status_code)
    assert set(response.json()["error"]) >= {"code", "message"}


@pytest.mark.parametrize("path", TOLERATED)
def test_odd_query_strings_never_fail(site: Client, path: str) -> None:
    assert site.get(path).status_code < 500


def test_a_foreign_host_header_gets_400(site: Client) -> None:
    for path in ("/ti4/rules/action-cards/", "/api/v1/ti4/cards/"):
        assert site.get(path, headers={"host": "attacker.example"}).status_code == 400


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/ti4/cards/",
        "/api/v1/ti4/cards/sabotage/",
        "/api/v1/ti4/topics/action-cards/",
        "/api/v1/ti4/bulk/",
        "/api/v1/ti4/search/?q=sabotage",
        "/ti4/rules/action-cards/",
        "/ti4/cards/",
    ],
)
def test_methods_a_resource_does_not_allow_get_405(
    site: Client, method: str, path: str
) -> None:
    response = getattr(site, method)(path, data="{}", content_type="application/json")

    assert response.status_code == 405


def test_the_oracle_editor_refuses_put_and_delete(site: Client) -> None:
    assert site.put("/ti4/oracle/").status_code == 405
    assert site.delete("/ti4/oracle/").status_code == 405


RUN = "/api/v1/ti4/oracle/run/"


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        (b"{" + b" " * 70_000 + b"}", "application/json", 413),
        (b"{}", "text/plain", 415),
        (b"game=ti4", "application/x-www-form-urlencoded", 415),
        (b"<scenario/>", "application/xml", 415),
        (b"{not json", "application/json", 400),
        (b"[]", "application/json", 400),
        (b'"a scenario"', "application/json", 400),
        (b'{"game": "\xff\xfe"}', "application/json", 400),
        (b'{"seed": 1' + b"0" * 5000 + b"}", "application/json", 400),
        (b'{"seed": NaN}', "application/json", 400),
        (b'{"players": "everyone", "steps": 7}', "application/json", 400),
        (b"[" * 5000 + b"]" * 5000, "application/json", 400),
    ],
)
def test_bad_oracle_bodies_get_a_4xx_in_the_error_shape(
    site: Client, body: bytes, content_type: str, status: int
) -> None:
    response = site.post(RUN, data=body, content_type=content_type)

    assert response.status_code == status, response.content[:300]
    assert set(response.json()["error"]) >= {"code", "message"}


def test_the_oracle_of_an_unknown_game_is_404(site: Client) -> None:
    response = site.post(
        "/api/v1/no-such-game/oracle/run/",
        data=json.dumps({"players": []}),
        content_type="application/json",
    )

    assert response.status_code == 404


def test_a_garbage_oracle_form_never_fails(site: Client) -> None:
    for data in (
        {"mode": "paste", "scenario": "{{{{ not: [yaml"},
        {"mode": "paste", "scenario": "x" * 200_000},
        {"mode": "build", "players": "\x00" * 10},
        {"mode": "no-such-mode"},
        {},
    ):
        assert site.post("/ti4/oracle/", data).status_code < 500
