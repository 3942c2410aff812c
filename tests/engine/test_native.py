"""The compiled engine (``oracle.native``): a build is used only when it was
made from the sources as they are, and the mode decides what runs."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

import oracle.engine.game
import oracle.games.ti4.state
from oracle import native


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the compiled packages' sources, as a project root."""
    for package in native.PACKAGES:
        source = native.package_dir(package)
        target = native.package_dir(package, tmp_path)
        target.mkdir(parents=True, exist_ok=True)
        for path in source.glob("*.py"):
            shutil.copy(path, target / path.name)
    return tmp_path


def built(root: Path, **changes: str) -> Path:
    """A build folder of ``root`` whose manifest is current, but for ``changes``."""
    build = root / "build" / "native"
    build.mkdir(parents=True)
    stamp = {**native.build_stamp(root), **changes}
    (build / "manifest.json").write_text(json.dumps(stamp))
    return build


def test_the_engine_runs_where_the_mode_says() -> None:
    modules = (oracle.engine.game, oracle.games.ti4.state)
    compiled = [Path(m.__file__ or "").is_relative_to(native.BUILD) for m in modules]
    assert compiled == [native.active()] * 2
    if native.mode() == "native":  # make test's first pass
        assert all(compiled)
        assert all(not (m.__file__ or "").endswith(".py") for m in modules)
    if native.mode() == "python":  # its second pass
        assert not any(compiled)


def test_the_compiled_modules_are_every_module_but_package_set_up() -> None:
    names = {path.name for path in native.compiled_sources()}
    assert {"game.py", "runner.py", "state.py", "responses.py"} <= names
    assert not names & {"__init__.py", "__main__.py"}


def test_a_build_of_the_current_sources_is_used(tree: Path) -> None:
    build = built(tree)
    assert native.unusable_reason(build, tree) is None
    assert native.choose("auto", build, tree) is True
    assert native.choose("native", build, tree) is True
    assert native.choose("python", build, tree) is False


def test_an_edited_source_makes_the_build_stale(tree: Path) -> None:
    build = built(tree)
    runner = native.package_dir("oracle.engine", tree) / "runner.py"
    runner.write_text(runner.read_text() + "\n# edited\n")
    reason = native.unusable_reason(build, tree)
    assert reason is not None and "older than its sources" in reason
    with pytest.warns(RuntimeWarning, match="Running the Python engine"):
        assert native.choose("auto", build, tree) is False
    with pytest.raises(native.NativeUnavailable, match="older than its sources"):
        native.choose("native", build, tree)


def test_a_package_set_up_edit_makes_the_build_stale_too(tree: Path) -> None:
    build = built(tree)
    init = native.package_dir("oracle.games.ti4", tree) / "__init__.py"
    init.write_text(init.read_text() + "\n# edited\n")
    assert "older than its sources" in (native.unusable_reason(build, tree) or "")


def test_a_build_for_another_python_is_not_used(tree: Path) -> None:
    build = built(tree, python="cpython-399")
    reason = native.unusable_reason(build, tree) or ""
    assert "built for cpython-399" in reason
    assert sys.implementation.cache_tag in reason


def test_without_a_build_auto_runs_python_quietly(
    tree: Path, recwarn: pytest.WarningsRecorder
) -> None:
    build = tree / "build" / "native"
    assert native.choose("auto", build, tree) is False
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]
    with pytest.raises(native.NativeUnavailable, match="no compiled engine"):
        native.choose("native", build, tree)


def test_an_unreadable_manifest_is_no_build(tree: Path) -> None:
    build = built(tree)
    (build / "manifest.json").write_text("{not json")
    assert "cannot be read" in (native.unusable_reason(build, tree) or "")
    (build / "manifest.json").write_text("[]")
    assert "not a build manifest" in (native.unusable_reason(build, tree) or "")


def test_an_unknown_mode_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.MODE_VARIABLE, "fast")
    with pytest.raises(ValueError, match="expected one of auto, python, native"):
        native.mode()
    monkeypatch.setenv(native.MODE_VARIABLE, "")
    assert native.mode() == "auto"
