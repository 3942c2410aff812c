"""Building the index: a new folder per build, swapped in by renaming the
CURRENT marker; a no-op when the content has not changed; searches running
during a rebuild never fail and always find results."""

from __future__ import annotations

import threading
import time
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from rules.models import Game
from rules.search import SearchUnavailable, build_index, open_index, search
from rules.search.index import build as search_build
from tests.search.documents import DEMO, doc


@pytest.fixture
def index_dir(db: Any, settings: Any, tmp_path: Path) -> Path:
    settings.SEARCH_INDEX_DIR = tmp_path
    return tmp_path


def builds(directory: Path) -> list[str]:
    return sorted(path.name for path in directory.glob("build-*"))


def test_build_writes_a_folder_and_points_current_at_it(index_dir: Path) -> None:
    report = build_index(documents=DEMO)

    assert report.built and report.documents == len(DEMO)
    live = (index_dir / "CURRENT").read_text().strip()
    assert builds(index_dir) == [live]
    assert not list(index_dir.glob("tmp-*"))


def test_search_sees_a_rebuilt_index_without_restarting(index_dir: Path) -> None:
    build_index(documents=DEMO)
    assert search("demo", "omega").total == 0

    build_index(documents=[*DEMO, doc("1.9", "1.9", "Omega rule.")])

    assert [hit.key for hit in search("demo", "omega").hits] == ["1.9"]


def test_the_open_index_is_reused_until_the_marker_changes(index_dir: Path) -> None:
    build_index(documents=DEMO)

    first = open_index()
    assert open_index() is first
    build_index(documents=DEMO)
    assert open_index() is not first


def test_superseded_builds_are_kept_for_a_grace_period_then_removed(
    index_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_index(documents=DEMO)
    build_index(documents=DEMO)
    assert len(builds(index_dir)) == 2  # the old one may still serve a search

    monkeypatch.setattr(search_build, "_GRACE_SECONDS", -1.0)
    build_index(documents=DEMO)

    assert builds(index_dir) == [(index_dir / "CURRENT").read_text().strip()]


def test_a_failed_build_leaves_the_live_index_alone(index_dir: Path) -> None:
    build_index(documents=DEMO)
    live = (index_dir / "CURRENT").read_text()

    def broken() -> Any:
        yield DEMO[0]
        raise RuntimeError("content went away")

    with pytest.raises(RuntimeError):
        build_index(documents=broken())

    assert (index_dir / "CURRENT").read_text() == live
    assert not list(index_dir.glob("tmp-*"))
    assert search("demo", "cards").total > 0


def test_searching_while_rebuilding_never_fails(index_dir: Path) -> None:
    build_index(documents=DEMO)
    errors: list[BaseException] = []
    totals: list[int] = []
    stop = threading.Event()

    def keep_searching() -> None:
        while not stop.is_set():
            try:
                totals.append(search("demo", "cards").total)
            except BaseException as exc:  # the test reports any failure
                errors.append(exc)

    readers = [threading.Thread(target=keep_searching) for _ in range(2)]
    for reader in readers:
        reader.start()
    try:
        for round_ in range(8):
            extra = [doc(f"2.{round_}", f"2.{round_}", "More cards.")]
            build_index(documents=DEMO + extra * (round_ % 2))
            time.sleep(0.01)
    finally:
        stop.set()
        for reader in readers:
            reader.join()

    assert errors == []
    assert len(totals) > 20 and min(totals) > 0


def test_no_index_yet_is_unavailable_not_a_crash(
    index_dir: Path, client: Client
) -> None:
    Game.objects.create(slug="demo", name="Demo", short_name="Demo")

    with pytest.raises(SearchUnavailable):
        search("demo", "cards")
    page = client.get("/demo/search/", {"q": "cards"})
    api = client.get("/api/v1/demo/search/", {"q": "cards"})

    assert page.status_code == 503
    assert "not ready" in page.content.decode()
    assert api.status_code == 503
    assert api.json()["error"]["code"] == "unavailable"


def test_command_builds_then_does_nothing_until_content_changes(
    index_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_build, "documents_for", lambda game: iter(()))
    Game.objects.create(
        slug="demo", name="Demo", short_name="Demo", content_version="a"
    )
    out = StringIO()

    call_command("build_search_index", stdout=out)
    call_command("build_search_index", stdout=out)
    Game.objects.filter(slug="demo").update(content_version="b")
    call_command("build_search_index", stdout=out)
    call_command("build_search_index", "--force", stdout=out)

    lines = out.getvalue().splitlines()
    assert lines[0].startswith("search index: 0 documents in")
    assert lines[1] == "search index: already up to date"
    assert lines[2].startswith("search index: 0 documents in")
    assert lines[3].startswith("search index: 0 documents in")


def test_command_indexes_the_real_content(
    real_content: None, ti4: Any, index_dir: Path
) -> None:
    out = StringIO()

    call_command("build_search_index", stdout=out)

    expected = (
        ti4.topics.count() + ti4.rules.count() + ti4.cards.count()
        + ti4.terms.count() + ti4.rulings.count()
    )  # fmt: skip
    assert out.getvalue().startswith(f"search index: {expected} documents in")
    assert search(ti4, "sabotage").hits[0].key == "sabotage"


def test_an_index_from_an_older_version_is_unavailable_until_rebuilt(
    index_dir: Path,
) -> None:
    build_index(documents=DEMO)
    manifest = index_dir / (index_dir / "CURRENT").read_text().strip() / "manifest.json"
    manifest.write_text('{"schema": "0"}')
    (index_dir / "CURRENT").write_text((index_dir / "CURRENT").read_text())

    with pytest.raises(SearchUnavailable):
        open_index()
    assert build_index().built  # the command would rebuild it
    assert open_index() is not None
