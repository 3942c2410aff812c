"""Fixtures of the search tests: the real ``ti4`` content indexed once per
session into a temporary folder, and small in-memory indexes built from
documents written in the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache

from rules.search import build_index


@pytest.fixture(scope="session")
def real_index(
    real_content: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    directory = tmp_path_factory.mktemp("search-index")
    with django_db_blocker.unblock():
        build_index(directory=directory)
    return directory


@pytest.fixture
def indexed(real_index: Path, ti4: Any, settings: Any) -> Any:
    """The ti4 game, its content loaded and indexed as the live index."""
    settings.SEARCH_INDEX_DIR = real_index
    return ti4


@pytest.fixture(autouse=True)
def unthrottled(settings: Any) -> Iterator[None]:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"read": None, "bulk": None},
    }
    cache.clear()
    yield
    cache.clear()
