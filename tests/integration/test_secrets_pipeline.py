"""Secrets through the real pipeline (LMTP in, SMTP out to aiosmtpd, SQLite and PostgreSQL).

Secret moves of Single-Capture Go and players' passphrases, read back by every channel the
referee has: the answers it mails, ``referee history`` and ``referee state``, the log at
INFO, and every table of the database (:mod:`secrecy_scan`).
"""

from __future__ import annotations

import argparse
import logging
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import pytest
from scgo_mail import (
    BOT,
    GAMESMASTER,
    LIST,
    ROUND,
    START,
    DkimKey,
    Player,
    ScgoPipeline,
    assert_no_move_leaked,
    scgo_game,
)
from secrecy_scan import assert_database_keeps_secrets
from servers.smtp import SmtpSink
from sqlalchemy import select, update

from referee.cli.inspect import cmd_history, cmd_state
from referee.store.models import GameEvent, InboundMessage

H = timedelta(hours=1)
R1, R2 = START + ROUND, START + 2 * ROUND

NIX = Player("nix", "nix@example.org", passphrase="walrus and carpenter")
JANET = Player("Janet", "janet@example.net", passphrase="snark boojum", signs_as="example.net")
ASPEN = Player("Aspen", "aspen@example.com", passphrase="slithy toves gyre")
PLAYERS = [NIX, JANET, ASPEN]
PASSPHRASES = [p.passphrase for p in PLAYERS if p.passphrase]


@pytest.fixture(scope="module")
def dkim_key(tmp_path_factory: pytest.TempPathFactory) -> DkimKey:
    return DkimKey(tmp_path_factory.mktemp("dkim"))


@pytest.fixture
def table(
    tmp_path: Path, database_url: str, smtp_sink: SmtpSink, dkim_key: DkimKey
) -> Iterator[ScgoPipeline]:
    game = ScgoPipeline(
        tmp_path,
        database_url,
        smtp_sink,
        PLAYERS,
        game=scgo_game(move_proof="passphrase-or-dkim"),
        dkim_key=dkim_key,
    )
    try:
        yield game
    finally:
        game.close()


def begin(table: ScgoPipeline) -> None:
    for index, player in enumerate(PLAYERS):
        table.public(player.name, "I agree to play Single-Capture Go.", START - (index + 2) * H)
    table.public(
        GAMESMASTER,
        "I announce the beginning of a game of Single-Capture Go with nix, Janet and Aspen.",
        START,
    )
    table.run(START + timedelta(minutes=1))


def encoded_move(
    table: ScgoPipeline,
    player: Player,
    body: str,
    at: datetime,
    *,
    cte: str,
    cc: str | None = None,
    subject: str = "move",
) -> bytes:
    """A private move whose text is quoted-printable or base64 (as many clients send)."""
    message = EmailMessage()
    message["From"] = player.address
    message["To"] = BOT
    if cc is not None:
        message["Cc"] = cc
    message["Subject"] = subject
    message["Date"] = format_datetime(at)
    message["Message-ID"] = f"<{player.name}-{at:%d%H%M}-{cte}@test.example>"
    message.set_content(body, charset="utf-8", cte=cte)
    return message.as_bytes()


def mentions(text: str, *squares: str) -> bool:
    return any(re.search(rf"\b{square}\b", text, re.IGNORECASE) for square in squares)


def history_text(table: ScgoPipeline, capsys: pytest.CaptureFixture[str]) -> str:
    cmd_history(table.app.settings, argparse.Namespace(game="Go", reveal_secrets=False))
    return capsys.readouterr().out


def state_text(table: ScgoPipeline, capsys: pytest.CaptureFixture[str], *, json: bool) -> str:
    args = argparse.Namespace(game="Go", at=None, json=json, reveal_secrets=False)
    cmd_state(table.app.settings, args)
    return capsys.readouterr().out


def test_the_officer_correcting_a_secret_play_reads_nothing_of_it_back(
    table: ScgoPipeline, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.INFO)
    begin(table)
    table.move("nix", "d2", START + H)
    table.run(START + 2 * H)
    table.private(GAMESMASTER, "correct Go: plays.0.square = d4 because misread\n", START + 3 * H)
    table.private(GAMESMASTER, "correct Go: remove plays.0 because withdrawn\n", START + 4 * H)
    sent = table.run(START + 5 * H)

    answers = table.to(GAMESMASTER, sent)
    assert len(answers) == 2
    for answer in answers:
        assert "APPLIED: Murphy corrected plays.0" in answer.text
        assert "[secret until the round is resolved]" in answer.text
        assert not mentions(answer.text, "d2", "d4")
    logged = caplog.text
    for channel in (
        logged,
        history_text(table, capsys),
        state_text(table, capsys, json=False),
        state_text(table, capsys, json=True),
    ):
        assert not mentions(channel, "d2", "d4")
    with table.app.db.transaction() as session:
        results = [
            row.results
            for row in session.scalars(select(InboundMessage))
            if b"correct Go" in row.raw
        ]
        corrections = session.scalars(select(GameEvent).where(GameEvent.kind == "correction")).all()
    assert not mentions(str(results), "d2", "d4")
    assert [e.secret for e in corrections] == [True, True]
    assert not any(mentions(f"{e.summary} {e.text}", "d2", "d4") for e in corrections)
    assert 'from "d2" to "d4"' in str(corrections[0].private_summary)  # for the record
    assert assert_database_keeps_secrets(table, START + 5 * H, PASSPHRASES) > 0

    # Probing for how many plays there are is refused without telling.
    table.move("Janet", "e4", START + 6 * H)
    table.private(GAMESMASTER, "correct Go: plays.3.square = a1 because probe\n", START + 7 * H)
    (probe,) = table.to(GAMESMASTER, table.run(START + 8 * H))
    assert "REJECTED: plays.3.square is secret until the round is resolved" in probe.text
    assert "position" not in probe.text and not mentions(probe.text, "e4")


def test_a_refused_private_play_stays_out_of_the_public_history_until_the_round_resolves(
    table: ScgoPipeline, capsys: pytest.CaptureFixture[str]
) -> None:
    begin(table)
    table.keep_secret("nix", "q9", START + H)
    table.private("nix", f"I play q9\n{NIX.passphrase}\n", START + H)  # off the 6 x 6 grid
    sent = table.run(START + 2 * H)
    assert "REJECTED: q9 is not on the 6 x 6 grid" in table.to("nix", sent)[0].text
    public = history_text(table, capsys)
    assert not mentions(public, "q9")
    assert "a play mailed privately was refused [secret until the round is resolved]" in public
    assert assert_database_keeps_secrets(table, START + 2 * H, PASSPHRASES) > 0

    announcement = table.to(LIST, table.run(R1 + timedelta(minutes=1)))[0]
    assert "A nix: q9" in announcement.text  # told with the round's attempts, as before


def test_passphrases_are_blanked_in_the_stored_mail_and_still_prove_the_move(
    table: ScgoPipeline, dkim_key: DkimKey
) -> None:
    begin(table)
    for cte, player, square in (("quoted-printable", NIX, "b2"), ("base64", ASPEN, "e5")):
        assert player.passphrase is not None
        at = START + (2 if cte == "base64" else 1) * H
        table.keep_secret(player.name, square, at)
        raw = encoded_move(table, player, f"I play {square}\n\n{player.passphrase}\n", at, cte=cte)
        table.deliver_private(player.address, raw, at)
    # Janet signs and writes eir passphrase: the stored copy cannot be verified again, so
    # the signature's verdict was recorded when the mail arrived.
    table.keep_secret("Janet", "a6", START + 3 * H)
    janet = table.compose(
        JANET.address, f"I play a6 {JANET.passphrase}\n", START + 3 * H, to=BOT, subject="m"
    )
    table.deliver_private(JANET.address, dkim_key.sign(janet, "example.net"), START + 3 * H)
    # Not eir passphrase: "walrus and carpenters" holds it only inside a longer word.
    table.keep_secret("nix", "f1", START + 4 * H)
    table.private("nix", "I play f1\n\nwalrus and carpenters\n", START + 4 * H)
    sent = table.run(START + 5 * H)

    assert "is b2" in table.to("nix", sent)[0].text
    assert "REJECTED: The referee cannot accept this as a play" in table.to("nix", sent)[1].text
    assert "is e5" in table.to("Aspen", sent)[0].text
    assert "is a6" in table.to("Janet", sent)[0].text
    with table.app.db.transaction() as session:
        rows = {
            row.message_key: row
            for row in session.scalars(select(InboundMessage).where(InboundMessage.route != ""))
        }
    janet_row = next(r for r in rows.values() if b"I play a6" in r.raw)
    assert janet_row.passphrase_holders == ["Janet"]
    assert janet_row.dkim_domains == ["example.net"]
    assert janet_row.original_encrypted is None  # no key configured: the original is gone
    carpenters = next(r for r in rows.values() if b"I play f1" in r.raw)
    assert carpenters.passphrase_holders is None
    assert assert_database_keeps_secrets(table, START + 5 * H, PASSPHRASES) > 0
    table.replay_matches_live()  # the recorded evidence proves the moves again


def _hand_written(player: Player, content_type: str, body: str, at: datetime) -> bytes:
    return (
        f"From: {player.address}\r\nTo: {BOT}\r\nSubject: move\r\n"
        f"Date: {format_datetime(at)}\r\nMessage-ID: <{player.name}-{at:%d%H%M}@test.example>\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: {content_type}\r\n\r\n{body}"
    ).encode()


def test_a_passphrase_whole_only_as_the_reader_reads_it_is_never_stored(
    table: ScgoPipeline,
) -> None:
    # SEC-1: the reader joins format=flowed soft breaks and reads HTML entities, so these
    # passphrases prove the moves; they must not stay readable in the stored mail.
    begin(table)
    moves = [
        (
            NIX,
            "b2",
            "text/plain; format=flowed; delsp=yes",
            "I play b2\r\nwalrus and car \r\npenter\r\n",
        ),
        (ASPEN, "e5", "text/html", "<p>I play e5</p><p>&#115;lithy toves gy<b></b>re</p>\r\n"),
    ]
    for index, (player, square, content_type, body) in enumerate(moves):
        at = START + (index + 1) * H
        table.keep_secret(player.name, square, at)
        table.deliver_private(player.address, _hand_written(player, content_type, body, at), at)
    sent = table.run(START + 5 * H)
    assert "is b2" in table.to("nix", sent)[0].text
    assert "is e5" in table.to("Aspen", sent)[0].text
    assert assert_database_keeps_secrets(table, START + 5 * H, PASSPHRASES) > 0
    with table.app.db.transaction() as session:
        for row in session.scalars(select(InboundMessage).where(InboundMessage.route != "")):
            assert b"car \r\npenter" not in row.raw and b"&#115;lithy" not in row.raw
    table.replay_matches_live()


def test_a_move_mailed_with_the_list_in_copy_is_public_and_its_author_is_warned(
    table: ScgoPipeline,
) -> None:
    begin(table)
    assert NIX.passphrase is not None
    raw = encoded_move(table, NIX, f"I play d2\n{NIX.passphrase}\n", START + H, cte="7bit", cc=LIST)
    table.deliver_private(NIX.address, raw, START + H)
    table._deliver(table.public_port, NIX.address, LIST, raw, START + H)  # the list's copy
    sent = table.run(START + 2 * H)

    (warning,) = table.to("nix", sent)
    assert "WARNING: You sent this message to the referee with a public list" in warning.text
    assert "Your passphrase was in it and is no longer secret" in warning.text
    assert "REJECTED: This is not a play" in warning.text
    assert NIX.passphrase not in warning.text
    assert table.to(LIST, sent) == []
    announcement = table.to(LIST, table.run(R1 + timedelta(minutes=1)))[0]
    assert "A nix: did not play" in announcement.text
    assert "d2 (posted to the list" in announcement.text


def test_a_whole_game_keeps_its_secrets_in_every_table_log_and_mail(
    table: ScgoPipeline, caplog: pytest.LogCaptureFixture
) -> None:
    """The secrecy scan after every pass of the referee, through two rounds."""
    caplog.set_level(logging.INFO)
    begin(table)
    checks = 0
    plays = [
        (START + 1 * H, "nix", "d2"),
        (START + 2 * H, "Janet", "d5"),
        (START + 3 * H, "Aspen", "e2"),
        (START + 4 * H, "nix", "b4"),  # replaces d2
        (R1 + 1 * H, "nix", "a5"),
        (R1 + 2 * H, "Aspen", "f3"),
        (R1 + 3 * H, "Janet", "b6"),
    ]
    for at, name, square in plays:
        table.move(name, square, at)
        table.keep_secret("Aspen", "q7", at + H)
        table.private("Aspen", f"I play q7 {ASPEN.passphrase}\n", at + H)  # refused
        table.run(at + 2 * H)
        checks += assert_database_keeps_secrets(table, at + 2 * H, PASSPHRASES)
    table.private(GAMESMASTER, "correct Go: plays.0.square = c1 because typo\n", R1 + 5 * H)
    table.run(R1 + 6 * H)
    checks += assert_database_keeps_secrets(table, R1 + 6 * H, PASSPHRASES)
    table.run(R2 + timedelta(minutes=1))
    checks += assert_database_keeps_secrets(table, R2 + timedelta(minutes=1), PASSPHRASES)
    lines = [r.getMessage() for r in caplog.records] + caplog.text.splitlines()
    checks += assert_no_move_leaked(table, lines)
    assert checks > 1000
    table.replay_matches_live()


@pytest.mark.parametrize("plant", ["square in a summary", "passphrase in an answer"])
def test_the_secrecy_scan_finds_a_planted_leak(table: ScgoPipeline, plant: str) -> None:
    begin(table)
    table.move("nix", "d2", START + H)
    table.run(START + 2 * H)
    assert assert_database_keeps_secrets(table, START + 2 * H, PASSPHRASES) > 0
    with table.app.db.transaction() as session:
        if plant == "square in a summary":
            session.execute(
                update(GameEvent)
                .where(GameEvent.secret.is_(True))
                .values(summary="nix sent d2 for round 1")
            )
        else:
            row = session.scalars(select(InboundMessage)).first()
            assert row is not None
            row.results = {"answer": f"sent: {NIX.passphrase}"}
    with pytest.raises(AssertionError):
        assert_database_keeps_secrets(table, START + 2 * H, PASSPHRASES)


def test_a_private_play_quoted_back_to_the_list_is_neither_a_play_nor_published(
    table: ScgoPipeline, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole list reply that quotes the author's own private play (and its passphrase)
    under an attribution, top-posted and with a signature: the quote is not a play posted
    to the list, the private play stands, and the referee repeats neither before the round
    is resolved."""
    begin(table)
    table.move("nix", "d2", START + H)
    table.run(START + 2 * H)
    assert NIX.passphrase is not None
    reply = (
        "Oops, that went to everyone. Please ignore.\n\n-- \nnix\n\n"
        "On Mon, 3 Apr 2023 at 12:00, nix <nix@example.org> wrote:\n"
        f"> I play d2\n> {NIX.passphrase}\n"
    )
    table.public("nix", reply, START + 3 * H)
    sent = table.run(START + 4 * H)
    assert table.to(LIST, sent) == []
    for mail in sent:
        assert not mentions(mail.text, "d2") and NIX.passphrase not in mail.text
    assert not mentions(history_text(table, capsys), "d2")
    assert not mentions(state_text(table, capsys, json=True), "d2")
    announcement = table.to(LIST, table.run(R1 + timedelta(minutes=1)))[0]
    assert "A nix: did not play" not in announcement.text
    assert "posted to the list" not in announcement.text
