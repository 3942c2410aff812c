from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from rules.models import Game
from tests.builders import write_game


@pytest.fixture
def demo_fixtures(tmp_path: Path, settings: object) -> None:
    """The demo game as the site's fixtures, with a search index of its own."""
    write_game(tmp_path)
    settings.FIXTURES_DIR = tmp_path  # type: ignore[attr-defined]
    settings.SEARCH_INDEX_DIR = tmp_path / "search"  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_prepare_site_loads_content_then_is_a_no_op(demo_fixtures: None) -> None:
    first, second = StringIO(), StringIO()
    call_command("prepare_site", stdout=first)
    loaded_at = Game.objects.get(slug="demo").loaded_at
    call_command("prepare_site", stdout=second)

    assert "demo: loaded" in first.getvalue()
    assert "demo: already up to date" in second.getvalue()
    assert Game.objects.get(slug="demo").loaded_at == loaded_at


@pytest.mark.django_db
def test_prepare_site_keeps_each_checked_rulings_verdict(demo_fixtures: None) -> None:
    call_command("prepare_site", stdout=StringIO())
    game = Game.objects.get(slug="demo")
    assert not game.verdicts.exists()
    # As verify_rulings leaves a ruling it checked.
    game.rulings.update(
        verification="passed",
        verified_engine_version="9.9.9",
        verification_detail="Yes.",
        verified_at=game.loaded_at,
    )

    call_command("prepare_site", stdout=StringIO())

    verdict = game.verdicts.get()
    assert (verdict.ruling_slug, verdict.engine_version, verdict.detail) == (
        "cancel-a-cancel",
        "9.9.9",
        "Yes.",
    )
