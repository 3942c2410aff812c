"""The page cache (rulesite/pagecache.py): anonymous HTML pages are rendered
once, revalidated by ETag, re-rendered when the content changes, and never
shared when they carry a visitor's cookie or form."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone

from rules.models import Game, Ruling
from rulesite import pagecache

pytestmark = pytest.mark.django_db

TOPIC = "/ti4/rules/action-cards/"


def test_renders_a_page_once_then_serves_it_with_one_query(
    client: Client, ti4: Game, page_cache: BaseCache, django_assert_num_queries: Any
) -> None:
    first = client.get(TOPIC)

    with django_assert_num_queries(1):
        second = client.get(TOPIC)

    assert first.status_code == second.status_code == 200
    assert first["X-Page-Cache"] == "miss" and second["X-Page-Cache"] == "hit"
    assert first.content == second.content
    assert first["ETag"] == second["ETag"]
    assert "public" in second["Cache-Control"]
    assert second["Content-Type"].startswith("text/html")


def test_answers_a_revalidation_with_304(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    page = client.get(TOPIC)

    by_etag = client.get(TOPIC, headers={"if-none-match": page["ETag"]})
    by_date = client.get(TOPIC, headers={"if-modified-since": page["Last-Modified"]})
    stale = client.get(TOPIC, headers={"if-none-match": 'W/"0123"'})

    assert by_etag.status_code == by_date.status_code == 304
    assert by_etag.content == b""
    assert by_etag["ETag"] == page["ETag"]
    assert stale.status_code == 200 and stale.content == page.content


def test_a_first_request_with_a_matching_etag_gets_304(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    etag = client.get(TOPIC)["ETag"]
    page_cache.clear()  # another node, or an evicted page

    again = client.get(TOPIC, headers={"if-none-match": etag})

    assert again.status_code == 304


def test_serves_head_from_the_cache(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    client.get(TOPIC)

    head = client.head(TOPIC)

    assert head.status_code == 200 and head["X-Page-Cache"] == "hit"


def test_loading_new_content_changes_every_key(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    before = client.get(TOPIC)
    Game.objects.filter(pk=ti4.pk).update(content_version="reloaded")

    after = client.get(TOPIC)
    revalidated = client.get(TOPIC, headers={"if-none-match": before["ETag"]})

    assert after["X-Page-Cache"] == "miss"
    assert after["ETag"] != before["ETag"]
    assert revalidated.status_code == 200


def test_verifying_rulings_changes_every_key(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    before = client.get("/ti4/rulings/")
    Ruling.objects.filter(game=ti4).update(verified_at=timezone.now())

    after = client.get("/ti4/rulings/")

    assert after["X-Page-Cache"] == "miss" and after["ETag"] != before["ETag"]


def test_never_shares_a_page_with_a_csrf_form(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    first = client.get("/ti4/oracle/")
    second = Client().get("/ti4/oracle/")

    for response in (first, second):
        assert response.status_code == 200
        assert "X-Page-Cache" not in response
        assert "Cookie" in response["Vary"]
    assert second.cookies["csrftoken"].value != first.cookies["csrftoken"].value


def test_logged_in_visitors_get_pages_of_their_own(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    Client().get(TOPIC)  # cached for anonymous visitors
    client.force_login(User.objects.create_user("reader", password="x" * 20))

    page = client.get(TOPIC)

    assert page.status_code == 200 and "X-Page-Cache" not in page


@pytest.mark.parametrize(
    "path", ["/api/v1/ti4/cards/", "/admin/login/", "/ti4/cards/no-such-card/"]
)
def test_leaves_the_api_the_admin_and_errors_alone(
    client: Client, ti4: Game, page_cache: BaseCache, path: str
) -> None:
    client.get(path)

    again = client.get(path)

    assert "X-Page-Cache" not in again


def test_does_not_keep_pages_of_huge_query_strings(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    path = f"{TOPIC}?junk={'x' * 600}"
    client.get(path)

    again = client.get(path)

    assert again.status_code == 200 and "X-Page-Cache" not in again


def shareable(**headers: str) -> HttpResponse:
    response = HttpResponse(b"<p>x</p>", content_type="text/html; charset=utf-8")
    for name, value in headers.items():
        response.headers[name.replace("_", "-")] = value
    return response


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        (shareable(), True),
        (shareable(Vary="Accept-Encoding"), True),
        (shareable(Vary="Accept-Encoding, Cookie"), False),
        (shareable(Vary="*"), False),
        (shareable(Cache_Control="private, max-age=60"), False),
        (shareable(Cache_Control="no-store"), False),
        (shareable(Set_Cookie="a=b"), False),
        (HttpResponse(b"{}", content_type="application/json"), False),
        (HttpResponse(b"<p>gone</p>", status=404), False),
    ],
)
def test_stores_only_responses_anyone_may_see(
    response: HttpResponse, expected: bool
) -> None:
    assert pagecache.is_shareable_response(response) is expected


def test_a_response_that_sets_a_cookie_is_not_stored() -> None:
    response = shareable()
    response.set_cookie("seen", "1")

    assert not pagecache.is_shareable_response(response)


def test_search_pages_follow_the_live_index(settings: Any, tmp_path: Path) -> None:
    settings.SEARCH_INDEX_DIR = tmp_path
    search = RequestFactory().get("/ti4/search/", {"q": "sabotage"})
    topic = RequestFactory().get(TOPIC)
    (tmp_path / "CURRENT").write_text("build-1\n")
    before = pagecache.page_salt(search), pagecache.page_salt(topic)

    (tmp_path / "CURRENT.new").write_text("build-2\n")
    os.replace(tmp_path / "CURRENT.new", tmp_path / "CURRENT")
    after = pagecache.page_salt(search), pagecache.page_salt(topic)

    assert after[0] != before[0]
    assert after[1] == before[1]


@pytest.mark.skipif(
    not os.environ.get("CACHE_URL", "").startswith("redis"),
    reason="CACHE_URL is not a Redis server (make test-postgres sets one)",
)
def test_keeps_pages_in_redis_when_cache_url_names_it(
    client: Client, ti4: Game, page_cache: BaseCache
) -> None:
    assert type(page_cache).__name__ == "RedisCache"
    client.get(TOPIC)

    again = Client().get(TOPIC)

    assert again["X-Page-Cache"] == "hit"


class BrokenCache(LocMemCache):
    """A cache server that is down."""

    def get(self, *args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("cache server down")

    has_key = set = get


@pytest.mark.django_db
def test_pages_are_still_served_when_the_cache_server_is_down(
    client: Client, ti4: Game, settings: Any
) -> None:
    settings.PAGE_CACHE = True
    settings.CACHES = {
        **settings.CACHES,
        pagecache.CACHE_ALIAS: {"BACKEND": f"{__name__}.BrokenCache"},
    }

    first = client.get(TOPIC)
    second = client.get(TOPIC, headers={"if-none-match": first["ETag"]})

    assert first.status_code == 200 and first["X-Page-Cache"] == "miss"
    assert second.status_code == 304


def test_nodes_with_their_static_files_elsewhere_share_cached_pages(
    settings: Any, tmp_path: Path
) -> None:
    # Each node may collect its static files under its own folder; the same
    # code and manifest must name the same release, or no page is shared.
    releases = []
    for node in ("node-1", "node-2"):
        static = tmp_path / node / "static"
        static.mkdir(parents=True)
        (static / "staticfiles.json").write_text('{"paths": {}}')
        settings.STATIC_ROOT = static
        settings.PAGE_CACHE_RELEASE = ""
        pagecache.release.cache_clear()
        releases.append(pagecache.release())
    (tmp_path / "node-2" / "static" / "staticfiles.json").write_text('{"paths": 1}')
    pagecache.release.cache_clear()
    changed = pagecache.release()
    pagecache.release.cache_clear()

    assert releases[0] == releases[1]
    assert changed != releases[1]
