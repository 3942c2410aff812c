from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from rules.models import Game
from tests.builders import write_game


@pytest.mark.django_db
def test_prepare_site_loads_content_then_is_a_no_op(
    tmp_path: Path, settings: object
) -> None:
    write_game(tmp_path)
    settings.FIXTURES_DIR = tmp_path  # type: ignore[attr-defined]
    settings.SEARCH_INDEX_DIR = tmp_path / "search"  # type: ignore[attr-defined]

    first, second = StringIO(), StringIO()
    call_command("prepare_site", stdout=first)
    loaded_at = Game.objects.get(slug="demo").loaded_at
    call_command("prepare_site", stdout=second)

    assert "demo: loaded" in first.getvalue()
    assert "demo: already up to date" in second.getvalue()
    assert Game.objects.get(slug="demo").loaded_at == loaded_at
