"""The command line runs JSON scenario files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.engine.__main__ import main
from oracle.engine.core.scenario import Scenario
from oracle.engine.io.runner import build_game
from oracle.engine.play.windows import legal_actions

from .helpers import player, scenario


def test_cli_runs_a_scenario_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(
            scenario(
                player("Alice", play=["well"]),
                steps=[{"player": "Alice", "use": "well"}],
            )
        )
    )
    assert main(["run", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["state"]["players"]["Alice"]["resources"] == {"gold": 1}


def test_cli_reports_bad_input_with_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"game": "synth", "players": [{"name": 3}]}))
    assert main(["run", str(path)]) == 2
    err = json.loads(capsys.readouterr().err)
    assert err["problems"] == [
        {"path": "/players/0/name", "message": "must be a non-empty string"}
    ]


def test_legal_actions_lists_what_each_player_may_use_now() -> None:
    game = build_game(
        Scenario.parse(
            scenario(
                player(
                    "Alice",
                    play=["well", "drill", {"card": "rest", "exhausted": True}],
                    hand=["strike"],
                ),
                player("Bob", play=["soldier"], hand=["block"]),
            )
        )
    )
    assert [o.label for o in legal_actions(game)] == [
        "Alice/strike@hand",
        "Alice/well",
    ]
    assert legal_actions(game, "Bob") == []
