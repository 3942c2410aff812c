"""The oracle engine: a deterministic, explainable card-game rules engine.

Pure Python, standard library only, no Django. Packs (``oracle.games.<slug>``)
register themselves with ``register_pack``; ``run_scenario`` answers scenarios.

>>> from oracle.engine import ENGINE_VERSION
>>> ENGINE_VERSION.count(".")
2
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine.errors import (
    EngineStop,
    IllegalPlay,
    Problem,
    ScenarioError,
    UnknownCard,
)
from oracle.engine.game import Budget, Game
from oracle.engine.pack import Pack, RuleCheck, get_pack, packs, register_pack
from oracle.engine.result import Result
from oracle.engine.scenario import Scenario
from oracle.engine.version import ENGINE_VERSION


def run_scenario(data: Mapping[str, object], *, budget: Budget | None = None) -> Result:
    """Validate and run a scenario mapping; raise ``ScenarioError`` if malformed."""
    from oracle.engine.runner import run

    return run(Scenario.parse(data), budget=budget)


__all__ = [
    "ENGINE_VERSION",
    "Budget",
    "EngineStop",
    "Game",
    "IllegalPlay",
    "Pack",
    "Problem",
    "Result",
    "RuleCheck",
    "Scenario",
    "ScenarioError",
    "UnknownCard",
    "get_pack",
    "packs",
    "register_pack",
    "run_scenario",
]
