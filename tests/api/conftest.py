"""Fixtures of the API tests: an unthrottled client, the small ``sample`` game
(exact assertions) and the real ``ti4`` content (from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache

from rules.api.v1.rendered import renderings
from rules.content.loader import load_game
from rules.models import Game
from tests.builders import write_game

GAME_YAML = """\
slug: sample
name: Sample Game
short_name: Sample
reference: {name: Sample Reference, version: "1.0", date: 2024-01-01}
card_types: {action: Action card, ability: Ability}
expansions: {base: Base game, more: More}
windows: {action: Action, when-card-played: When a card is played}
flags: {offensive: Offensive}
"""

CARD_BRIBE = """\
slug: bribe
name: Bribe
type: ability
expansion: more
count: 1
window: action
effect: Pay to win a vote.
flags: []
rules: ["2.2"]
"""

CARD_ZEAL = """\
slug: zeal
name: Zeal
type: action
expansion: base
count: 3
window: action
effect: Gain one vote.
flags: [offensive]
rules: []
"""

RULING_HAND_LIMIT = """\
slug: raised-hand-limit
question: Does a raised hand limit last after the effect ends?
answer: No, see [[rule:2.2a]] and [[ruling:cancel-a-cancel]].
cards: []
rules: ["2.2a"]
source: faq
date: 2024-05-01
"""

RULING_TURNS = """\
slug: who-acts-first
question: Who acts first?
answer: The active player, see [[topic:turns]].
cards: [cancel]
rules: ["1.1"]
source: rules-reference
date: 2023-12-24
"""


@pytest.fixture(autouse=True)
def unthrottled(settings: Any) -> Iterator[None]:
    """No rate limit unless a test sets one; fresh throttle histories and no
    renderings kept from another test (tests edit rows without reloading)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"read": None, "bulk": None, "oracle": None},
    }
    cache.clear()
    renderings.clear()
    yield
    cache.clear()
    renderings.clear()


@pytest.fixture(scope="package")
def sample_content(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: Any
) -> Iterator[None]:
    """The builders' demo game as ``sample``, with two more cards and two more
    rulings, loaded once for the API tests and removed after them, so that
    other packages' tests never see it."""
    root = tmp_path_factory.mktemp("content")
    written: Path = write_game(
        root,
        **{
            "game.yaml": GAME_YAML,
            "cards__bribe.yaml": CARD_BRIBE,
            "cards__zeal.yaml": CARD_ZEAL,
            "rulings__raised-hand-limit.yaml": RULING_HAND_LIMIT,
            "rulings__who-acts-first.yaml": RULING_TURNS,
        },
    )
    # Its own slug, so that tests loading the builders' "demo" game never meet it.
    directory = written.rename(written.with_name("sample"))
    with django_db_blocker.unblock():
        load_game(directory)
    yield
    with django_db_blocker.unblock():
        Game.objects.filter(slug="sample").delete()


@pytest.fixture
def sample(sample_content: None, db: Any) -> Game:
    return Game.objects.get(slug="sample")
