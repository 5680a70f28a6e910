"""Progress of long work: a bar on a terminal, a log line now and then otherwise.

A bar is drawn only where a person watches (stderr is a terminal): written into a
redirected file it would be thousands of carriage returns. Elsewhere (a service's journal,
a cron job's log) a line is logged every ``every`` seconds, and a last one at the end if
any was, so a long run is never silent and a short one adds nothing.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, TextIO

log = logging.getLogger("referee.progress")
# Told without -v: a long silent run is what these lines exist to prevent.
log.setLevel(logging.INFO)


class Progress:
    """Counts ``total`` units of work named ``label``; ``update(n)`` as they are done."""

    def __init__(
        self,
        label: str,
        total: int,
        *,
        enabled: bool = True,
        unit: str = "message",
        every: float = 10.0,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.every = every
        self.clock = clock
        self.done = 0
        self.started = clock()
        self.last_told = self.started
        self.told = False
        self.bar: Any = None
        self.enabled = enabled and total > 0
        stream = stream if stream is not None else sys.stderr
        if self.enabled and _is_terminal(stream):
            from tqdm import tqdm  # only where a bar is drawn

            self.bar = tqdm(total=total, file=stream, unit=unit[:3], desc=label)

    def update(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(count)
            return
        now = self.clock()
        if now - self.last_told >= self.every:
            self.last_told = now
            self.told = True
            log.info("%s", self.line(now))

    def line(self, now: float) -> str:
        elapsed = now - self.started
        share = self.done / self.total if self.total else 1.0
        text = (
            f"{self.label}: {self.done} of {self.total} {self.unit}s ({share:.0%}), {elapsed:.0f} s"
        )
        if 0 < self.done < self.total:
            left = elapsed / self.done * (self.total - self.done)
            text += f", about {left:.0f} s left"
        return text

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.told:  # only a run long enough to have been told gets its end told
            log.info("%s: done", self.line(self.clock()))

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a file at all
        return False
