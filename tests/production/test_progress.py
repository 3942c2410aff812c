"""Long commands show progress to a person at a terminal, and nothing in a log."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("command", "label"),
    [
        (["build_search_index", "--force", "--directory"], "Building the search index"),
        (["load_content", "ti4", "--force", "--no-index"], "Loading ti4"),
        (["verify_rulings", "ti4"], "Verifying the rulings"),
    ],
)
def test_long_commands_show_progress_on_a_terminal(
    ti4: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: list[str],
    label: str,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    terminal = Terminal()
    if command[-1] == "--directory":
        command = [*command, str(tmp_path)]

    call_command(*command, stdout=io.StringIO(), stderr=terminal)

    assert label in terminal.getvalue()
    assert terminal.getvalue().endswith(" s\n")


@pytest.mark.parametrize("ci", [None, "true"])
def test_logs_get_no_progress(
    ti4: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ci: str | None
) -> None:
    stream: io.StringIO = io.StringIO()
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
        stream = Terminal()

    call_command(
        "build_search_index",
        "--force",
        f"--directory={tmp_path}",
        stdout=io.StringIO(),
        stderr=stream,
    )

    assert stream.getvalue() == ""
