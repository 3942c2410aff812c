"""The oracle engine: a deterministic, explainable card-game rules engine.

Pure Python, standard library only, no Django. Packs (``oracle.games.<slug>``)
register themselves with ``register_pack``; ``run_scenario`` answers scenarios.

Four layers, each importing only those below it (docs/ENGINE.md):
``core`` (state and values) <- ``flow`` (the event pipeline and game actions)
<- ``play`` (windows, using abilities, periods) <- ``io`` (running scenarios).

>>> from oracle.engine import ENGINE_VERSION
>>> ENGINE_VERSION.count(".")
2
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine.core.errors import (
    EngineStop,
    IllegalPlay,
    Problem,
    ScenarioError,
    UnknownCard,
)
from oracle.engine.core.game import Budget, Game
from oracle.engine.core.pack import Pack, RuleCheck, get_pack, packs, register_pack
from oracle.engine.core.scenario import Scenario
from oracle.engine.core.version import ENGINE_VERSION
from oracle.engine.io.result import Result
from oracle.engine.io.runner import run


def run_scenario(data: Mapping[str, object], *, budget: Budget | None = None) -> Result:
    """Validate and run a scenario mapping; raise ``ScenarioError`` if malformed."""
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
    "run",
    "run_scenario",
]
