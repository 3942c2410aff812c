"""At most ``ORACLE_CONCURRENCY`` oracle runs at once on a node, across its
worker processes, so that workers remain for pages: a worst-case run keeps a
worker a good part of a second, and five of them at once used to hold every
worker of a node.

A slot is an exclusive ``flock`` on one of the files ``slot-<n>`` in
``ORACLE_SLOTS_DIR``; the kernel releases it when the run ends or its process
dies, so a crashed worker never keeps one. A run that finds every slot taken
is refused at once (``OracleBusy``), not made to wait: a sync worker that
waits is a worker lost to pages too.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings


class OracleBusy(Exception):
    """Every slot is taken: the client should try again in a moment."""

    retry_after = 1


@contextmanager
def oracle_slot() -> Iterator[None]:
    """Hold one of the node's slots for the body; raise ``OracleBusy`` when
    every slot is taken. ``ORACLE_CONCURRENCY = 0`` means no limit."""
    count = settings.ORACLE_CONCURRENCY
    if not count:
        yield
        return
    folder = Path(settings.ORACLE_SLOTS_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        descriptor = os.open(folder / f"slot-{number}", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            continue
        try:
            yield
        finally:
            os.close(descriptor)  # releases the lock
        return
    raise OracleBusy()
