"""Giving the memory of a large message back once it is handled, in a long-running process.

glibc's allocator serves a large block (a megabyte line, a flood of header fields) from
its own mapping and unmaps it when freed, but the first such free raises its threshold for
"large" (up to 32 MiB): later large blocks then come from the heap, where the small objects
allocated around them keep the heap from shrinking. The resident memory of a service that
meets a large message now and then so climbs by tens of MiB each time and never comes
down. Fixing the threshold at glibc's default keeps large blocks in their own mappings, so
their memory goes back to the system as soon as a message is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter number (malloc.h)."""
LARGE_BLOCK = 128 * 1024
"""glibc's default threshold, kept instead of raised."""


def keep_large_blocks_returnable() -> bool:
    """Fix glibc's mmap threshold for this process; False where there is no glibc."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
    except (OSError, AttributeError):  # not glibc (musl has no mallopt): nothing to fix
        return False
