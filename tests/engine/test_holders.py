"""Cards in play outside ``play``, attachment restrictions, hand events, a
pack's own steps and game objects that are not cards."""

from __future__ import annotations

from oracle.engine import Result

from .helpers import card, messages, run, state, statuses


def _on_manor(slug: str) -> dict[str, object]:
    return {
        "player": "Alice",
        "play": slug,
        "targets": {"target": "Alice/manor@estate"},
    }


def test_basic_game_actions_count_the_packs_in_play_zones_as_in_play() -> None:
    # The scenario's ``exhausted`` holds in the estate, a zone the synthetic
    # pack counts as in play; the basic game actions reach the card there.
    manor = {"card": "manor", "exhausted": True}
    board = {"name": "Alice", "hand": ["rouse", "bow", "tithe", "pennant"]}
    result = run(
        {**board, "estate": [manor]},
        {"name": "Bob"},
        steps=[
            _on_manor("rouse"),
            _on_manor("bow"),
            _on_manor("tithe"),
            {
                "player": "Alice",
                "use": "pennant",
                "targets": {"target": "Alice/manor@estate"},
            },
        ],
    )
    assert statuses(result) == ["accepted"] * 4
    log = messages(result)
    assert "Alice readies Manor" in log
    assert "Alice exhausts Manor" in log
    assert "Alice places 1 gold token on Manor" in log
    assert "Alice attaches Pennant to Manor" in log
    manor_now = card(result, "manor")
    assert manor_now["zone"] == "estate"
    assert manor_now["exhausted"] is True
    assert manor_now["tokens"] == {"gold": 1}
    assert len(manor_now["attachments"]) == 1
    assert card(result, "pennant")["parent"] == _id(result, "manor")
    assert state(result)["players"]["Alice"]["estate"] == ["manor"]


def _id(result: Result, slug: str) -> str:
    return next(i for i, c in state(result)["cards"].items() if c["slug"] == slug)
