"""Builders for synthetic scenarios (plain functions, like tests/builders.py)."""

from __future__ import annotations

import copy
import re
from typing import Any

from oracle.engine import Result, run_scenario
from oracle.engine.io.result import CARD_DEFAULTS

from . import synth

PACK = synth.PACK
#: When a list, ``run`` appends every scenario it runs (the benchmark uses it).
RECORDED: list[dict[str, Any]] | None = None
_VERB = re.compile(r"^(\w+)('s)? (\w+)")


def player(name: str, **zones: Any) -> dict[str, Any]:
    """A player mapping: ``player("Alice", hand=["strike"], resources={"gold": 2})``."""
    return {"name": name, **zones}


def scenario(
    *players: dict[str, Any], steps: list[dict[str, Any]] | None = None, **fields: Any
) -> dict[str, Any]:
    """A synthetic scenario mapping (two empty players by default)."""
    seats = list(players) or [player("Alice"), player("Bob")]
    return {
        "game": "synth",
        "phase": "action",
        "players": seats,
        "steps": steps or [],
        **fields,
    }


def run(
    *players: dict[str, Any], steps: list[dict[str, Any]] | None = None, **fields: Any
) -> Result:
    """Run a synthetic scenario and check its log is in the house language."""
    data = scenario(*players, steps=steps, **fields)
    if RECORDED is not None:
        RECORDED.append(data)
    result = run_scenario(data)
    assert_house_style(result)
    return result


def assert_house_style(result: Result) -> None:
    """Player first, present tense, no final punctuation, in every log entry."""
    for entry in result.log:
        text = entry.message
        assert text == text.strip() and text[-1] not in ".!?", text
        if entry.player is None:
            continue
        found = _VERB.match(text)
        assert found and found.group(1) == entry.player, text
        verb = found.group(3)
        assert found.group(2) or verb.endswith("s") or verb == "cannot", text


def state(result: Result) -> dict[str, Any]:
    """The final state of a result."""
    return dict(result.state)


def cards(result: Result, slug: str) -> list[dict[str, Any]]:
    """The serialised cards with ``slug``, in creation order, with the fields a
    result leaves out for holding their default filled in."""
    found = state(result)["cards"].values()
    return [copy.deepcopy({**CARD_DEFAULTS, **c}) for c in found if c["slug"] == slug]


def card(result: Result, slug: str, n: int = 0) -> dict[str, Any]:
    """The ``n``-th serialised card with ``slug``."""
    return cards(result, slug)[n]


def strength(result: Result, slug: str, n: int = 0) -> int:
    """The computed strength of a card."""
    return int(card(result, slug, n)["stats"].get("strength", 0))


def messages(result: Result) -> list[str]:
    """The log messages in order."""
    return [e.message for e in result.log]


def statuses(result: Result) -> list[str]:
    """The status of every step."""
    return [s.status for s in result.steps]


def gold(result: Result, name: str) -> int:
    """A player's gold at the end."""
    return int(state(result)["players"][name]["resources"].get("gold", 0))
