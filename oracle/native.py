"""The compiled engine: the oracle engine and the TI4 pack built with mypyc
(``python -m oracle.native_build``, run by ``make``) into ``build/native/``.

The compiled modules live beside the sources, not in place of them: each
compiled package puts ``build/native/<package>`` first on its ``__path__``
(``extend``), so the same tree runs compiled or as plain Python. Which one is
chosen once per process, by ``RULESITE_ENGINE``:

- ``auto`` (the default): compiled when a build exists and was made from the
  sources as they are now, for this Python; otherwise Python, with a warning
  when a build exists but is stale (a build older than an edit is never used).
- ``python``: always the Python modules (tests that patch engine functions,
  debugging).
- ``native``: compiled, or an ``ImportError`` saying why not (``make test``
  uses it, so that the suite cannot quietly test the Python engine instead).

No Django here: the engine imports this module.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import sysconfig
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "native"
MANIFEST = BUILD / "manifest.json"
MODE_VARIABLE = "RULESITE_ENGINE"
MODES = ("auto", "python", "native")
#: The packages whose modules are compiled (their ``__init__`` is not).
PACKAGES = ("oracle.engine", "oracle.games.ti4", "oracle.games.ti4.cards")
#: The modules left as Python: package set-up and the command-line entry.
NOT_COMPILED = frozenset({"__init__.py", "__main__.py"})
#: mypyc's name for the compiled modules' shared library is ``GROUP__mypyc``.
GROUP = "rulesite_native"


class NativeUnavailable(ImportError):
    """``RULESITE_ENGINE=native`` and the compiled engine cannot be used."""


def package_dir(package: str, root: Path = ROOT) -> Path:
    return root.joinpath(*package.split("."))


def compiled_sources(root: Path = ROOT) -> list[Path]:
    """Return the source files mypyc compiles, sorted."""
    found = []
    for package in PACKAGES:
        found += [
            path
            for path in package_dir(package, root).glob("*.py")
            if path.name not in NOT_COMPILED
        ]
    return sorted(found)


def source_digest(root: Path = ROOT) -> str:
    """Return a digest of every Python file of the compiled packages, the
    package set-up included (it decides what the compiled modules import)."""
    digest = hashlib.sha256()
    for package in PACKAGES:
        for path in sorted(package_dir(package, root).glob("*.py")):
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def build_stamp(root: Path = ROOT) -> dict[str, str]:
    """Return what a build must match to be used: the sources, and the Python
    whose extension modules it made."""
    return {
        "sources": source_digest(root),
        "python": sys.implementation.cache_tag,
        "extension_suffix": str(sysconfig.get_config_var("EXT_SUFFIX")),
    }


def unusable_reason(build: Path = BUILD, root: Path = ROOT) -> str | None:
    """Return why the build in ``build`` cannot be used, or None if it can."""
    manifest = build / "manifest.json"
    try:
        recorded = json.loads(manifest.read_text())
    except FileNotFoundError:
        return f"there is no compiled engine ({manifest} is missing; run `make native`)"
    except (OSError, ValueError) as error:
        return f"{manifest} cannot be read ({error}); run `make native`"
    if not isinstance(recorded, dict):
        return f"{manifest} is not a build manifest; run `make native`"
    expected = build_stamp(root)
    if recorded.get("sources") != expected["sources"]:
        return "the compiled engine is older than its sources; run `make native`"
    if (
        recorded.get("python") != expected["python"]
        or recorded.get("extension_suffix") != expected["extension_suffix"]
    ):
        return (
            f"the compiled engine was built for {recorded.get('python')}, "
            f"not this {expected['python']}; run `make native`"
        )
    return None


def mode() -> str:
    """Return ``RULESITE_ENGINE`` (``auto`` when unset); ValueError if unknown."""
    value = os.environ.get(MODE_VARIABLE, "") or "auto"
    if value not in MODES:
        expected = ", ".join(MODES)
        raise ValueError(f"{MODE_VARIABLE}={value!r}: expected one of {expected}")
    return value


def choose(chosen: str, build: Path = BUILD, root: Path = ROOT) -> bool:
    """Return whether mode ``chosen`` runs the compiled engine in ``build``;
    ``NativeUnavailable`` if it must and cannot."""
    if chosen == "python":
        return False
    reason = unusable_reason(build, root)
    if reason is None:
        return True
    if chosen == "native":
        raise NativeUnavailable(f"{MODE_VARIABLE}=native, but {reason}")
    if (build / "manifest.json").exists():
        warnings.warn(
            f"Running the Python engine: {reason}.", RuntimeWarning, stacklevel=2
        )
    return False


@functools.cache
def active() -> bool:
    """Return whether this process runs the compiled engine (decided once)."""
    return choose(mode())


def extend(package: str, path: list[str]) -> list[str]:
    """Return ``path`` (a compiled package's ``__path__``) with the compiled
    modules' folder first when the compiled engine is used."""
    if not active():
        return path
    if str(BUILD) not in sys.path:  # where the shared library is
        sys.path.append(str(BUILD))
    return [str(package_dir(package, BUILD)), *path]
