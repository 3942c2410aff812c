"""All Whoosh use sits behind one module."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
WHOOSH_IMPORT = re.compile(r"^\s*(?:from|import)\s+whoosh\b", re.MULTILINE)


def test_only_the_search_index_package_imports_whoosh() -> None:
    importers = {
        path.relative_to(ROOT).as_posix()
        for package in ("rules", "rulesite", "oracle")
        for path in (ROOT / package).rglob("*.py")
        if WHOOSH_IMPORT.search(path.read_text(encoding="utf-8"))
    }

    assert importers
    assert all(path.startswith("rules/search/index/") for path in importers), importers
