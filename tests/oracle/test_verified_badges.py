"""After what `make run` does before serving (``prepare_site``), every ruling
with a scenario shows in Chromium as checked by this engine, and the
"engine check: passed" filter lists them all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from oracle.engine import ENGINE_VERSION
from rules.models import Ruling
from tests.browser.conftest import Site, require_chromium

pytestmark = pytest.mark.browser


@pytest.fixture
def site(live_server: Any, settings: Any, tmp_path: Path) -> Site:
    """The live site prepared as `make run` prepares it (the search index in
    a temporary directory), before the browser starts."""
    require_chromium()
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    call_command("prepare_site", verbosity=0)
    return Site(url=live_server.url)


@pytest.fixture
def scenario_rulings(site: Site) -> dict[str, str]:
    """The question of every TI4 ruling with a scenario, by slug (asked
    before the browser starts: see tests/browser/conftest.py)."""
    rulings = Ruling.objects.with_scenario().filter(game__slug="ti4")
    return dict(rulings.values_list("slug", "question"))


def listed(page: Any) -> dict[str, Any]:
    """The rulings of a list page, by slug: each one's list item."""
    items = page.locator("li.ruling-item")
    out = {}
    for index in range(items.count()):
        item = items.nth(index)
        href = item.locator("a.ruling-question").get_attribute("href")
        out[href.rstrip("/").rsplit("/", 1)[-1]] = item
    return out


def test_every_ruling_with_a_scenario_shows_as_verified_by_this_engine(
    scenario_rulings: dict[str, str], page: Any, site: Site
) -> None:
    assert len(scenario_rulings) >= 10  # the content has engine-checked rulings

    page.goto(f"{site.url}/ti4/rulings/")

    items = listed(page)
    for slug in scenario_rulings:
        badge = items[slug].locator(".badge-verified")
        assert badge.inner_text() == "Engine-verified", slug
        assert badge.get_attribute("title") == f"Checked by engine {ENGINE_VERSION}"
    assert site.console_errors == []


def test_the_passed_filter_lists_every_ruling_with_a_scenario(
    scenario_rulings: dict[str, str], page: Any, site: Site
) -> None:
    page.goto(f"{site.url}/ti4/rulings/?verified=passed")

    assert set(listed(page)) == set(scenario_rulings)
    count = len(scenario_rulings)
    assert page.locator(".result-count").inner_text() == f"{count} rulings match."
