from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def real_content(django_db_setup: Any, django_db_blocker: Any) -> None:
    """Load the real fixtures once per session, outside any test transaction."""
    with django_db_blocker.unblock():
        call_command("load_content", "ti4", "--no-index", verbosity=0)


@pytest.fixture
def ti4(real_content: None, db: Any) -> Any:
    from rules.models import Game

    return Game.objects.get(slug="ti4")
