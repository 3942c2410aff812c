"""Compile the oracle engine and the TI4 pack with mypyc into ``build/native/``.

    python -m oracle.native_build [--jobs N]

``make`` runs it whenever a source of the compiled packages changed. The build
goes to a fresh folder that replaces ``build/native/`` only once it is
complete, so a failed or interrupted build leaves the last good one, or none;
its manifest (``oracle.native.build_stamp``) says which sources and which
Python it was made from. See ``oracle.native`` for how it is used.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

from oracle import native

#: The shared library of the compiled modules is ``<GROUP>__mypyc``, a
#: top-level module in ``build/native`` (``oracle.native.extend`` finds it).
GROUP = native.GROUP


def build(jobs: int) -> Path:
    """Compile every module of ``native.compiled_sources`` and install the
    result as ``native.BUILD``; return it."""
    # mypyc is part of mypy, a build requirement (requirements/build.in).
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    stamp = native.build_stamp()
    work = native.BUILD.with_name("native-work")
    shutil.rmtree(work, ignore_errors=True)
    os.chdir(native.ROOT)  # module names come from the paths, relative to here
    sources = [str(path.relative_to(native.ROOT)) for path in native.compiled_sources()]
    extensions = mypycify(
        sources,
        opt_level="3",
        multi_file=True,  # one C file per module, compiled in parallel
        group_name=GROUP,
        target_dir=str(work / "c"),
    )
    setup(
        name="rulesite-native",
        ext_modules=extensions,
        script_args=[
            "--quiet",
            "build_ext",
            f"--build-lib={work / 'lib'}",
            f"--build-temp={work / 'objects'}",
            f"--parallel={jobs}",
        ],
    )
    (work / "lib" / "manifest.json").write_text(json.dumps(stamp, indent=2) + "\n")
    old = native.BUILD.with_name("native-old")
    shutil.rmtree(old, ignore_errors=True)
    if native.BUILD.exists():
        native.BUILD.rename(old)
    (work / "lib").rename(native.BUILD)
    shutil.rmtree(old, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
    return native.BUILD


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="parallel C compilers"
    )
    args = parser.parse_args()
    started = time.monotonic()
    if native.unusable_reason() is None:
        print(f"The compiled engine in {native.BUILD} is up to date.")
        return
    try:
        built = build(max(1, args.jobs))
    except SystemExit as failed:  # setuptools reports a compiler error this way
        sys.exit(f"Compiling the engine failed: {failed}")
    took = time.monotonic() - started
    count = len(native.compiled_sources())
    print(f"Compiled {count} modules into {built} in {took:.0f} s.")


if __name__ == "__main__":
    main()
