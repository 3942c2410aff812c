"""ETag / Last-Modified on every read and 304 round trips, through the API and
through ``rules.conditional`` on a plain Django view."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone
from django.utils.http import http_date

from rules.api.v1.rendered import RenderedCache
from rules.api.v1.views import REPRESENTATION, ConditionalContentMixin
from rules.conditional import condition_on_game, game_state, validators_for
from rules.models import Card, Game, Ruling

READS = [
    "/api/v1/games/",
    "/api/v1/games/sample/",
    "/api/v1/sample/topics/",
    "/api/v1/sample/topics/cards/",
    "/api/v1/sample/rules/",
    "/api/v1/sample/rules/2.2a/",
    "/api/v1/sample/cards/",
    "/api/v1/sample/cards/?type=action&ordering=-name",
    "/api/v1/sample/cards/cancel/",
    "/api/v1/sample/terms/",
    "/api/v1/sample/terms/active-player/",
    "/api/v1/sample/rulings/",
    "/api/v1/sample/rulings/cancel-a-cancel/",
    "/api/v1/sample/bulk/",
]


@pytest.mark.parametrize("url", READS)
def test_every_read_revalidates_by_etag(client: Client, sample: Game, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    etag = response["ETag"]
    assert etag.startswith('W/"')
    assert response["Cache-Control"] == "public, max-age=300"

    again = client.get(url, HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert again["Cache-Control"] == "public, max-age=300"
    assert again["Last-Modified"] == response["Last-Modified"]


@pytest.mark.parametrize("url", READS)
def test_every_read_revalidates_by_date(client: Client, sample: Game, url: str) -> None:
    last_modified = client.get(url)["Last-Modified"]
    games = Game.objects.all() if url == "/api/v1/games/" else [sample]
    newest = max(game.loaded_at for game in games)  # type: ignore[type-var]
    assert last_modified == http_date(newest.timestamp())

    assert client.get(url, HTTP_IF_MODIFIED_SINCE=last_modified).status_code == 304


def test_an_older_date_or_another_etag_gets_the_full_response(
    client: Client, sample: Game
) -> None:
    url = "/api/v1/sample/cards/cancel/"
    earlier = sample.loaded_at - timedelta(seconds=5)  # type: ignore[operator]
    older = http_date(earlier.timestamp())
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=older).status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH='W/"other"').status_code == 200


def test_etag_wins_over_the_date(client: Client, sample: Game) -> None:
    url = "/api/v1/sample/cards/cancel/"
    last_modified = client.get(url)["Last-Modified"]
    response = client.get(
        url, HTTP_IF_NONE_MATCH='W/"other"', HTTP_IF_MODIFIED_SINCE=last_modified
    )
    assert response.status_code == 200


def test_etags_differ_by_query_and_by_path(client: Client, sample: Game) -> None:
    etags = {
        client.get(url)["ETag"]
        for url in (
            "/api/v1/sample/cards/",
            "/api/v1/sample/cards/?type=action",
            "/api/v1/sample/cards/?page_size=1",
            "/api/v1/sample/cards/cancel/",
        )
    }
    assert len(etags) == 4


def test_new_content_invalidates_etags(client: Client, sample: Game) -> None:
    url = "/api/v1/sample/cards/cancel/"
    etag = client.get(url)["ETag"]
    Game.objects.filter(pk=sample.pk).update(content_version="reloaded")

    response = client.get(url, HTTP_IF_NONE_MATCH=etag)

    assert response.status_code == 200
    assert response["ETag"] != etag


def test_a_new_ruling_verification_invalidates_etags(
    client: Client, sample: Game
) -> None:
    url = "/api/v1/sample/rulings/who-acts-first/"
    first = client.get(url)
    assert first.json()["verification"]["status"] == "none"
    moment = timezone.now() + timedelta(minutes=1)
    Ruling.objects.filter(game=sample, slug="who-acts-first").update(
        verification=Ruling.Verification.PASSED, verified_at=moment
    )

    response = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert response.status_code == 200
    assert response.json()["verification"]["status"] == "passed"
    assert response["Last-Modified"] == http_date(moment.timestamp())


def test_errors_carry_no_validators(client: Client, sample: Game) -> None:
    for url in ("/api/v1/sample/cards/nope/", "/api/v1/sample/cards/?page=0"):
        response = client.get(url)
        assert response.status_code in {400, 404}
        assert not response.has_header("ETag")
        assert not response.has_header("Cache-Control")


def test_head_is_answered_like_get(client: Client, sample: Game) -> None:
    response = client.head("/api/v1/sample/cards/cancel/")
    assert response.status_code == 200
    assert response.has_header("ETag")
    etag = response["ETag"]
    again = client.head("/api/v1/sample/cards/cancel/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304


def test_a_failed_if_match_is_a_json_412(client: Client, sample: Game) -> None:
    response = client.get("/api/v1/sample/cards/cancel/", HTTP_IF_MATCH='"x"')
    assert response.status_code == 412
    assert response.json()["error"]["code"] == "precondition_failed"


# --- the early answer (rules.api.middleware) ----------------------------------


def test_a_revalidation_is_answered_before_the_view_runs(
    client: Client, sample: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = "/api/v1/sample/cards/cancel/"
    etag = client.get(url)["ETag"]

    def no_view(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the view ran for a revalidation")

    monkeypatch.setattr(ConditionalContentMixin, "dispatch", no_view)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)

    assert response.status_code == 304
    assert response["ETag"] == etag
    # The headers of every answer, set by the middleware around this one.
    assert response["X-Frame-Options"] == "DENY"
    assert response["Cross-Origin-Resource-Policy"] == "cross-origin"
    assert "Content-Security-Policy" in response
    failed = client.get(url, HTTP_IF_MATCH='"x"')
    assert failed.status_code == 412
    assert failed.json()["error"]["code"] == "precondition_failed"


def test_conditional_requests_the_validators_do_not_settle_reach_the_view(
    client: Client, sample: Game
) -> None:
    stale = client.get("/api/v1/sample/cards/cancel/", HTTP_IF_NONE_MATCH='W/"old"')
    assert stale.status_code == 200
    assert stale.json()["id"] == "cancel"
    missing = client.get("/api/v1/sample/cards/nope/", HTTP_IF_NONE_MATCH='W/"old"')
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"
    unknown = client.get("/api/v1/nowhere/", HTTP_IF_NONE_MATCH='W/"old"')
    assert unknown.status_code == 404
    assert unknown.json()["error"]["code"] == "not_found"
    schema = client.get("/api/v1/schema/", HTTP_IF_NONE_MATCH='W/"old"')
    assert schema.status_code == 200


# --- rules.conditional on a plain Django view ------------------------------


@condition_on_game(salt="page", max_age=60)
def plain_view(request: HttpRequest, game: str) -> HttpResponse:
    plain_view.calls += 1  # type: ignore[attr-defined]
    return HttpResponse(f"page of {game}")


plain_view.calls = 0  # type: ignore[attr-defined]


def call(request: HttpRequest, **kwargs: Any) -> Any:
    return plain_view(request, **kwargs)


def test_plain_views_get_validators_and_skip_work_on_304(sample: Game) -> None:
    factory = RequestFactory()
    calls = plain_view.calls  # type: ignore[attr-defined]
    response = call(factory.get("/sample/"), game="sample")
    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=60"

    request = factory.get("/sample/", HTTP_IF_NONE_MATCH=response["ETag"])
    again = call(request, game="sample")

    assert again.status_code == 304
    assert plain_view.calls == calls + 1  # type: ignore[attr-defined]


def test_plain_views_of_unknown_games_run_unchanged(db: Any) -> None:
    response = call(RequestFactory().get("/nope/"), game="nope")
    assert response.status_code == 200
    assert not response.has_header("ETag")


def test_salt_separates_representations_of_one_uri(sample: Game) -> None:
    request = RequestFactory().get("/sample/")
    state = game_state("sample")
    assert state is not None
    page = validators_for(request, [state], salt="page")
    api = validators_for(request, [state], salt="api")
    assert page.etag != api.etag
    assert page.last_modified == api.last_modified == sample.loaded_at


def test_validators_are_not_applied_to_writes(sample: Game) -> None:
    request = RequestFactory().post("/sample/")
    state = game_state("sample")
    assert state is not None
    validators = validators_for(request, [state])
    assert validators.evaluate(request) is None
    response = validators.apply(HttpResponse(), request=request)
    assert not response.has_header("ETag")


def test_renderings_are_bounded_by_bytes() -> None:
    renderings = RenderedCache(max_bytes=10)
    renderings.put("a", (b"12345", ()))
    renderings.put("b", (b"12345", ()))
    assert renderings.get("a") is not None  # now the most recently used
    renderings.put("c", (b"123", ()))

    assert renderings.get("b") is None
    assert renderings.get("a") == (b"12345", ())
    assert renderings.size == 8
    renderings.put("huge", (b"x" * 11, ()))
    assert renderings.get("huge") is None


def test_a_repeated_read_is_served_from_its_rendering(
    client: Client, sample: Game
) -> None:
    url = "/api/v1/sample/cards/cancel/"
    first = client.get(url).content
    Card.objects.filter(game=sample, slug="cancel").update(name="Changed")
    assert client.get(url).content == first  # same content version: same bytes
    Game.objects.filter(pk=sample.pk).update(content_version="reloaded")
    assert client.get(url).json()["name"] == "Changed"


# --- preconditions never turn an error into a 304 (RFC 9110, 13.2.1) ----------


def _preconditions(url: str) -> list[dict[str, str]]:
    """Headers that would be answered 304 or 412 if ``url`` existed: ``*``, the
    game's current ETag for that URL, its Last-Modified and a future date."""
    state = game_state("sample")
    assert state is not None and state.loaded_at is not None
    request = RequestFactory().get(url)
    etag = validators_for(request, [state], salt=REPRESENTATION).etag
    later = http_date((timezone.now() + timedelta(days=1)).timestamp())
    return [
        {"HTTP_IF_NONE_MATCH": "*"},
        {"HTTP_IF_NONE_MATCH": etag},
        {"HTTP_IF_MODIFIED_SINCE": http_date(state.loaded_at.timestamp())},
        {"HTTP_IF_MODIFIED_SINCE": later},
        {"HTTP_IF_MATCH": '"x"'},
    ]


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/sample/cards/nope/",
        "/api/v1/sample/rulings/nope/",
        "/api/v1/sample/topics/nope/",
        "/api/v1/sample/rules/9.9z/",
        "/api/v1/sample/terms/nope/",
    ],
)
@pytest.mark.parametrize("method", ["get", "head"])
def test_preconditions_on_an_unknown_object_are_a_404(
    client: Client, sample: Game, url: str, method: str
) -> None:
    for headers in _preconditions(url):
        response = getattr(client, method)(url, **headers)
        assert response.status_code == 404, headers
        if method == "get":
            assert response.json()["error"]["code"] == "not_found"
        assert not response.has_header("ETag")


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/api/v1/sample/cards/?page=abc", 400),
        ("/api/v1/sample/cards/?page_size=0", 400),
        ("/api/v1/sample/cards/?ordering=zzz", 400),
        ("/api/v1/sample/rulings/?source=zzz", 400),
        ("/api/v1/sample/cards/?page=999", 404),
        ("/api/v1/games/?page=2", 404),
    ],
)
def test_preconditions_on_a_bad_list_query_are_its_error(
    client: Client, sample: Game, url: str, status: int
) -> None:
    for headers in _preconditions(url):
        response = client.get(url, **headers)
        assert response.status_code == status, headers
        assert response.json()["error"]["code"] in {"invalid", "not_found"}


def test_a_star_revalidates_an_existing_object(client: Client, sample: Game) -> None:
    url = "/api/v1/sample/cards/cancel/"
    response = client.get(url, HTTP_IF_NONE_MATCH="*")
    assert response.status_code == 304
    assert response["ETag"] == client.get(url)["ETag"]


def test_a_valid_list_query_still_revalidates(client: Client, sample: Game) -> None:
    url = "/api/v1/sample/cards/?type=action&page=1&page_size=2"
    first = client.get(url)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert client.get(url, HTTP_IF_MATCH='"x"').status_code == 412


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/sample/cards/cancel/",
        "/api/v1/sample/rules/2.2a/",
        "/api/v1/sample/topics/cards/",
        "/api/v1/sample/rulings/cancel-a-cancel/",
        "/api/v1/sample/cards/",
        "/api/v1/games/sample/",
        "/api/v1/sample/bulk/",
    ],
)
def test_revalidating_an_existing_resource_skips_the_view(
    client: Client, sample: Game, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    etag = client.get(url)["ETag"]

    def no_view(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the view ran for a revalidation")

    monkeypatch.setattr(ConditionalContentMixin, "dispatch", no_view)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH="*").status_code == 304
