"""Property tests on what reads untrusted input: the content loader (random
bytes, YAML and Markdown in a fixture folder) fails only with ContentErrors and
then leaves the database as it was; the scenario parser and the oracle API
answer random JSON with a result or a ScenarioError / 4xx, never a crash."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.engine import Scenario, ScenarioError
from rules.content.errors import ContentErrors
from rules.content.loader import load_game
from rules.models import Card, Game, Reference, Rule, Ruling, Term, Topic
from tests.builders import write_game

FILES = [
    "game.yaml",
    "terms.yaml",
    "topics/001-turns.md",
    "topics/002-cards.md",
    "topics/003-extra.md",
    "cards/cancel.yaml",
    "cards/extra.yaml",
    "rulings/cancel-a-cancel.yaml",
]
BOUNDED = settings(
    max_examples=int(os.environ.get("PROPERTY_EXAMPLES", "40")),
    derandomize="PROPERTY_EXAMPLES" not in os.environ,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=30)
    | st.dates()
)
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
)


def nested(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves,
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=12), children, max_size=4)
        ),
        max_leaves=20,
    )


LINK = st.builds(
    "[[{}:{}]]".format,
    st.sampled_from(["rule", "topic", "card", "term", "ruling", "nope", ""]),
    st.sampled_from(["2.1", "2.2a", "turns", "cancel", "active player", "9.9", ""]),
)
RULE_LINE = st.builds(
    "{} {}".format,
    st.sampled_from(["1.1", "2.1", "2.2a", "3.1", "3.N1", "x.1", "2.1", "99"]),
    st.text(max_size=40) | LINK,
)
FRONT_MATTER = st.fixed_dictionaries(
    {},
    optional={
        "number": st.integers(-5, 5) | st.text(max_size=5),
        "title": st.text(max_size=20),
        "slug": st.sampled_from(["extra", "turns", "cards", "Bad Slug", ""]),
        "related": st.lists(st.sampled_from(["turns", "cards", "nowhere"])),
    },
)
MARKDOWN = st.builds(
    lambda front, lines: "---\n" + yaml.safe_dump(front) + "---\n" + "\n".join(lines),
    FRONT_MATTER,
    st.lists(RULE_LINE | st.text(max_size=60) | st.just("## Notes"), max_size=8),
)
CONTENT = st.one_of(
    st.binary(max_size=600),
    st.text(max_size=600),
    nested(scalars).map(lambda data: yaml.safe_dump(data, allow_unicode=True)),
    MARKDOWN,
)


def snapshot() -> tuple[Any, ...]:
    """Everything load_game writes, in a comparable form."""
    return (
        list(Game.objects.values_list("slug", "name", "content_version", "loaded_at")),
        list(Topic.objects.values_list("game__slug", "slug", "number", "title")),
        list(Rule.objects.values_list("game__slug", "rule_id", "text_md")),
        list(Card.objects.values_list("game__slug", "slug", "effect_md")),
        list(Term.objects.values_list("game__slug", "slug")),
        list(Ruling.objects.values_list("game__slug", "slug", "answer_md")),
        Reference.objects.count(),
    )


@pytest.mark.django_db
@BOUNDED
@given(changes=st.lists(st.tuples(st.sampled_from(FILES), CONTENT), max_size=3))
def test_the_loader_fails_only_with_content_errors_and_changes_nothing(
    changes: list[tuple[str, str | bytes]],
) -> None:
    with tempfile.TemporaryDirectory() as root:
        if not Game.objects.filter(slug="demo").exists():
            load_game(write_game(Path(root) / "valid"))
        directory = write_game(Path(root))
        for relative, content in changes:
            path = directory / relative
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8", errors="surrogatepass")
        before = snapshot()

        try:
            load_game(directory, force=True)
        except ContentErrors as errors:
            assert errors.errors, "ContentErrors without a single error"
            assert snapshot() == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("relative", "text"),
    [
        ("game.yaml", "name: No slug\n"),
        ("game.yaml", "slug: Not A Slug\n"),
        ("cards/extra.yaml", "name: Extra\ntype: action\n"),
        ("cards/extra.yaml", "slug: Not A Slug\nname: Extra\n"),
        ("rulings/extra.yaml", "question: Who?\n"),
    ],
)
def test_a_missing_or_bad_slug_is_a_content_error(
    tmp_path: Path, relative: str, text: str
) -> None:
    directory = write_game(tmp_path)
    (directory / relative).write_text(text, encoding="utf-8")
    before = snapshot()

    with pytest.raises(ContentErrors):
        load_game(directory)
    assert snapshot() == before


@pytest.mark.django_db
def test_a_topic_file_that_is_not_utf8_is_a_content_error(tmp_path: Path) -> None:
    directory = write_game(tmp_path)
    (directory / "topics" / "003-extra.md").write_bytes(b"\x80\xff not UTF-8")

    with pytest.raises(ContentErrors):
        load_game(directory)


PLAYER = st.fixed_dictionaries(
    {"name": st.sampled_from(["Alice", "Bob", "", "Alice"]) | st.text(max_size=8)},
    optional={
        "hand": st.lists(
            st.sampled_from(["sabotage", "spy", "lucky-shot", "nope"]), max_size=4
        )
        | nested(json_scalars),
        "faction": st.text(max_size=8) | nested(json_scalars),
        "trade_goods": st.integers(-3, 10**30) | nested(json_scalars),
        "technologies": nested(json_scalars),
    },
)
STEP = st.fixed_dictionaries(
    {},
    optional={
        "player": st.sampled_from(["Alice", "Bob", "Carol"]),
        "play": st.sampled_from(["sabotage", "spy", "nope"]) | nested(json_scalars),
        "targets": nested(json_scalars),
        "advance": st.sampled_from(["status", "action", "agenda", "x"]),
        "pass": nested(json_scalars),
    },
)
SCENARIO = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["ti4", "chess", ""]) | nested(json_scalars),
        "seed": st.integers(-(2**70), 2**70) | nested(json_scalars),
        "phase": st.sampled_from(["action", "status", "x"]) | nested(json_scalars),
        "active_player": st.sampled_from(["Alice", "Bob", "Carol"]),
        "players": st.lists(PLAYER, max_size=9) | nested(json_scalars),
        "steps": st.lists(STEP, max_size=6) | nested(json_scalars),
        "decks": st.dictionaries(
            st.sampled_from(["action", "x"]), nested(json_scalars)
        ),
        "expect": st.lists(nested(json_scalars), max_size=3),
        "round": nested(json_scalars),
    },
)
ANY_JSON = SCENARIO | nested(json_scalars)


@BOUNDED
@given(data=ANY_JSON)
def test_the_scenario_parser_answers_a_scenario_or_a_scenario_error(
    data: Any,
) -> None:
    try:
        scenario = Scenario.parse(data)
    except ScenarioError as error:
        assert error.problems
        return
    assert Scenario.parse(scenario.dump()) == scenario


@pytest.mark.django_db
@settings(BOUNDED, max_examples=min(BOUNDED.max_examples, 25))
@given(data=ANY_JSON)
def test_the_oracle_api_never_fails_on_random_json(ti4: Game, data: Any) -> None:
    response = Client().post(
        "/api/v1/ti4/oracle/run/",
        data=json.dumps(data),
        content_type="application/json",
    )

    assert response.status_code in {200, 400}, response.content[:300]
