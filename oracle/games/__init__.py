"""Game packs: one subpackage per game (``oracle.games.<slug>``).

Each pack registers itself with ``oracle.engine.register_pack`` when imported.
``discover()`` imports every pack present; a pack folder without an
``__init__.py`` (work in progress) is skipped.
"""

from __future__ import annotations

import importlib
import pkgutil


def discover() -> list[str]:
    """Import every game pack subpackage so it registers; return their names."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
            found.append(info.name)
    return found
