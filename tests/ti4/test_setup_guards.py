"""Set-up computes the persistent effects (the hand limit check needs them):
effects that never settle there stop the run under the runner's guards, with
``ok: false`` and the reason, rather than escaping it as an error."""

from __future__ import annotations

import itertools

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack
from oracle.engine import run_scenario
from oracle.engine.core.effects import View
from oracle.engine.flow import view


def test_effects_that_never_settle_at_set_up_stop_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    passes = itertools.count()

    def never_settles(game: object) -> View:
        return View(player_stats={"Alice": {"flicker": next(passes)}})

    monkeypatch.setattr(view, "_compute", never_settles)
    result = run_scenario(
        {
            "game": "ti4",
            "phase": "action",
            "players": [{"name": "Alice", "hand": ["sabotage"]}, {"name": "Bob"}],
            "steps": [{"player": "Bob", "pass": True}],
        }
    )
    assert result.ok is False
    assert result.error == "persistent effects do not settle after 12 passes"
    assert result.log[-1].event == "effect-loop"
    assert [s.status for s in result.steps] == ["rejected"]
