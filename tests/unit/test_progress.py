"""Progress: a bar only on a terminal; timed log lines into anything else."""

from __future__ import annotations

import io
import logging

import pytest

from referee.progress import Progress


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_lines_are_logged_now_and_then_when_nobody_watches(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = _Clock()
    stream = io.StringIO()
    caplog.set_level(logging.INFO, "referee.progress")
    with Progress("importing", 240, stream=stream, every=10, clock=clock) as progress:
        for _ in range(240):
            clock.now += 0.125
            progress.update()
    assert stream.getvalue() == ""  # never a bar into a file
    lines = [r.getMessage() for r in caplog.records]
    assert lines[0] == "importing: 80 of 240 messages (33%), 10 s, about 20 s left"
    assert len(lines) == 4  # at 10, 20 and 30 s, then the end
    assert lines[-1] == "importing: 240 of 240 messages (100%), 30 s: done"


def test_a_short_run_tells_nothing(caplog: pytest.LogCaptureFixture) -> None:
    clock = _Clock()
    caplog.set_level(logging.INFO, "referee.progress")
    with Progress("replaying", 5, stream=io.StringIO(), clock=clock) as progress:
        progress.update(5)
    assert caplog.records == []


def test_a_bar_is_drawn_on_a_terminal(caplog: pytest.LogCaptureFixture) -> None:
    terminal = _Terminal()
    caplog.set_level(logging.INFO, "referee.progress")
    with Progress("replaying", 10, stream=terminal) as progress:
        progress.update(10)
    assert "replaying" in terminal.getvalue() and "10/10" in terminal.getvalue()
    assert caplog.records == []


def test_off_is_silent_everywhere(caplog: pytest.LogCaptureFixture) -> None:
    terminal = _Terminal()
    clock = _Clock()
    caplog.set_level(logging.INFO, "referee.progress")
    with Progress("x", 10, enabled=False, stream=terminal, clock=clock) as progress:
        clock.now = 100
        progress.update(10)
    assert terminal.getvalue() == "" and caplog.records == []
