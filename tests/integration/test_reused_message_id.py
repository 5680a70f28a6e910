"""A Message-ID used again by a message with other text (rulings P9a), on SQLite and
PostgreSQL: the later message is kept, quarantined with the reason and its author told; the
first is untouched; another copy of either message (the list's, a mailbox's) changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from support import (
    COMMUNE_START,
    FixedClock,
    MemorySender,
    app_for,
    commune_game,
    mail,
    outbox_rows,
    plain_body,
    settings_for,
)

from referee.app import App
from referee.config import Visibility
from referee.engine.history import canonical_dump
from referee.ingress.inbox import Status
from referee.store.models import InboundMessage, MessageArrival

HOUR = timedelta(hours=1)
FIRST_AT = COMMUNE_START + HOUR
LATER_AT = COMMUNE_START + 3 * HOUR
MESSAGE_ID = "<turn-1@mail.example.net>"


@pytest.fixture
def app(tmp_path: Path, database_url: str) -> Iterator[App]:
    settings = settings_for(
        tmp_path, database_url, games=[commune_game()], passphrases={"Janet": "pale teal kettle"}
    )
    app = app_for(settings, FixedClock(COMMUNE_START + timedelta(days=1)), MemorySender())
    try:
        yield app
    finally:
        app.close()


def _accept(app: App, raw: bytes, at: datetime, *, public: bool = True) -> int:
    visibility = Visibility.PUBLIC if public else Visibility.PRIVATE
    return app.inbox.accept(raw, "test", visibility, at).inbound_id


def _rows(app: App) -> list[tuple[int, str, str, str | None]]:
    with app.db.transaction() as session:
        query = select(
            InboundMessage.id,
            InboundMessage.message_key,
            InboundMessage.status,
            InboundMessage.reason,
        ).order_by(InboundMessage.id)
        return [(r.id, r.message_key, r.status, r.reason) for r in session.execute(query)]


def _arrivals(app: App) -> int:
    with app.db.transaction() as session:
        return len(session.scalars(select(MessageArrival.id)).all())


def _commune_events(app: App) -> list[dict[str, object]]:
    with app.db.transaction() as session:
        events: list[dict[str, object]] = canonical_dump(session)["games"]["Commune"]["events"]
    return events


def test_a_reused_message_id_is_kept_quarantined_and_its_author_told(app: App) -> None:
    first = mail("nix", "I become a participant in Commune.", FIRST_AT, message_id=MESSAGE_ID)
    later = mail("Janet", "I become a participant in Commune.", LATER_AT, message_id=MESSAGE_ID)
    first_id = _accept(app, first, FIRST_AT)
    app.processor().process_pending()
    first_answers = [row.raw for row in outbox_rows(app)]
    events = _commune_events(app)

    later_id = _accept(app, later, LATER_AT)
    assert later_id != first_id
    summary = app.processor().process_pending()
    assert (summary.done, summary.quarantined) == (0, 1)  # kept, and left to an officer

    (_, first_key, first_status, _), (_, later_key, later_status, reason) = _rows(app)
    assert (first_key, first_status) == ("turn-1@mail.example.net", Status.DONE.value)
    assert later_key.startswith("turn-1@mail.example.net#reused-")
    assert later_status == Status.QUARANTINED.value
    assert reason == (
        "MessageIdReused: Message-ID already used by a different message stored at "
        f"{FIRST_AT:%Y-%m-%d %H:%M:%S} UTC (message {first_id}); quarantined so that an "
        "officer can look at it"
    )
    # The first message stands: its events and its answer, nothing more.
    assert _commune_events(app) == events
    answers = outbox_rows(app)
    assert [row.raw for row in answers[: len(first_answers)]] == first_answers
    (told,) = answers[len(first_answers) :]
    assert told.recipients == ["janet@example.net"]
    text = re.sub(r"\s+", " ", plain_body(told.raw))
    assert "did not read your message: its Message-ID is already the Message-ID of a" in text
    assert f"stored at {FIRST_AT:%Y-%m-%d %H:%M:%S} UTC." in text
    assert f"Message-ID: {MESSAGE_ID}" in text
    assert "I become a participant" not in text  # nothing of it was read, so nothing echoed


def test_the_same_message_again_changes_nothing_whichever_copy(app: App) -> None:
    body = "I become a participant in Commune.\n\nRegards,\nnix"
    sent = mail("nix", body, FIRST_AT, message_id=MESSAGE_ID, via_list=False, to="referee@x")
    # The list's copy: its own header fields, a tagged Subject and a footer added.
    listed = mail("nix", body, FIRST_AT, message_id=MESSAGE_ID, subject="[agora] Commune")
    listed = listed.replace(b"\n\n", b"\nX-Mailman-Version: 2.1\n\n", 1)
    listed += b"_______________________________________________\nagora-business mailing list\n"
    first_id = _accept(app, sent, FIRST_AT, public=False)
    app.processor().process_pending()
    answers = len(outbox_rows(app))
    for raw, at in ((sent, LATER_AT), (listed, LATER_AT), (sent.replace(b"\n", b"\r\n"), LATER_AT)):
        accepted = app.inbox.accept(raw, "test", Visibility.PUBLIC, at)
        assert (accepted.inbound_id, accepted.duplicate) == (first_id, True)
    assert app.processor().process_pending().done == 0
    assert [status for _, _, status, _ in _rows(app)] == [Status.DONE.value]
    assert _arrivals(app) == 4
    assert len(outbox_rows(app)) == answers


def test_the_reusing_message_again_is_recorded_once_and_told_once(app: App) -> None:
    first = mail("nix", "I become a participant in Commune.", FIRST_AT, message_id=MESSAGE_ID)
    later = mail("Janet", "I place a tile at B3.", LATER_AT, message_id=MESSAGE_ID)
    _accept(app, first, FIRST_AT)
    later_id = _accept(app, later, LATER_AT)
    app.processor().process_pending()
    told = len(outbox_rows(app))
    again = app.inbox.accept(later, "test", Visibility.PRIVATE, LATER_AT + HOUR)
    assert (again.inbound_id, again.duplicate) == (later_id, True)
    # A third text under the same Message-ID is a message of its own, refused the same way.
    third_id = _accept(
        app, mail("Kate", "I leave.", LATER_AT + HOUR, message_id=MESSAGE_ID), LATER_AT
    )
    assert third_id not in (later_id,)
    app.processor().process_pending()
    statuses = [status for _, _, status, _ in _rows(app)]
    assert statuses == [Status.DONE.value, Status.QUARANTINED.value, Status.QUARANTINED.value]
    assert len(outbox_rows(app)) == told + 1  # Kate is told; Janet was told once


def test_a_passphrase_is_blanked_alike_so_a_copy_still_meets_its_message(app: App) -> None:
    body = "I become a participant in Commune.\npale teal kettle"
    raw = mail("Janet", body, FIRST_AT, message_id=MESSAGE_ID, via_list=False, to="referee@x")
    first_id = _accept(app, raw, FIRST_AT, public=False)
    again = app.inbox.accept(raw.replace(b"\n", b"\r\n"), "lmtp", Visibility.PRIVATE, LATER_AT)
    assert (again.inbound_id, again.duplicate) == (first_id, True)
    with app.db.transaction() as session:
        (stored,) = session.scalars(select(InboundMessage.raw)).all()
    assert b"pale teal kettle" not in stored


def test_a_message_id_that_only_looks_reused_is_read_as_any_other(app: App) -> None:
    _accept(app, mail("nix", "Hello.", FIRST_AT, message_id=MESSAGE_ID), FIRST_AT)
    forged_id = "<turn-1@mail.example.net#reused-text-0000>"
    body = "I become a participant in Commune."
    _accept(app, mail("Janet", body, LATER_AT, message_id=forged_id), LATER_AT)
    app.processor().process_pending()
    statuses = [status for _, _, status, _ in _rows(app)]
    assert statuses == [Status.DONE.value, Status.DONE.value]
    assert [e["outcome"] for e in _commune_events(app)] == ["applied"]


def test_unstorable_mail_reusing_a_message_id_is_kept_too(app: App) -> None:
    _accept(app, mail("nix", "Hello.", FIRST_AT, message_id=MESSAGE_ID), FIRST_AT)
    broken = f"Message-ID: {MESSAGE_ID}\r\nFrom: janet@example.net\r\n\r\n\xff".encode("latin-1")
    kept = app.inbox.keep_unstorable(broken, "lmtp", Visibility.PRIVATE, LATER_AT, "unreadable")
    assert not kept.duplicate
    again = app.inbox.keep_unstorable(broken, "lmtp", Visibility.PRIVATE, LATER_AT, "unreadable")
    assert (again.inbound_id, again.duplicate) == (kept.inbound_id, True)
    statuses = [status for _, _, status, _ in _rows(app)]
    assert statuses == [Status.PENDING.value, Status.QUARANTINED.value]


def test_retrying_a_reused_message_id_quarantines_it_again_and_tells_nobody_twice(
    app: App,
) -> None:
    _accept(
        app,
        mail("nix", "I become a participant in Commune.", FIRST_AT, message_id=MESSAGE_ID),
        FIRST_AT,
    )
    later_id = _accept(
        app, mail("Janet", "I place a tile at B3.", LATER_AT, message_id=MESSAGE_ID), LATER_AT
    )
    app.processor().process_pending()
    told = len(outbox_rows(app))
    with app.db.transaction() as session:  # what `referee quarantine retry` does
        row = session.get(InboundMessage, later_id)
        assert row is not None
        row.status = Status.PENDING.value
    app.processor().process_pending()
    assert [status for _, _, status, _ in _rows(app)] == [
        Status.DONE.value,
        Status.QUARANTINED.value,
    ]
    assert len(outbox_rows(app)) == told
