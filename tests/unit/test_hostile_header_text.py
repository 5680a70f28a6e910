"""Header text from hostile mail: decoded in linear time, never raising, and written into
the referee's own mail only as one bounded line."""

from __future__ import annotations

import email
import email.policy
import time
from datetime import UTC, datetime

import pytest

from referee.egress.compose import SUBJECT_LIMIT, compose, one_line
from referee.mailtext.headers import decode_words


def test_decode_words_joins_adjacent_words_and_keeps_the_text_between_others() -> None:
    assert decode_words("Hello =?utf-8?q?J=C3=A9?= world") == "Hello Jé world"
    assert decode_words("=?utf-8?b?w6k=?= =?utf-8?b?w6k=?=") == "éé"
    assert decode_words("=?utf-8?q?a?= b =?utf-8?q?c?=") == "a b c"
    assert decode_words("=?iso-8859-1?q?caf=E9?= =?utf-8?q?=C3=A9?=") == "caféé"


def test_decode_words_reads_a_character_split_across_two_words_whole() -> None:
    assert decode_words("=?utf-8?q?=C3?= =?utf-8?q?=A9?=") == "é"


@pytest.mark.parametrize(
    ("value", "decoded"),
    [
        ("=?x-unknown?q?caf=E9?=", "caf\ufffd"),  # unknown charset: read as UTF-8
        ("=?\u00e9?b?////?=", "\ufffd\ufffd\ufffd"),
        ("=?utf-8?b?!!!?=", ""),  # nothing decodable in it
        ("=?utf-8?q?=ZZ?=", "=ZZ"),
        ("=?utf-8?q?unclosed", "=?utf-8?q?unclosed"),
        ("=?utf-8?q?hi=0D=0AX-Injected:_yes?=", "hi\r\nX-Injected: yes"),
    ],
)
def test_decode_words_never_raises(value: str, decoded: str) -> None:
    assert decode_words(value) == decoded


def test_decode_words_takes_linear_time_on_a_megabyte_of_words() -> None:
    # The standard library's decoder took about 40 s on this (quadratic), and raised on
    # unknown charsets; a generous bound that only a quadratic decoder can miss.
    value = "=?utf-8?q?=C3=A9?= " * 60_000 + "=?a?q?" * 60_000
    started = time.perf_counter()
    assert decode_words(value).startswith("é" * 60_000)
    assert time.perf_counter() - started < 10.0


def test_one_line_turns_every_line_break_and_control_into_one_space() -> None:
    assert one_line("a\r\nb\nc\rd\u2028e\u2029f\x85g\x00h\t i") == "a b c d e f g h i"


def _composed(
    subject: str, in_reply_to: str | None, references: str | None
) -> email.message.Message:
    message = compose(
        sender="referee@example.org",
        sender_name="Referee",
        to=["player1@example.org"],
        subject=subject,
        body="text\n",
        message_id="<out@example.org>",
        date=datetime(2024, 3, 4, tzinfo=UTC),
        in_reply_to=in_reply_to,
        references=references,
    )
    return email.message_from_bytes(message.as_bytes(), policy=email.policy.default)


def test_compose_bounds_the_subject_and_keeps_it_one_line() -> None:
    sent = _composed("Re: " + "\u00e9\r\nBcc: victim@evil.example " * 5000, None, None)
    assert "Bcc" not in {name.title() for name in sent}
    subject = str(sent["Subject"])
    assert len(subject) == SUBJECT_LIMIT and subject.endswith("\u2026")


def test_compose_threads_by_message_ids_only_and_keeps_the_latest_references() -> None:
    many = " ".join(f"<ref-{n}@example.org>" for n in range(500))
    sent = _composed("Re: x", "<parent@example.org>", f"{many} junk\r\nX-Injected: yes")
    assert sent["In-Reply-To"] == "<parent@example.org>"
    references = str(sent["References"]).split()
    assert references[-2:] == ["<ref-499@example.org>", "<parent@example.org>"]
    assert len(" ".join(references)) <= 900
    assert "X-Injected" not in {name.title() for name in sent}


def test_compose_drops_an_in_reply_to_that_is_no_message_id() -> None:
    sent = _composed("Re: x", "not an id\r\nX-Injected: yes", None)
    assert sent["In-Reply-To"] is None and sent["References"] is None
