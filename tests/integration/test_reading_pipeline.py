"""Natural phrasings through the real pipeline: a square alone in a private mail to the
referee is a Single-Capture Go play (the rule text's own example), a correction in the
same message counts, and the answer echoes the form read."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime, timedelta
from pathlib import Path

from support import ADDRESS_IS_PROOF, FixedClock, MemorySender, app_for, mail, settings_for

from referee.app import App
from referee.config import Visibility
from referee.egress.outbox import drain
from referee.engine.history import canonical_dump

START = datetime(2023, 5, 1, 12, tzinfo=UTC)
GAME = {
    "name": "Go",
    "kind": "scgo",
    "ruleset": "guy-fawkes",
    "start": "2023-05-01T00:00:00Z",
    "officer": "referee",
    "publish": "list",
    "options": {"move_proof": "address"},
}


def _started(tmp_path: Path, sqlite_url: str) -> tuple[App, FixedClock, MemorySender]:
    settings = settings_for(
        tmp_path, sqlite_url, games=[GAME], acknowledge="list", extra=ADDRESS_IS_PROOF
    )
    clock = FixedClock(START)
    sender = MemorySender()
    app = app_for(settings, clock, sender)
    for minutes, (author, text) in enumerate(
        (
            ("nix", "I agree to play Single-Capture Go."),
            ("Janet", "I agree to play Single-Capture Go."),
            (
                "Murphy",
                "I announce the beginning of a game of Single-Capture Go with nix and Janet.",
            ),
        )
    ):
        at = START + timedelta(minutes=minutes)
        app.inbox.accept(mail(author, text, at), "imap:list/INBOX", Visibility.PUBLIC, at)
    app.processor().process_pending()
    return app, clock, sender


def _private(app: App, author: str, body: str, at: datetime) -> None:
    raw = mail(author, body, at, via_list=False, subject="my move")
    app.inbox.accept(raw, "lmtp", Visibility.PRIVATE, at)
    app.processor().process_pending()


def _answers_to(app: App, sender: MemorySender, address: str, at: datetime) -> list[str]:
    drain(app.db, sender, at)
    texts = []
    for raw, recipients in sender.sent:
        if recipients == [address]:
            message = email.message_from_bytes(raw, policy=email.policy.default)
            body = message.get_body(("plain",))
            texts.append(" ".join((body.get_content() if body else "").split()))
    sender.sent.clear()
    return texts


def test_a_square_alone_in_private_mail_is_a_play_and_echoed(
    tmp_path: Path, sqlite_url: str
) -> None:
    app, _, sender = _started(tmp_path, sqlite_url)
    at = START + timedelta(hours=1)
    _answers_to(app, sender, "nix@example.org", at)
    _private(app, "nix", "Hi referee,\n\nc3\n\nThanks", at)
    (answer,) = _answers_to(app, sender, "nix@example.org", at)
    assert '"I play c3 (read from: c3)"' in answer
    assert "APPLIED" in answer, answer
    app.close()


def test_a_square_alone_in_public_is_never_a_play(tmp_path: Path, sqlite_url: str) -> None:
    app, _, sender = _started(tmp_path, sqlite_url)
    at = START + timedelta(hours=1)
    _answers_to(app, sender, "nix@example.org", at)
    app.inbox.accept(mail("nix", "c3", at), "imap:list/INBOX", Visibility.PUBLIC, at)
    app.processor().process_pending()
    assert not any("APPLIED" in text for text in _answers_to(app, sender, "nix@example.org", at))
    app.close()


def test_a_correction_in_the_same_message_counts(tmp_path: Path, sqlite_url: str) -> None:
    app, _, sender = _started(tmp_path, sqlite_url)
    at = START + timedelta(hours=1)
    _answers_to(app, sender, "janet@example.net", at)
    _private(app, "Janet", "I play c3. Actually, no: I play d4 instead.", at)
    (answer,) = _answers_to(app, sender, "janet@example.net", at)
    assert "I play d4 (replaces: I play c3)" in answer
    assert answer.count("APPLIED") == 1, answer
    app.close()


ALLIANCES = {
    "name": "Alliances",
    "kind": "alliances",
    "ruleset": "igora",
    "start": START.isoformat(),
    "officer": "registrar",
    "publish": "draft",
}


def _alliance_events(app: App) -> list[tuple[str | None, str, str]]:
    with app.db.transaction() as session:
        dump = canonical_dump(session)
    return [(e["actor"], e["outcome"], e["summary"]) for e in dump["games"]["Alliances"]["events"]]


def test_i_support_under_a_quoted_intent_supports_that_intent(
    tmp_path: Path, sqlite_url: str
) -> None:
    settings = settings_for(
        tmp_path, sqlite_url, games=[ALLIANCES], extra={"offices": {"registrar": "Aspen"}}
    )
    app = app_for(settings, FixedClock(START + timedelta(hours=3)))
    intent = "I intend to join Murphy's alliance with support."
    replies = (
        ("Janet", intent),
        ("Murphy", f"Janet wrote:\n> {intent}\n\nI support."),
        # A bare answer under no game's intent is someone else's business.
        ("nix", "Aspen wrote:\n> I intend to ratify the report without objection.\n\nI support."),
    )
    for hour, (author, body) in enumerate(replies):
        at = START + timedelta(hours=hour)
        raw = mail(author, body, at, subject="Alliances")
        app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, at)
    app.processor().process_pending()
    events = _alliance_events(app)
    assert [(actor, outcome) for actor, outcome, _ in events] == [
        ("Janet", "applied"),
        ("Murphy", "applied"),
    ]
    assert "support" in events[1][2].lower()
    app.close()


def test_a_play_that_names_another_speaker_is_not_performed_and_the_author_is_told(
    tmp_path: Path, sqlite_url: str
) -> None:
    app, _, sender = _started(tmp_path, sqlite_url)
    at = START + timedelta(hours=1)
    _answers_to(app, sender, "nix@example.org", at)
    with app.db.transaction() as session:
        before = canonical_dump(session)
    _private(app, "nix", "I, Janet, play c3.", at)
    (answer,) = _answers_to(app, sender, "nix@example.org", at)
    assert "names 'Janet' as the one acting, not its author" in answer
    with app.db.transaction() as session:
        assert canonical_dump(session)["games"]["Go"] == before["games"]["Go"]
    _private(app, "nix", "I, nix, play c4.", at + timedelta(minutes=1))
    (answer,) = _answers_to(app, sender, "nix@example.org", at + timedelta(minutes=1))
    assert '"I play c4 (read from: I, nix, play c4)"' in answer
