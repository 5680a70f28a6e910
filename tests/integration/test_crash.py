"""Killed (SIGKILL) in the middle of processing, then restarted: nothing lost, nothing twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

from sqlalchemy import select
from support import COMMUNE_START, FixedClock, app_for, commune_game, mail, settings_for
from test_pipeline import SEASON

from referee.config import Visibility
from referee.engine.history import canonical_dump
from referee.ingress.inbox import Status
from referee.store.models import GameEvent, GameRecord, InboundMessage, OutboundMessage

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from datetime import timedelta
    from pathlib import Path
    from referee.config import Visibility
    from referee.engine import answers
    from test_pipeline import SEASON
    from support import COMMUNE_START, FixedClock, app_for, commune_game, mail, settings_for

    tmp, url = Path(sys.argv[1]), sys.argv[2]
    settings = settings_for(tmp, url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + timedelta(days=6)))
    for author, body, offset in SEASON:
        when = COMMUNE_START + offset
        app.inbox.accept(mail(author, body, when), "test", Visibility.PUBLIC, when)
    real = answers.Answerer.answer
    calls = []

    def die_on_third(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            # The third message's game changes are flushed but not committed.
            os.kill(os.getpid(), signal.SIGKILL)
        return real(self, *args, **kwargs)

    answers.Answerer.answer = die_on_third
    app.processor().process_pending()
    """
)


def _run_child(tmp_path: Path, url: str) -> int:
    paths = [ROOT / "tests", ROOT / "tests" / "integration", ROOT]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path), url],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    return result.returncode


def test_killed_mid_message_then_restarted(tmp_path: Path, database_url: str) -> None:
    killed_dir = tmp_path / "killed"
    killed_dir.mkdir()
    assert _run_child(killed_dir, database_url) == -signal.SIGKILL

    settings = settings_for(killed_dir, database_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + timedelta(days=6)))
    with app.db.transaction() as session:
        statuses = [
            r.status for r in session.scalars(select(InboundMessage).order_by(InboundMessage.id))
        ]
    # Two done; the third was rolled back by the kill and is pending again, like the rest.
    assert statuses == ["done", "done", "pending", "pending", "pending"]
    summary = app.processor().process_pending()
    assert (summary.done, summary.quarantined) == (3, 0)
    with app.db.transaction() as session:
        after_crash = canonical_dump(session)
        acks = session.query(OutboundMessage).filter_by(kind="ack").count()
        reports = session.query(OutboundMessage).filter_by(kind="notice:commune/weekly").count()
        attempts = [
            r.attempts for r in session.scalars(select(InboundMessage).order_by(InboundMessage.id))
        ]
    app.close()
    assert acks == 5  # one answer per message, none twice
    assert reports == 1  # the weekly report due on Monday 24 April, once
    assert attempts == [1, 1, 1, 1, 1]  # the killed attempt left no trace, not even its count

    straight_dir = tmp_path / "straight"
    straight_dir.mkdir()
    sqlite_twin = f"sqlite:///{straight_dir / 'twin.sqlite3'}"
    twin = app_for(
        settings_for(straight_dir, sqlite_twin, games=[commune_game()]),
        FixedClock(COMMUNE_START + timedelta(days=6)),
    )
    for author, body, offset in SEASON:
        when = COMMUNE_START + offset
        twin.inbox.accept(mail(author, body, when), "test", Visibility.PUBLIC, when)
    twin.processor().process_pending()
    with twin.db.transaction() as session:
        uninterrupted = canonical_dump(session)
    twin.close()
    assert after_crash == uninterrupted
    assert all(m["status"] == Status.DONE.value for m in after_crash["messages"].values())


REPLAY_CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from datetime import timedelta
    from pathlib import Path
    from referee.config import Visibility
    from referee.engine import runner
    from referee.engine.history import reset_derived
    from test_pipeline import SEASON
    from support import COMMUNE_START, FixedClock, app_for, commune_game, mail, settings_for

    tmp, url = Path(sys.argv[1]), sys.argv[2]
    settings = settings_for(tmp, url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + timedelta(days=6)))
    for author, body, offset in SEASON:
        when = COMMUNE_START + offset
        app.inbox.accept(mail(author, body, when), "test", Visibility.PUBLIC, when)
    app.processor().process_pending()
    with app.db.transaction() as session:
        reset_derived(session)
    real = runner.Runner._process_row
    calls = []

    def die_in_second_batch(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            # The first batch (two messages) is committed; the second has applied one
            # message, whose changes are flushed, and dies applying the next.
            os.kill(os.getpid(), signal.SIGKILL)
        return real(self, *args, **kwargs)

    runner.Runner._process_row = die_in_second_batch
    app.processor(silent=True).process_pending(batch=2)
    """
)


def test_killed_mid_replay_batch_leaves_whole_batches_then_replays_the_same(
    tmp_path: Path, database_url: str
) -> None:
    """A replay commits in batches; a kill inside one loses that batch whole, so the store
    holds whole messages only and the replay picks up where it stopped."""
    killed_dir = tmp_path / "killed"
    killed_dir.mkdir()
    paths = [ROOT / "tests", ROOT / "tests" / "integration", ROOT]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
    result = subprocess.run(
        [sys.executable, "-c", REPLAY_CHILD, str(killed_dir), database_url],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == -signal.SIGKILL, result.stderr.decode()

    settings = settings_for(killed_dir, database_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + timedelta(days=6)))
    with app.db.transaction() as session:
        rows = list(session.scalars(select(InboundMessage).order_by(InboundMessage.id)))
        statuses = [r.status for r in rows]
        done_ids = {r.id for r in rows if r.status == Status.DONE.value}
        events = list(session.scalars(select(GameEvent).order_by(GameEvent.sequence)))
        record = session.scalar(select(GameRecord).where(GameRecord.name == "Commune"))
        assert record is not None
        stored_state = record.state
    # The first batch is whole; nothing of the second is left.
    assert statuses == ["done", "done", "pending", "pending", "pending"]
    assert {e.inbound_id for e in events if e.inbound_id is not None} == done_ids
    # The game's row holds the state after its last recorded change.
    last_change = [e.state_after for e in events if e.state_after is not None][-1]
    assert stored_state == last_change

    summary = app.processor(silent=True).process_pending(batch=2)
    assert (summary.done, summary.quarantined) == (3, 0)
    with app.db.transaction() as session:
        resumed = canonical_dump(session)
    app.close()

    straight_dir = tmp_path / "straight"
    straight_dir.mkdir()
    twin = app_for(
        settings_for(
            straight_dir, f"sqlite:///{straight_dir / 'twin.sqlite3'}", games=[commune_game()]
        ),
        FixedClock(COMMUNE_START + timedelta(days=6)),
    )
    for author, body, offset in SEASON:
        when = COMMUNE_START + offset
        twin.inbox.accept(mail(author, body, when), "test", Visibility.PUBLIC, when)
    twin.processor().process_pending()
    with twin.db.transaction() as session:
        uninterrupted = canonical_dump(session)
    twin.close()
    assert resumed == uninterrupted
