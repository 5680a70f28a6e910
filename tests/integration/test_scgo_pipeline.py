"""Single-Capture Go through the real pipeline: LMTP private moves, SMTP answers, no leaks."""

from __future__ import annotations

import email
import email.policy
import logging
import smtplib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from servers.ports import LOOPBACK, free_port
from servers.smtp import ReceivedMail, SmtpSink
from support import ADDRESS_IS_PROOF, FixedClock, app_for, mail, settings_for

from referee.config import Visibility
from referee.egress.outbox import drain
from referee.egress.senders import SmtpSender
from referee.engine.history import canonical_dump, reset_derived
from referee.ingress.lmtp import LmtpHandler, lmtp_controller

START = datetime(2023, 5, 1, 12, tzinfo=UTC)
GAME = {
    "name": "Go",
    "kind": "scgo",
    "ruleset": "guy-fawkes",
    "start": "2023-05-01T00:00:00Z",
    "officer": "referee",
    "publish": "list",
    # This game is about the flow of private moves and answers; the proofs a play carries
    # are tested in test_scgo_games_pipeline, so it opts in to address-only proof.
    "options": {"move_proof": "address"},
}


def _text(raw: bytes) -> str:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    body = message.get_body(("plain",))
    text = f"{message['Subject']}\n{body.get_content() if body else ''}"
    return " ".join(text.split())  # templates wrap long lines


def test_a_two_player_game_with_private_moves_and_a_capture(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    settings = settings_for(
        tmp_path,
        sqlite_url,
        games=[GAME],
        acknowledge="list",
        extra={
            "smtp": {"mode": "smtp", "host": LOOPBACK, "port": smtp_sink.port, "tls": "none"},
            **ADDRESS_IS_PROOF,
        },
    )
    clock = FixedClock(START)
    app = app_for(settings, clock, SmtpSender(settings.smtp, timeout=5))
    port = free_port()
    controller = lmtp_controller(
        LmtpHandler(app.inbox, Visibility.PRIVATE, clock=clock), LOOPBACK, port
    )
    controller.start()
    sent_so_far: list[ReceivedMail] = []

    def public(author: str, body: str, at: datetime) -> None:
        app.inbox.accept(mail(author, body, at), "imap:list/INBOX", Visibility.PUBLIC, at)

    def private(author: str, body: str, at: datetime) -> None:
        raw = mail(author, body, at, via_list=False, subject="my move")
        with smtplib.LMTP(LOOPBACK, port) as client:
            client.sendmail(author, ["referee@example.org"], raw)

    def run(at: datetime) -> list[ReceivedMail]:
        clock.moment = at
        processor = app.processor()
        processor.process_pending()
        processor.advance_clock(at)
        drain(app.db, app.sender, at)
        new = smtp_sink.messages[len(sent_so_far) :]
        sent_so_far.extend(new)
        return new

    try:
        public("nix", "I agree to play Single-Capture Go.", START)
        public("Janet", "I agree to play Single-Capture Go.", START + timedelta(minutes=5))
        public(
            "Murphy",
            "I announce the beginning of a game of Single-Capture Go with nix and Janet.",
            START + timedelta(hours=1),
        )
        opening = run(START + timedelta(hours=1, minutes=1))
        assert any("round 1" in _text(m.raw).lower() for m in opening)

        # Round 1: Janet takes the corner a1, nix plays next to it; nix also tries in public.
        private("Janet", "I play a1", START + timedelta(hours=2))
        private("nix", "I play a2", START + timedelta(hours=3))
        public("nix", "I play b1", START + timedelta(hours=4))
        # A spoofed move from an address nobody registered.
        private("mallory@evil.example", "I play a1", START + timedelta(hours=5))
        during = run(START + timedelta(hours=6))
        by_recipient: dict[tuple[str, ...], list[str]] = {}
        for received in during:
            by_recipient.setdefault(received.rcpt_tos, []).append(_text(received.raw))
        assert len(by_recipient[("janet@example.net",)]) == 1
        assert "a1" in by_recipient[("janet@example.net",)][0]
        to_nix = by_recipient[("nix@example.org",)]
        assert len(to_nix) == 2  # the private move's receipt, and the public move's refusal
        assert any("a2" in text for text in to_nix)
        assert any("Mail your play to the referee privately" in text for text in to_nix)
        assert ("agora-business@example.org",) not in by_recipient  # nothing to the list
        # Private mail from a stranger is not answered: its From may be forged.
        assert ("mallory@evil.example",) not in by_recipient
        for received in during:
            if received.rcpt_tos != ("janet@example.net",):
                assert "a1" not in _text(received.raw).replace("a12", "")
        end_of_round_1 = START + timedelta(hours=1) + timedelta(days=3)
        resolution = run(end_of_round_1 + timedelta(minutes=1))
        announcement = [m for m in resolution if m.rcpt_tos == ("agora-business@example.org",)]
        assert len(announcement) == 1
        assert "a1" in _text(announcement[0].raw)  # revealed now that the round is over

        # Round 2: nix closes the corner; Janet's only Letter loses its last Liberty.
        private("Janet", "I play e5", end_of_round_1 + timedelta(hours=1))
        private("nix", "I play b1", end_of_round_1 + timedelta(hours=2))
        run(end_of_round_1 + timedelta(hours=3))
        final = run(end_of_round_1 + timedelta(days=3, minutes=1))
        result = [_text(m.raw) for m in final if m.rcpt_tos == ("agora-business@example.org",)]
        assert len(result) == 1
        assert "nix" in result[0] and "win" in result[0].lower()
    finally:
        controller.stop()

    # No move was in a log line at info level (the squares only ever appear privately).
    for record in caplog.records:
        assert "a1" not in record.getMessage() and "b1" not in record.getMessage()

    with app.db.transaction() as session:
        live = canonical_dump(session)
    with app.db.transaction() as session:
        reset_derived(session)
    app.processor(silent=True).process_pending()
    app.processor(silent=True).advance_clock(clock())
    with app.db.transaction() as session:
        assert canonical_dump(session) == live
    app.close()
