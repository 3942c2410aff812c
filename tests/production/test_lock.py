"""The dependency lock (requirements/*.txt, written by `make lock`): every
package the project installs has one exact version and the hashes of its files,
inside the ranges pyproject.toml allows, and the environment running the tests
is exactly the lock."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "requirements" / "runtime.txt"
DEV = ROOT / "requirements" / "dev.txt"
BUILD = ROOT / "requirements" / "build.in"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}\b")


@dataclass
class Pin:
    version: Version
    hashes: list[str] = field(default_factory=list)


def read_lock(path: Path) -> dict[NormalizedName, Pin]:
    pins: dict[NormalizedName, Pin] = {}
    current: Pin | None = None
    for line in path.read_text().splitlines():
        if match := PIN.match(line):
            current = Pin(Version(match[2]))
            pins[canonicalize_name(match[1])] = current
        elif line.startswith((" ", "\t")) and current is not None:
            current.hashes += HASH.findall(line)
        elif line.strip() and not line.lstrip().startswith("#"):
            raise AssertionError(f"{path.name}: not an exact pin: {line!r}")
    return pins


def project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def runtime_requirements() -> list[Requirement]:
    return [Requirement(text) for text in project()["project"]["dependencies"]]  # type: ignore[index]


def dev_requirements() -> list[Requirement]:
    extras = project()["project"]["optional-dependencies"]  # type: ignore[index]
    return [Requirement(text) for text in extras["dev"]]


def build_requirements() -> list[Requirement]:
    return [Requirement(text) for text in project()["build-system"]["requires"]]  # type: ignore[index]


def extra_requirements(requirement: Requirement) -> list[Requirement]:
    """What ``name[extra]`` adds to ``name``, from the installed metadata."""
    added = []
    for text in metadata.requires(requirement.name) or []:
        needed = Requirement(text)
        if needed.marker and any(
            needed.marker.evaluate({"extra": extra}) for extra in requirement.extras
        ):
            added.append(needed)
    return added


@pytest.mark.parametrize(
    ("lock", "requirements"),
    [
        (RUNTIME, runtime_requirements),
        (DEV, lambda: runtime_requirements() + dev_requirements()),
    ],
    ids=["runtime", "dev"],
)
def test_every_dependency_is_pinned_inside_its_range(
    lock: Path, requirements: object
) -> None:
    pins = read_lock(lock)
    wanted = requirements() + build_requirements()  # type: ignore[operator]
    wanted += [extra for req in wanted for extra in extra_requirements(req)]

    problems = []
    for requirement in wanted:
        pin = pins.get(canonicalize_name(requirement.name))
        if pin is None:
            problems.append(f"{requirement.name} is not in {lock.name}")
        elif not requirement.specifier.contains(pin.version, prereleases=True):
            problems.append(
                f"{requirement.name}=={pin.version} is outside {requirement}"
            )
    assert not problems


@pytest.mark.parametrize("lock", [RUNTIME, DEV], ids=["runtime", "dev"])
def test_every_pin_has_hashes(lock: Path) -> None:
    pins = read_lock(lock)

    assert {"django", "pip", "setuptools"} <= set(pins)
    assert [name for name, pin in pins.items() if not pin.hashes] == []


def test_runtime_and_dev_locks_agree() -> None:
    runtime, dev = read_lock(RUNTIME), read_lock(DEV)

    assert set(runtime) <= set(dev)
    assert {name: dev[name].version for name in runtime} == {
        name: pin.version for name, pin in runtime.items()
    }


def test_the_lock_builds_the_project_with_the_backend_pyproject_asks_for() -> None:
    listed = [
        Requirement(line)
        for line in BUILD.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]

    by_name = {canonicalize_name(req.name): req.specifier for req in listed}
    for requirement in build_requirements():
        assert by_name[canonicalize_name(requirement.name)] == requirement.specifier


def test_the_installed_packages_are_the_pinned_ones() -> None:
    pins = read_lock(DEV)
    installed = {
        canonicalize_name(dist.metadata["Name"]): Version(dist.version)
        for dist in metadata.distributions()
    }

    differing = {
        name: (str(pin.version), str(installed.get(name)))
        for name, pin in pins.items()
        if installed.get(name) != pin.version
    }
    assert not differing, "run `make setup-dev` to install the lock"
