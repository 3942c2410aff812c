from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from django.db import connection

from rules.search import search
from rules.search.index import build_index


def test_two_builds_at_once_on_one_machine_both_succeed(
    ti4: Any, tmp_path: Path, settings: Any
) -> None:
    errors: list[str] = []
    folders = [tmp_path / "one", tmp_path / "two"]

    def build(folder: Path) -> None:
        try:
            build_index(force=True, directory=folder)
        except Exception as exc:  # pragma: no cover - the failure being tested
            errors.append(repr(exc))
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=build, args=(folder,)) for folder in folders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    for folder in folders:
        settings.SEARCH_INDEX_DIR = folder
        assert search("ti4", "sabotage").hits
