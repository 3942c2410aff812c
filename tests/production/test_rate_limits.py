"""Rate limits that hold: one count per client across every gunicorn worker,
a client address that a forged ``X-Forwarded-For`` cannot change, and the
pages' own scopes (search pages, suggestions, the editor's runs) apart from the
API's clients."""

from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, RequestFactory

from rules.models import Game
from rulesite.ratelimit import client_address
from tests.production.conftest import HOST, ROOT, Server, manage, production_env

READ_LIMIT = 40
SEARCH_LIMIT = 20


def rates(settings: Any, **scopes: str | None) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            "read": None,
            "bulk": None,
            "oracle": None,
            "web-search": None,
            "web-suggest": None,
            "web-oracle": None,
            "web-oracle-pages": None,
            **scopes,
        },
    }


def address_of(remote: str, forwarded: str | None = None) -> str:
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return client_address(RequestFactory().get("/", REMOTE_ADDR=remote, **extra))


def test_without_a_proxy_the_forwarded_header_is_ignored(settings: Any) -> None:
    settings.PROXY_HOPS = 0

    assert address_of("198.51.100.7", "203.0.113.1") == "198.51.100.7"


def test_behind_one_proxy_the_client_is_the_address_it_saw(settings: Any) -> None:
    settings.PROXY_HOPS = 1
    settings.TRUSTED_PROXIES = ["127.0.0.1", "::1"]

    # nginx appends the address it saw to whatever the client sent.
    assert address_of("127.0.0.1", "203.0.113.1, 198.51.100.7") == "198.51.100.7"
    assert address_of("127.0.0.1") == "127.0.0.1"


@pytest.mark.parametrize(
    ("hops", "remote", "secure"),
    [(1, "127.0.0.1", True), (1, "203.0.113.9", False), (0, "127.0.0.1", False)],
    ids=["trusted-proxy", "direct-client", "no-proxy"],
)
def test_only_a_trusted_proxy_can_say_the_request_came_over_https(
    client: Client, settings: Any, db: Any, hops: int, remote: str, secure: bool
) -> None:
    settings.PROXY_HOPS = hops
    settings.TRUSTED_PROXIES = ["127.0.0.1", "::1"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True

    response = client.get(
        "/robots.txt", REMOTE_ADDR=remote, HTTP_X_FORWARDED_PROTO="https"
    )

    # Taken for HTTPS, the request is answered; else redirected to HTTPS.
    assert (response.status_code == 200) is secure
    assert (response.status_code == 301) is not secure


def test_a_client_reaching_gunicorn_directly_cannot_pick_its_address(
    settings: Any,
) -> None:
    settings.PROXY_HOPS = 1
    settings.TRUSTED_PROXIES = ["127.0.0.1"]

    assert address_of("198.51.100.7", "203.0.113.1") == "198.51.100.7"


def test_two_hops_are_followed_through_trusted_proxies_only(settings: Any) -> None:
    settings.PROXY_HOPS = 2
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]

    # client -> CDN edge (10.0.0.1) -> nginx (10.0.0.2) -> gunicorn
    assert address_of("10.0.0.2", "203.0.113.1, 198.51.100.7, 10.0.0.1") == (
        "198.51.100.7"
    )
    # A client that reaches nginx directly, bypassing the edge, is itself.
    assert address_of("10.0.0.2", "203.0.113.1, 198.51.100.7") == "198.51.100.7"


def test_forged_forwarded_headers_do_not_escape_the_api_limit(
    client: Client, ti4: Game, settings: Any
) -> None:
    settings.PROXY_HOPS = 1
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    rates(settings, read="3/minute")
    statuses = [
        client.get(
            "/api/v1/ti4/cards/",
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{n}",
        ).status_code
        for n in range(6)
    ]

    assert statuses == [200, 200, 200, 429, 429, 429]


def test_search_pages_are_limited_in_their_own_scope(
    client: Client, indexed: Game, settings: Any
) -> None:
    rates(settings, **{"web-search": "2/minute", "read": "5/minute"})
    pages = [client.get("/ti4/search/", {"q": f"combat {n}"}) for n in range(3)]

    assert [page.status_code for page in pages] == [200, 200, 429]
    assert 1 <= int(pages[2]["Retry-After"]) <= 60
    assert "Too many searches from here" in pages[2].content.decode()
    assert client.get("/api/v1/ti4/search/", {"q": "combat"}).status_code == 200


def test_oracle_pages_that_compute_are_limited_the_bare_editor_is_not(
    client: Client, ti4: Game, settings: Any
) -> None:
    rates(settings, **{"web-oracle-pages": "2/minute"})
    opened = [client.get("/ti4/oracle/", {"card": "sabotage"}) for _ in range(2)]
    run_page = client.get("/ti4/oracle/r/" + "0" * 32 + "/")

    assert [page.status_code for page in opened] == [200, 200]
    assert run_page.status_code == 429
    assert 1 <= int(run_page["Retry-After"]) <= 60
    assert "Too many oracle pages were opened" in run_page.content.decode()
    assert client.get("/ti4/oracle/").status_code == 200


def test_suggestions_count_apart_from_api_searches(
    client: Client, indexed: Game, settings: Any
) -> None:
    rates(settings, **{"web-suggest": "3/minute", "read": "1/minute"})
    assert client.get("/api/v1/ti4/search/", {"q": "comb"}).status_code == 200
    assert client.get("/api/v1/ti4/search/", {"q": "comb"}).status_code == 429

    query = {"q": "comb", "prefix": "1", "limit": "8"}
    suggestions = [client.get("/ti4/search/suggestions/", query) for _ in range(4)]

    assert [s.status_code for s in suggestions] == [200, 200, 200, 429]
    assert suggestions[0].json()["results"]
    assert suggestions[3].json()["error"]["code"] == "throttled"


@pytest.fixture
def indexed(ti4: Game, settings: Any, tmp_path: Path) -> Game:
    from django.core.management import call_command

    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    call_command("build_search_index", verbosity=0)
    return ti4


def fetch(port: int, path: str, forwarded: str) -> int:
    request = urllib.request.Request(
        f"http://{HOST}:{port}{path}", headers={"X-Forwarded-For": forwarded}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def burst(port: int, paths: list[str]) -> Counter[int]:
    """Every path requested once, eight at a time, each with a forged
    X-Forwarded-For of its own."""
    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = pool.map(
            lambda numbered: fetch(port, numbered[1], f"203.0.113.{numbered[0] % 250}"),
            enumerate(paths),
        )
        return Counter(statuses)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """gunicorn with four workers behind a proxy that is not this machine, so
    the tests' own X-Forwarded-For headers are forged ones."""
    tmp_path = tmp_path_factory.mktemp("site")
    fixtures = tmp_path / "fixtures"
    shutil.copytree(ROOT / "fixtures" / "ti4", fixtures / "ti4")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = production_env(
        tmp_path / "var",
        RULESITE_FIXTURES_DIR=str(fixtures),
        TMPDIR=str(scratch),
        PAGE_CACHE="1",
        BEHIND_PROXY="1",
        TRUSTED_PROXIES="192.0.2.1",
        API_THROTTLE_READ=f"{READ_LIMIT}/minute",
        WEB_THROTTLE_SEARCH=f"{SEARCH_LIMIT}/minute",
    )
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    manage(env, "load_content", "ti4")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    server = Server(env, workers=4)
    try:
        server.wait("/ti4/")
        yield server
    finally:
        server.stop()


def test_limits_hold_across_gunicorn_workers(site: Server) -> None:
    """One client: the reads and the uncached searches that pass are the
    configured numbers, however the requests spread over the workers, and a
    forged X-Forwarded-For (the client reaches gunicorn directly, not through
    the trusted proxy) changes nothing."""
    reads = burst(site.port, [f"/api/v1/ti4/cards/?n={n}" for n in range(160)])
    searches = burst(site.port, [f"/ti4/search/?q=fleet+{n}" for n in range(80)])

    assert reads == {200: READ_LIMIT, 429: 160 - READ_LIMIT}
    assert searches == {200: SEARCH_LIMIT, 429: 80 - SEARCH_LIMIT}


def test_a_long_api_url_gets_the_api_error_shape(site: Server) -> None:
    """Not gunicorn's HTML 414: the API's JSON, up to gunicorn's longest line."""
    request = urllib.request.Request(
        f"http://{HOST}:{site.port}/api/v1/ti4/cards/?q={'x' * 6000}"
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)

    assert refused.value.code == 414
    assert refused.value.headers["Content-Type"] == "application/json"
    assert json.loads(refused.value.read())["error"]["code"] == "uri_too_long"


@pytest.mark.parametrize(
    ("url", "headers", "status", "code"),
    [
        ("/api/v1/ti4/cards/?q=" + "x" * 9000, {}, 414, "uri_too_long"),
        ("/ti4/search/?q=" + "x" * 9000, {}, 414, "uri_too_long"),
        ("/api/v1/ti4/cards/", {"X-Big": "y" * 9000}, 431, "headers_too_large"),
    ],
)
def test_what_gunicorn_refuses_to_read_gets_the_api_error_shape(
    site: Server, url: str, headers: dict[str, str], status: int, code: str
) -> None:
    """Past gunicorn's longest request line or header: JSON, not an HTML page."""
    request = urllib.request.Request(f"http://{HOST}:{site.port}{url}", headers=headers)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)

    assert refused.value.code == status
    assert refused.value.headers["Content-Type"] == "application/json"
    assert json.loads(refused.value.read())["error"]["code"] == code
