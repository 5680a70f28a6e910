"""The pipeline end to end on real databases: stored once, processed once, replayable."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from support import (
    COMMUNE_START,
    FixedClock,
    MemorySender,
    app_for,
    commune_game,
    mail,
    settings_for,
)

from referee.config import Visibility
from referee.egress.outbox import drain
from referee.engine.history import canonical_dump, reset_derived
from referee.ingress.inbox import Status
from referee.store.models import InboundMessage, MessageArrival, OutboundMessage

DAY = timedelta(days=1)

SEASON = [
    ("nix", "Hello all. I become a participant in Commune.", DAY * 0 + timedelta(hours=10)),
    ("Janet", "I become a participant in Commune.", timedelta(hours=11)),
    (
        "Janet",
        "I begin constructing a G with my Left Token Constructor.\n"
        "I begin constructing a 6 with my Middle Token Constructor.",
        timedelta(hours=12),
    ),
    (
        "Janet",
        "With my left constructor, I grant myself the token it is constructing.\n"
        "With my middle constructor, I grant myself the token it is constructing.\n"
        "I place a tile at G6. I name my community Jade.",
        timedelta(days=5, hours=9),  # Monday 24 April: a new Agoran week
    ),
    ("nix", "I place a tile at B3.", timedelta(days=5, hours=10)),
]


def _store_season(app: object, visibility: Visibility = Visibility.PUBLIC) -> None:
    from referee.app import App

    assert isinstance(app, App)
    for author, body, offset in SEASON:
        when = COMMUNE_START + offset
        app.inbox.accept(mail(author, body, when), "test", visibility, when + timedelta(minutes=1))


def test_a_season_is_applied_and_answered(tmp_path: Path, database_url: str) -> None:
    settings = settings_for(tmp_path, database_url, games=[commune_game()])
    clock = FixedClock(COMMUNE_START + timedelta(days=6))
    sender = MemorySender()
    app = app_for(settings, clock, sender)
    _store_season(app)
    summary = app.processor().process_pending()
    assert (summary.done, summary.quarantined) == (5, 0)
    with app.db.transaction() as session:
        dump = canonical_dump(session)
    outcomes = [
        (e["actor"], e["outcome"]) for e in dump["games"]["Commune"]["events"] if e["actor"]
    ]
    assert outcomes == [
        ("nix", "applied"),
        ("Janet", "applied"),
        ("Janet", "applied"),
        ("Janet", "applied"),
        ("Janet", "applied"),
        ("Janet", "applied"),
        ("Janet", "applied"),
        ("Janet", "applied"),
        ("nix", "rejected"),
    ]
    drain(app.db, sender, clock())
    sent = [
        (email.message_from_bytes(raw, policy=email.policy.default), to) for raw, to in sender.sent
    ]
    acks = [(m, to) for m, to in sent if m["Auto-Submitted"] == "auto-replied"]
    assert len(acks) == 5  # one acknowledgement per message with actions
    drafts = [(m, to) for m, to in sent if "weekly report" in str(m["Subject"])]
    # Monday 24 April began a new week: the Surveyor (Aspen) gets the report as a draft.
    assert [(str(m["Subject"]).split("]")[0], to) for m, to in drafts] == [
        ("[draft for surveyor", ["aspen@example.com"])
    ]
    last, last_to = acks[-1]
    assert last_to == ["nix@example.org"]
    assert last["Auto-Submitted"] == "auto-replied"
    assert last["In-Reply-To"]
    body = last.get_body(("plain",))
    assert body is not None
    text = body.get_content()
    assert "REJECTED" in text
    assert "I place a tile at B3" in text
    app.close()


def test_the_same_message_twice_is_processed_once(tmp_path: Path, database_url: str) -> None:
    settings = settings_for(tmp_path, database_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + DAY))
    raw = mail("nix", "I become a participant in Commune.", COMMUNE_START + timedelta(hours=1))
    first = app.inbox.accept(
        raw, "imap:list/INBOX", Visibility.PUBLIC, COMMUNE_START + timedelta(hours=1)
    )
    app.processor().process_pending()
    second = app.inbox.accept(raw, "lmtp", Visibility.PRIVATE, COMMUNE_START + timedelta(hours=2))
    third = app.inbox.accept(raw, "import:archive.mbox", Visibility.PUBLIC, COMMUNE_START)
    assert not first.duplicate and second.duplicate and third.duplicate
    assert app.processor().process_pending().done == 0
    with app.db.transaction() as session:
        assert session.query(InboundMessage).count() == 1
        assert session.query(MessageArrival).count() == 3
        dump = canonical_dump(session)
        assert len(session.scalars(select(OutboundMessage)).all()) == 1
    assert [e["outcome"] for e in dump["games"]["Commune"]["events"]] == ["applied"]
    app.close()


@pytest.mark.parametrize("batch", [1, 2], ids=["own-transaction", "batch-redone-singly"])
def test_an_unexpected_error_quarantines_one_message_and_the_next_goes_on(
    tmp_path: Path, sqlite_url: str, monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    settings = settings_for(tmp_path, sqlite_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + DAY))
    bad = mail("nix", "I become a participant in Commune.", COMMUNE_START + timedelta(hours=1))
    good = mail("Janet", "I become a participant in Commune.", COMMUNE_START + timedelta(hours=2))
    app.inbox.accept(bad, "test", Visibility.PUBLIC, COMMUNE_START + timedelta(hours=1))
    app.inbox.accept(good, "test", Visibility.PUBLIC, COMMUNE_START + timedelta(hours=2))

    import referee.engine.context as context_module
    from referee.engine.reading import read_message as real

    def failing(row: InboundMessage, *args: Any, **kwargs: Any) -> object:
        # Fault injection: a bug that only this one message triggers, after the game was
        # loaded in the batch's session (so a rollback must not leave a stale state behind).
        if b"nix@example.org" in row.raw:
            raise RuntimeError("simulated bug")
        return real(row, *args, **kwargs)

    monkeypatch.setattr(context_module, "read_message", failing)
    summary = app.processor().process_pending(batch=batch)
    assert (summary.done, summary.quarantined) == (1, 1)
    with app.db.transaction() as session:
        rows = {r.raw.count(b"nix@"): r for r in session.scalars(select(InboundMessage))}
        quarantined = [r for r in rows.values() if r.status == Status.QUARANTINED.value]
        assert len(quarantined) == 1
        assert quarantined[0].reason is not None
        assert quarantined[0].reason.startswith("RuntimeError (its text is not recorded")
        dump = canonical_dump(session)
    # Nothing of the failed message survived: only Janet joined.
    assert [e["actor"] for e in dump["games"]["Commune"]["events"]] == ["Janet"]
    monkeypatch.setattr(context_module, "read_message", real)
    with app.db.transaction() as session:
        for row in session.scalars(select(InboundMessage)):
            if row.status == Status.QUARANTINED.value:
                row.status = Status.PENDING.value
    assert app.processor().process_pending().done == 1
    app.close()


def test_a_failure_after_the_actions_rolls_back_only_that_message_in_a_batch(
    tmp_path: Path, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = settings_for(tmp_path, sqlite_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + DAY))
    for hour, author in enumerate(["Janet", "nix", "Murphy"], start=1):
        at = COMMUNE_START + timedelta(hours=hour)
        app.inbox.accept(
            mail(author, "I become a participant in Commune.", at), "test", Visibility.PUBLIC, at
        )

    from referee.engine.runner import Runner

    real = Runner._process

    def failing_late(self: Runner, session: Any, row: InboundMessage) -> Any:
        # Fault injection after nix's action was applied in the batch's session: the
        # batch is undone and redone one by one, and nothing of nix's action survives.
        results = real(self, session, row)
        if b"nix@example.org" in row.raw:
            raise RuntimeError("simulated bug after applying")
        return results

    monkeypatch.setattr(Runner, "_process", failing_late)
    summary = app.processor().process_pending(batch=10)
    assert (summary.done, summary.quarantined) == (2, 1)
    with app.db.transaction() as session:
        dump = canonical_dump(session)
    assert [e["actor"] for e in dump["games"]["Commune"]["events"]] == ["Janet", "Murphy"]
    assert "nix" not in json.dumps(dump["games"]["Commune"]["state"])
    app.close()


def test_replay_equals_live_processing(tmp_path: Path, database_url: str) -> None:
    settings = settings_for(tmp_path, database_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + timedelta(days=6)))
    _store_season(app)
    app.processor().process_pending()
    with app.db.transaction() as session:
        live = canonical_dump(session)
        sent_before = session.query(OutboundMessage).count()
    with app.db.transaction() as session:
        reset_derived(session)
    app.processor(silent=True).process_pending()
    with app.db.transaction() as session:
        replayed = canonical_dump(session)
        assert session.query(OutboundMessage).count() == sent_before  # nothing new to send
    assert replayed == live
    assert live["games"]["Commune"]["events"]
    app.close()


def test_a_late_message_is_fitted_in_by_its_date(tmp_path: Path, sqlite_url: str) -> None:
    """Janet's join is stamped before nix's but arrives after it was processed."""
    settings = settings_for(tmp_path, sqlite_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + DAY))
    early = COMMUNE_START + timedelta(hours=1)
    later = COMMUNE_START + timedelta(hours=2)
    app.inbox.accept(
        mail("nix", "I become a participant in Commune.", later), "t", Visibility.PUBLIC, later
    )
    app.processor().process_pending()
    app.inbox.accept(
        mail("Janet", "I become a participant in Commune.", early),
        "t",
        Visibility.PUBLIC,
        later + timedelta(minutes=5),
    )
    app.processor().process_pending()
    with app.db.transaction() as session:
        live = canonical_dump(session)
    assert [e["actor"] for e in live["games"]["Commune"]["events"]] == ["Janet", "nix"]
    with app.db.transaction() as session:
        reset_derived(session)
    app.processor(silent=True).process_pending()
    with app.db.transaction() as session:
        assert canonical_dump(session) == live
    app.close()
