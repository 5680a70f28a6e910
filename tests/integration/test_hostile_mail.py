"""Hostile mail the generator of ``bench.fuzz`` found harmful, one class per test.

Each message is written as an attacker (or a careless mail client) would write it, stored
through the inbox as an import or an LMTP delivery stores it, processed live, and answered
over SMTP to aiosmtpd. Each test fails on the code before its fix: a crash (the message
quarantined for an unexpected error), minutes spent on one message, or a header of the
sender's in the referee's answer.
"""

from __future__ import annotations

import email
import email.policy
import time
from collections.abc import Iterator
from datetime import timedelta
from email.utils import format_datetime
from pathlib import Path

import pytest
from servers.smtp import ReceivedMail, SmtpSink
from sqlalchemy import select

from bench.fuzz import HostileReferee, scan_mail
from bench.hostile import BOT, INJECTED_HEADER, LIST, LIST_ID, PLAYERS, START, Hostile
from referee.ingress.inbox import Status
from referee.parsing.finder import MESSAGE_ACTION_LIMIT, SENTENCE_LIMIT
from referee.store.models import InboundMessage

AUTHOR = "player5"
GENEROUS_S = 30.0
"""Far above what any of these messages costs now (well under a second each on an idle
machine), far below what they cost before (from 10 s to minutes)."""


@pytest.fixture
def referee(tmp_path: Path, database_url: str, smtp_sink: SmtpSink) -> Iterator[HostileReferee]:
    referee = HostileReferee(database_url, tmp_path, smtp_sink.port)
    try:
        yield referee
    finally:
        referee.close()


def raw_mail(
    body: bytes | str,
    *,
    subject: str = "my moves",
    public: bool = False,
    index: int = 1,
    extra: tuple[tuple[str, str], ...] = (),
) -> Hostile:
    """A message of :data:`AUTHOR`'s, privately or by the list, with the given headers."""
    when = START + timedelta(minutes=10 * index)
    fields = [("Received", f"from lists.example.org by mx.example.org; {format_datetime(when)}")]
    if public:
        fields += [
            ("From", f'"{AUTHOR} via agora-business" <{LIST}>'),
            ("Reply-To", f"{AUTHOR} <{PLAYERS[AUTHOR]}>"),
            ("To", LIST),
            ("List-Id", LIST_ID),
        ]
    else:
        fields += [("From", f"{AUTHOR} <{PLAYERS[AUTHOR]}>"), ("To", BOT)]
    fields += [
        ("Subject", subject),
        ("Date", format_datetime(when)),
        ("Message-ID", f"<hostile-{index}@example.org>"),
        *extra,
        ("Content-Type", "text/plain; charset=utf-8"),
    ]
    head = "".join(f"{name}: {value}\r\n" for name, value in fields).encode("utf-8")
    data = body.encode("utf-8") if isinstance(body, str) else body
    return Hostile("test", head + b"\r\n" + data, public, when)


def feed_and_answer(referee: HostileReferee, sink: SmtpSink, mail: Hostile) -> ReceivedMail:
    """Deliver ``mail``, let the referee answer it, and return its one answer."""
    before = len(sink.messages)
    started = time.perf_counter()
    accepted = referee.feed(mail)
    assert time.perf_counter() - started < GENEROUS_S
    referee.run_clock(mail.arrived_at + timedelta(minutes=1))
    with referee.app.db.transaction() as session:
        row = session.get(InboundMessage, accepted.inbound_id)
        assert row is not None
        assert (row.status, row.reason) == (Status.DONE.value, None)
    sent = sink.wait_for(before + 1)[before:]
    assert len(sent) == 1
    assert scan_mail(sent[0].raw, list(sent[0].rcpt_tos)) == []
    return sent[0]


def body_of(mail: ReceivedMail) -> str:
    message = email.message_from_bytes(mail.raw, policy=email.policy.default)
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def header_section(mail: ReceivedMail) -> str:
    return mail.raw.replace(b"\r\n", b"\n").partition(b"\n\n")[0].decode("ascii")


def test_an_unknown_charset_in_the_subject_is_answered_not_quarantined(
    referee: HostileReferee, smtp_sink: SmtpSink
) -> None:
    # The standard library raises CharsetError here (not a ValueError), which escaped the
    # answer and quarantined a genuine action.
    mail = raw_mail(
        "I become a participant in Commune.\r\n",
        subject="=?x-unknown?q?caf=E9?= =?\u00e9?b?////?=",
    )
    answer = feed_and_answer(referee, smtp_sink, mail)
    assert "I become a participant in Commune" in body_of(answer)


@pytest.mark.parametrize(
    "smuggled",
    [
        "=?utf-8?q?hi=0D=0AX-Fuzz-Injected:_yes?=",
        "=?utf-8?b?aGkNCkJjYzogdmljdGltQGV2aWwuZXhhbXBsZQ==?=",  # "hi\r\nBcc: victim@..."
        "=?utf-8?q?hi=0AX-Fuzz-Injected:_lf?=",
        "=?utf-8?q?hi=0D=0A=0D=0AX-Fuzz-Injected:_body?=",
        "=?utf-8?b?aGnigKhYLUZ1enotSW5qZWN0ZWQ6IHNlcA==?=",  # U+2028 before the header
    ],
)
def test_a_line_break_in_an_encoded_subject_never_starts_a_header_of_the_answer(
    referee: HostileReferee, smtp_sink: SmtpSink, smuggled: str
) -> None:
    mail = raw_mail(
        "I become a participant in Commune.\r\n",
        subject=f"Re: moves {smuggled}",
        extra=(("References", f"<a@example.org> {smuggled}"),),
    )
    answer = feed_and_answer(referee, smtp_sink, mail)
    header = header_section(answer)
    assert INJECTED_HEADER not in header.replace("\n ", " ").split("Subject:")[0]
    for line in header.splitlines():
        assert not line.lower().startswith((INJECTED_HEADER.lower(), "bcc"))
    message = email.message_from_bytes(answer.raw, policy=email.policy.default)
    assert "\n" not in str(message["Subject"]) and "\r" not in str(message["Subject"])
    assert message["References"] == "<a@example.org> <hostile-1@example.org>"


def test_a_huge_subject_is_answered_at_once_under_a_short_subject(
    referee: HostileReferee, smtp_sink: SmtpSink
) -> None:
    # 200,000 characters of encoded words: folding them again for the answer's Subject
    # took the email library 75 s, and decoding them a second more.
    subject = "=?utf-8?q?=C3=A9?= " * 10_000
    mail = raw_mail("I become a participant in Commune.\r\n", subject=subject)
    answer = feed_and_answer(referee, smtp_sink, mail)
    message = email.message_from_bytes(answer.raw, policy=email.policy.default)
    assert "\u00e9\u00e9\u00e9" in str(message["Subject"])
    assert len(str(message["Subject"])) <= 200


def test_a_megabyte_line_is_read_in_bounded_time_and_the_actions_around_it_are_done(
    referee: HostileReferee, smtp_sink: SmtpSink
) -> None:
    line = "I place a tile at A1 " * 50_000
    mail = raw_mail(f"I become a participant in Commune.\r\n{line}\r\n", public=True)
    body = body_of(feed_and_answer(referee, smtp_sink, mail))
    assert "I become a participant in Commune" in body
    assert f"the sentence is {len(line.strip())} characters long" in body


def test_a_sentence_of_thousands_of_ands_is_reported_not_read(
    referee: HostileReferee, smtp_sink: SmtpSink
) -> None:
    sentence = "I become a participant in Commune" + " and I leave my alliance" * 3000 + "."
    assert len(sentence) > SENTENCE_LIMIT
    body = body_of(feed_and_answer(referee, smtp_sink, raw_mail(sentence + "\r\n")))
    assert "longer than any action" in body
    with referee.app.db.transaction() as session:
        results = session.scalars(select(InboundMessage.results)).one()
    assert results is not None and results["actions"] == []


def test_a_message_of_thousands_of_actions_reads_the_first_ones_and_says_where_it_stopped(
    referee: HostileReferee, smtp_sink: SmtpSink
) -> None:
    # Each action costs work on its game's whole state: 3000 of them held the referee for
    # minutes once the state had grown.
    lines = [f"I intend to join player{n % 12}'s alliance with support." for n in range(3000)]
    mail = raw_mail("\r\n".join(["I become a participant in Commune.", *lines]) + "\r\n")
    body = body_of(feed_and_answer(referee, smtp_sink, mail))
    assert f"already holds {MESSAGE_ACTION_LIMIT} actions" in body
    with referee.app.db.transaction() as session:
        results = session.scalars(select(InboundMessage.results)).one()
    assert results is not None and len(results["actions"]) == MESSAGE_ACTION_LIMIT


def test_nul_bytes_in_the_subject_and_the_text_are_answered_on_every_database(
    referee: HostileReferee, smtp_sink: SmtpSink
) -> None:
    mail = raw_mail(
        "I\x00 become a participant in Commune.\r\nI place a tile at \x00A1.\r\n" + "\x00" * 50,
        subject="my\x00 moves",
    )
    answer = feed_and_answer(referee, smtp_sink, mail)
    assert "\x00" not in body_of(answer)


def test_a_message_id_holding_a_nul_is_stored_under_the_hash_of_the_mail(
    referee: HostileReferee, smtp_sink: SmtpSink
) -> None:
    # PostgreSQL refuses NUL in text: the look-up of such a key failed, and intake with it.
    mail = raw_mail("I become a participant in Commune.\r\n")
    mail = Hostile(
        mail.kind,
        mail.raw.replace(b"<hostile-1@", b"<hostile\x00-1@"),
        mail.public,
        mail.arrived_at,
    )
    feed_and_answer(referee, smtp_sink, mail)
    assert referee.feed(mail).duplicate  # the same bytes again: the same key
    with referee.app.db.transaction() as session:
        key = session.scalars(select(InboundMessage.message_key)).one()
    assert key.startswith("sha256-")
