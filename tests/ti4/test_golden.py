"""Every golden scenario gives the expected answer, and the same answer twice."""

from __future__ import annotations

from pathlib import Path

import pytest

import oracle.games.ti4  # noqa: F401 - registers the pack

from . import golden

FILES = golden.files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_scenario_answers_as_expected(path: Path) -> None:
    data = golden.load(path)
    result = golden.run(data)
    assert golden.problems(data, result) == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_scenario_is_deterministic(path: Path) -> None:
    data = golden.load(path)
    assert golden.run(data).to_json() == golden.run(data).to_json()


def test_there_are_golden_scenarios() -> None:
    assert len(FILES) >= 40
