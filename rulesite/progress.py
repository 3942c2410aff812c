"""Progress of long management commands: a line that ticks on a terminal, and
nothing at all in a log (not a terminal, or ``CI`` set), where a ticking line
would only be noise."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

TICK_SECONDS = 0.2


def is_interactive(stream: Any) -> bool:
    """Whether ``stream`` (a file or Django's OutputWrapper) is a terminal that
    a person watches: a TTY, outside CI."""
    if os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}:
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@contextmanager
def activity(stream: Any, label: str, *, enabled: bool = True) -> Iterator[None]:
    """Show ``label…`` with the seconds spent while the block runs, then how
    long it took; on a stream that is not interactive, show nothing."""
    if not (enabled and is_interactive(stream)):
        yield
        return
    out: TextIO = getattr(stream, "_out", stream)  # past OutputWrapper's endings
    started = time.monotonic()
    done = threading.Event()

    def tick() -> None:
        while not done.wait(TICK_SECONDS):
            out.write(f"\r{label}… {time.monotonic() - started:.1f} s")
            out.flush()

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        out.write(f"\r{label}… {time.monotonic() - started:.1f} s\n")
        out.flush()
