"""Large blocks freed go back to the system once the allocator's threshold is fixed
(``referee.memory``), so a service's memory does not climb with each large message."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

# Forty MiB of large blocks, each followed by a small one that stays, then the large ones
# freed: prints how many MiB the process still holds of them.
HELD_AFTER_FREEING = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from referee.memory import keep_large_blocks_returnable

    def resident_mib():
        return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / (1 << 20)

    if sys.argv[1] == "fixed":
        assert keep_large_blocks_returnable()
    first = bytearray(2 << 20)
    del first  # a large block freed: glibc then raises its threshold for large blocks
    before = resident_mib()
    large, small = [], []
    for _ in range(20):
        large.append(bytearray(2 << 20))
        small.append(bytearray(4096))
    del large
    print(round(resident_mib() - before))
    """
)


def _held(mode: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", HELD_AFTER_FREEING, mode],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return int(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator only")
def test_large_blocks_freed_are_given_back_once_the_threshold_is_fixed() -> None:
    assert _held("default") >= 30  # what a long run met: memory kept after each large message
    assert _held("fixed") <= 5
