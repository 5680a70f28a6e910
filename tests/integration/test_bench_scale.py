"""The scaling benchmark's measurement of one size, on SQLite and on PostgreSQL.

Its timings are printed, never asserted; what is checked is that a small archive is stored,
replayed whole and followed by one new message on either database, so that the figures
the benchmark prints measure the pipeline.
"""

from __future__ import annotations

import pytest

from bench.scale import measure_one_size


def test_one_size_is_replayed_and_one_message_more_processed(database_url: str) -> None:
    sqlite = database_url.startswith("sqlite")
    figures = measure_one_size(40, None if sqlite else database_url)
    assert figures["count"] == 40
    assert figures["replay_s"] > 0
    assert figures["replay_cpu_s"] > 0
    assert figures["new_message_s"] > 0
    assert 0 < figures["new_message_cpu_s"] < float("inf")
    assert figures["peak_mib"] > 0


def test_the_quarantined_are_not_counted_as_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    # A run where every message is quarantined would measure nothing: it stops instead.
    monkeypatch.setattr("bench.scale.generate", lambda count: (b"not a mail" for _ in range(count)))
    with pytest.raises(SystemExit, match="quarantined"):
        measure_one_size(5)
