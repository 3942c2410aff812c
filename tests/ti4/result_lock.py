"""The fingerprint of every full result the engine gives for the golden and
ruling scenarios, locked with the engine version that gave them.

Stored runs are answered again only when ``ENGINE_VERSION`` changes, so a
change to any result (a log line, a state field, a card id) must come with a new
version, or permalinks keep showing the old answer as current. The lock catches
both mistakes: results that changed under the same version, and a new version
whose results were not re-recorded. To re-record after bumping the version::

    .venv/bin/python -m tests.ti4.result_lock
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from oracle.engine import ENGINE_VERSION, run_scenario
from oracle.games import discover
from tests.ti4 import golden

LOCK = Path(__file__).resolve().parent / "results.lock.json"
RULINGS = golden.ROOT / "fixtures" / "ti4" / "rulings"


def scenarios() -> dict[str, dict[str, Any]]:
    """Every golden and ruling scenario, by its path in the repository."""
    found = {path: golden.load(path)["scenario"] for path in golden.files()}
    for path in sorted(RULINGS.glob("*.yaml")):
        data = golden.load(path)
        if data.get("scenario"):
            found[path] = data["scenario"]
    return {str(path.relative_to(golden.ROOT)): data for path, data in found.items()}


def fingerprint(scenario: dict[str, Any]) -> str:
    """The SHA-256 of a scenario's whole result as compact sorted JSON."""
    text = json.dumps(
        run_scenario(scenario).to_dict(),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def current() -> dict[str, str]:
    """The fingerprint of every scenario's result with the running engine."""
    return {name: fingerprint(data) for name, data in scenarios().items()}


def recorded() -> dict[str, Any]:
    """The lock file: the engine version and the fingerprints it recorded."""
    return json.loads(LOCK.read_text())  # type: ignore[no-any-return]


def main() -> None:
    discover()  # under pytest, Django's start-up registers the packs
    lock = {"engine_version": ENGINE_VERSION, "results": current()}
    LOCK.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    print(f"{LOCK.name}: {len(lock['results'])} results of engine {ENGINE_VERSION}")


if __name__ == "__main__":
    main()
