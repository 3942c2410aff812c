"""Fixtures of the oracle tests: no rate limit unless a test sets one, the real
``ti4`` content (tests/conftest.py) and small scenarios the TI4 pack answers."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from oracle.api.v1.schema import SCENARIO
from oracle.engine import get_pack

# The browser tests' Chromium, page and live site (tests/browser/conftest.py).
from tests.browser.conftest import browser, page, site  # noqa: F401

#: The API's documented example without its expectation and question: Alice
#: plays Spy on Bob, who cancels it with Sabotage.
SPY_SABOTAGE: dict[str, Any] = {
    "game": "ti4",
    **{
        key: value
        for key, value in SCENARIO.items()
        if key not in ("expect", "question")
    },
}


def set_oracle_rate(settings: Any, rate: str | None, *, scope: str = "oracle") -> None:
    """The rate of the API's runs (``oracle``) or the editor's (``web-oracle``)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "read": None,
            scope: rate,
        },
    }


@pytest.fixture(autouse=True)
def unthrottled(settings: Any) -> Iterator[None]:
    set_oracle_rate(settings, None)
    set_oracle_rate(settings, None, scope="web-oracle")
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def scenario() -> dict[str, Any]:
    """Alice plays Spy on Bob, who cancels it with Sabotage."""
    needed = {"spy", "sabotage"}
    missing = needed - get_pack("ti4").implemented_cards()
    if missing:
        pytest.skip(f"the TI4 pack does not implement {sorted(missing)} yet")
    return copy.deepcopy(SPY_SABOTAGE)


@pytest.fixture
def unimplemented() -> str:
    """An action card the TI4 pack defines but does not implement."""
    pack = get_pack("ti4")
    left = sorted(
        slug
        for slug, card in pack.cards.items()
        if card.type == "action" and slug not in pack.implemented_cards()
    )
    if not left:
        pytest.skip("the TI4 pack implements every action card")
    return left[0]


def post_json(client: Client, url: str, body: object, **extra: Any) -> Any:
    return client.post(
        url, data=json.dumps(body), content_type="application/json", **extra
    )
