"""Keywords and traits: printed ones and those effects give, asked as one."""

from __future__ import annotations

from oracle.engine import Result

from .helpers import player, run, statuses

JOUST = {"player": "Alice", "play": "joust"}


def _offered(result: Result) -> tuple[str, ...]:
    (decision,) = [d for d in result.decisions if d.window == "target:target"]
    return tuple(decision.options)


def test_keyword_query_answers_printed_and_granted_keywords_together() -> None:
    result = run(
        player(
            "Alice",
            hand=["joust"],
            play=["knight", "soldier", "peasant", "squire-hall"],
        ),
        steps=[JOUST],
    )
    assert statuses(result) == ["accepted"]
    # The Knight's trait is printed; the Soldier's is given by Squire Hall.
    assert _offered(result) == ("Alice/knight", "Alice/soldier")


def test_keyword_query_without_the_granting_effect_sees_printed_keywords_only() -> None:
    result = run(
        player("Alice", hand=["joust"], play=["knight", "soldier", "peasant"]),
        steps=[JOUST],
    )
    assert _offered(result) == ("Alice/knight",)
