"""Every refusal the oracle gives cites at least one rule id: a refused step in
any golden or ruling scenario names the rule that refuses it."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import run_scenario

from .test_rule_checks import SCENARIOS


@pytest.mark.parametrize(
    "scenario", [s for _, s in SCENARIOS], ids=[n for n, _ in SCENARIOS]
)
def test_every_refused_step_cites_a_rule(scenario: dict[str, Any]) -> None:
    result = run_scenario(scenario)
    uncited = [
        (step.index, step.reason)
        for step in result.steps
        if step.status == "rejected" and not step.rules
    ]
    assert uncited == []
