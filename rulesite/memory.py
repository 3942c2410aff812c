"""A worker's memory: measure it, and hand freed memory back to the system.

CPython frees large buffers (a rendered page, a result) to the C allocator,
which keeps them for reuse; after a burst of large requests a worker stayed at
its peak until recycled. Two glibc calls (through ctypes; elsewhere they do
nothing): a fixed mmap threshold, so that every buffer over 128 KiB is mapped
on its own and unmapped when freed (glibc otherwise raises the threshold after
such frees, and large buffers then fragment the heap), and ``malloc_trim``
after a request that left the worker ``TRIM_STEP_MB`` larger than at its last
trim.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

TRIM_STEP_MB = 16.0
MMAP_THRESHOLD = 128 * 1024
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
_PAGE_BYTES = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _glibc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    if libc is None or not hasattr(libc, "malloc_trim"):
        return None
    return libc


_LIBC = _glibc()
_trimmed_at = 0.0


def rss_mb() -> float:
    """The resident memory of this process in MB (10^6 bytes), 0 off Linux."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * _PAGE_BYTES / 1e6


def fix_mmap_threshold() -> None:
    """Map every buffer over ``MMAP_THRESHOLD`` on its own (see above)."""
    if _LIBC is not None:
        _LIBC.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def trim_if_grown() -> float:
    """Trim the C heap when the process grew ``TRIM_STEP_MB`` since the last
    trim; return the resident size (after any trim)."""
    global _trimmed_at
    size = rss_mb()
    if _LIBC is not None and size > _trimmed_at + TRIM_STEP_MB:
        _LIBC.malloc_trim(0)
        size = rss_mb()
        _trimmed_at = size
    return size
