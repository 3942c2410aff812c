"""The engine imports and runs with Django absent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
sys.modules["django"] = None
sys.modules["rest_framework"] = None
import oracle.engine
from tests.engine import synth
result = oracle.engine.run_scenario({"game": "synth", "players": [{"name": "Alice"}]})
assert result.ok
assert not any(name.startswith(("django", "rest_framework")) and sys.modules[name]
               for name in sys.modules)
print("ok")
"""


def test_engine_imports_without_django() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
