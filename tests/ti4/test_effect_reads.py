"""What the TI4 effects declare they read (``Persistent.reads``) is all they
read: the engine skips a recomputation of the effects when that is unchanged
and the view has settled, so a declaration that left something out would
silently leave a stale view.

Every golden scenario and every ruling scenario is run again checking each
skip: a pass made instead must give the very view kept. Run with no skip at
all, the results must be byte-identical.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import run_scenario
from oracle.engine.core.game import Game
from oracle.engine.flow import view

from .test_rule_checks import each_scenario


def test_the_hand_limit_rule_declares_what_it_reads() -> None:
    from oracle.games.ti4 import rules

    assert all(spec.reads_known for spec in rules.RULE_EFFECTS)


@each_scenario
def test_skipping_a_recomputation_changes_nothing(
    scenario: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    inputs = view._inputs
    skipped = []

    def checked(game: Game) -> tuple[object, ...] | None:
        found = inputs(game)
        if found is not None and found == game.view.inputs:
            skipped.append(found)
            assert view._compute(game) == game.view
        return found

    monkeypatch.setattr(view, "_inputs", checked)
    kept = run_scenario(scenario).to_json()
    assert skipped  # every TI4 run has events after its first recomputation
    monkeypatch.setattr(view, "_inputs", lambda game: None)
    assert run_scenario(scenario).to_json() == kept
