"""``manage.py oracle run FILE``: a readable answer or the result JSON; exit
status 0 when the scenario ran, 2 when the input is malformed."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]


def run_command(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("oracle", "run", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def write(tmp_path: Path, data: object, name: str = "scenario.yaml") -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def test_prints_a_readable_answer(tmp_path: Path, scenario: Any) -> None:
    out, _ = run_command(write(tmp_path, scenario))

    lines = out.splitlines()
    assert lines[0] == "Accepted: all 2 steps"
    assert "  1. Alice plays Spy targeting Bob: accepted" in lines
    assert "Log" in lines and "Decisions" in lines
    assert any("Sabotage" in line and "[" in line for line in lines)


def test_a_rejected_step_is_an_answer_with_its_rules(
    tmp_path: Path, scenario: Any
) -> None:
    scenario["steps"] = [{"player": "Bob", "play": "sabotage"}]

    out, _ = run_command(write(tmp_path, scenario))

    first = out.splitlines()[0]
    assert first.startswith("Rejected: ")
    assert " — rule" in first


def test_prints_the_result_json(tmp_path: Path, scenario: Any) -> None:
    out, _ = run_command(write(tmp_path, scenario, "s.json"), "--json")

    result = json.loads(out)
    assert result["ok"] is True
    assert [s["status"] for s in result["steps"]] == ["accepted", "accepted"]


def test_prints_each_problem_and_exits_2(tmp_path: Path, scenario: Any) -> None:
    scenario["players"][1]["hand"] = ["sabotge"]
    scenario["seed"] = "x"
    err = StringIO()

    with pytest.raises(CommandError) as info:
        call_command("oracle", "run", write(tmp_path, scenario), stderr=err)

    assert info.value.returncode == 2
    assert set(err.getvalue().splitlines()) == {
        "/seed: must be an integer",
        "/players/1/hand/0: unknown card 'sabotge'; did you mean 'sabotage'?",
    }


def test_an_unimplemented_card_exits_2_naming_it(
    tmp_path: Path, scenario: Any, unimplemented: str
) -> None:
    scenario["players"][0]["hand"] = [unimplemented]
    scenario["steps"] = [{"player": "Alice", "play": unimplemented}]
    err = StringIO()

    with pytest.raises(CommandError) as info:
        call_command("oracle", "run", write(tmp_path, scenario), stderr=err)

    assert info.value.returncode == 2
    assert "does not implement" in err.getvalue()
    assert "/steps/0/play: " in err.getvalue()


def test_a_file_that_is_not_yaml_exits_2_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("game: ti4\nplayers: [\n  {name: Alice\n", encoding="utf-8")

    with pytest.raises(CommandError) as info:
        run_command(str(path))

    assert info.value.returncode == 2
    assert str(info.value).startswith(f"{path}:")


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    with pytest.raises(CommandError) as info:
        run_command(str(tmp_path / "nowhere.yaml"))

    assert info.value.returncode == 2


def test_the_exit_status_from_a_shell(tmp_path: Path, scenario: Any) -> None:
    good = write(tmp_path, scenario, "good.yaml")
    bad = write(tmp_path, {"game": "ti4"}, "bad.yaml")

    def status(path: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "manage.py", "oracle", "run", path],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )

    ran, refused = status(good), status(bad)

    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("Accepted")
    assert refused.returncode == 2
    assert "/players: is required" in refused.stderr


def test_reads_the_scenario_of_a_ruling_file(tmp_path: Path, scenario: Any) -> None:
    ruling = {"slug": "spy-and-sabotage", "question": "?", "scenario": scenario}

    out, _ = run_command(write(tmp_path, ruling))

    assert out.startswith("Accepted: all 2 steps")


def test_problems_in_a_ruling_file_point_into_its_scenario(
    tmp_path: Path, scenario: Any
) -> None:
    scenario["players"][0]["hand"] = ["spyy"]
    err = StringIO()

    with pytest.raises(CommandError):
        call_command(
            "oracle", "run", write(tmp_path, {"scenario": scenario}), stderr=err
        )

    assert "/scenario/players/0/hand/0: unknown card 'spyy'" in err.getvalue()
