"""A pack rule that counts each attachment's printed stats toward its parent."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from oracle.engine import Pack, register_pack, run_scenario
from oracle.engine.core.cards import CardDef
from oracle.engine.core.effects import attachment_stats
from oracle.engine.core.pack import unregister_pack

#: A pack of its own: the rule is in force in every game of a pack, and the
#: synthetic pack's attachments declare their bonuses instead.
SLUG = "synth-attached"


@pytest.fixture(autouse=True)
def attached_pack() -> Iterator[Pack]:
    pack = Pack(
        SLUG,
        cards=[
            CardDef("knight", "Knight", "unit", {"strength": 2, "defense": 1}),
            CardDef("spear", "Spear", "attachment", {"strength": 1}),
            CardDef("shield", "Shield", "attachment", {"defense": 2, "weight": 3}),
        ],
        phases=("action",),
        rule_effects=(attachment_stats("strength", "defense"),),
    )
    yield register_pack(pack)
    unregister_pack(SLUG)


def _stats(play: list[Any]) -> dict[str, int]:
    result = run_scenario(
        {
            "game": SLUG,
            "players": [{"name": "Alice", "play": play}, {"name": "Bob"}],
        }
    )
    (knight,) = [c for c in result.state["cards"].values() if c["slug"] == "knight"]
    return dict(knight["stats"])


def test_attachment_printed_stats_count_toward_the_parent_without_a_declaration() -> (
    None
):
    armed = _stats([{"card": "knight", "attachments": ["spear", "shield"]}])
    # Only the stats the rule names: the Shield's weight stays its own.
    assert armed == {"strength": 3, "defense": 3}


def test_attachment_printed_stats_stay_with_the_attachment_once_it_is_apart() -> None:
    apart = _stats(["knight", "spear", "shield"])
    assert apart == {"strength": 2, "defense": 1}
