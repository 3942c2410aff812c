"""`make test` runs the shared own-words checker over fixtures/ (`make
own-words`): a copied run fails the build, and a machine without the checker
is told it was skipped rather than failing."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Stands in for ../shared/tools/verbatim-check, whose data the repository does not
# hold: it flags every file under the folder it is given that holds COPIED.
FAKE_CHECKER = """\
import pathlib, sys
hits = [p for p in pathlib.Path(sys.argv[1]).rglob("*") if p.is_file()
        and "COPIED" in p.read_text()]
for path in hits:
    print(f"{path}:1: 12 words copied")
sys.exit(1 if hits else 0)
"""

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def own_words(checker: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            "make",
            "--no-print-directory",
            "-f",
            str(ROOT / "Makefile"),
            "own-words",
            f"VERBATIM_CHECK={checker}",
            f"PYTHON={sys.executable}",
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_it_fails_when_the_checker_flags_copied_wording(tmp_path: Path) -> None:
    checker = tmp_path / "verbatim-check"
    checker.write_text(FAKE_CHECKER)
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "card.yaml").write_text("effect: COPIED\n")

    result = own_words(checker, tmp_path)

    assert result.returncode != 0
    assert "card.yaml:1: 12 words copied" in result.stdout


def test_it_passes_when_nothing_is_copied(tmp_path: Path) -> None:
    checker = tmp_path / "verbatim-check"
    checker.write_text(FAKE_CHECKER)
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "card.yaml").write_text("effect: our own words\n")

    assert own_words(checker, tmp_path).returncode == 0


def test_it_skips_with_a_notice_where_the_checker_is_absent(tmp_path: Path) -> None:
    result = own_words(tmp_path / "absent", tmp_path)

    assert result.returncode == 0
    assert "own-words: skipped" in result.stdout


def test_it_is_a_step_of_make_test() -> None:
    makefile = (ROOT / "Makefile").read_text()
    steps = re.search(r"^test:(.*)$", makefile, re.MULTILINE)

    assert steps is not None and "own-words" in steps[1].split()
