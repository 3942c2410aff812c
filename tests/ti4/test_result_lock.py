"""Results change only with the engine version (see tests/ti4/result_lock.py)."""

from __future__ import annotations

from oracle.engine import ENGINE_VERSION
from tests.ti4 import result_lock

RERECORD = "re-record with `.venv/bin/python -m tests.ti4.result_lock`"


def test_the_lock_was_recorded_by_this_engine_version() -> None:
    version = result_lock.recorded()["engine_version"]

    assert version == ENGINE_VERSION, (
        f"the results were recorded by engine {version}, this is {ENGINE_VERSION}: "
        + RERECORD
    )


def test_every_result_is_the_one_recorded_for_this_engine_version() -> None:
    locked = result_lock.recorded()["results"]

    now = result_lock.current()

    changed = sorted(name for name in now.keys() & locked if now[name] != locked[name])
    assert not changed, (
        f"{len(changed)} results changed under engine {ENGINE_VERSION} "
        f"(first: {changed[0]}): stored runs would keep the old answers. Bump "
        f"ENGINE_VERSION (oracle/engine/core/version.py) and {RERECORD}"
    )
    assert now.keys() == locked.keys(), f"scenarios added or removed: {RERECORD}"
