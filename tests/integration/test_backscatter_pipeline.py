"""No backscatter: forged senders and third parties receive nothing they did not ask for.

Through the real pipeline: mail in over LMTP (the referee's mailbox and the list's), answers
out over SMTP to aiosmtpd. The attacker writes the From, Reply-To and Cc as e likes.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest
from scgo_mail import BOT, LIST, START, DkimKey, Player, ScgoPipeline, Sent
from servers.smtp import SmtpSink

from referee.mailtext.lists import default_list_id

H = timedelta(hours=1)
NIX = Player("nix", "nix@example.org")
VICTIM = "victim@third-party.example"
SPAM = "Cheap watches at http://spam.example/buy"


def commune() -> dict[str, Any]:
    return {
        "name": "Commune",
        "kind": "commune",
        "ruleset": "v1.3",
        "start": (START - timedelta(days=2)).isoformat(),
        "officer": "surveyor",
    }


@pytest.fixture
def table(tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink) -> Iterator[ScgoPipeline]:
    pipeline = ScgoPipeline(
        tmp_path, sqlite_url, smtp_sink, [NIX], game=commune(), referee={"acknowledge": "list"}
    )
    try:
        yield pipeline
    finally:
        pipeline.close()


def answers(table: ScgoPipeline, at: Any) -> list[Sent]:
    """What the referee mailed in its pass at ``at``, but the officer's weekly drafts."""
    return [m for m in table.run(at) if m.recipients != ("admin@example.org",)]


def forged(
    sender: str, body: str, *, to: str, subject: str = SPAM, key: str = "1", **headers: str
) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message["Subject"] = subject
    message["Date"] = format_datetime(START)
    message["Message-ID"] = f"<{SPAM.replace(' ', '.')}.{key}@spam.example>"
    message.set_content(body)
    return message.as_bytes()


def test_private_mail_forged_from_a_third_party_gets_no_answer(table: ScgoPipeline) -> None:
    raw = forged(
        VICTIM, f"I become a participant in Commune.\n{SPAM}\n", to=BOT, Reply_To="x@spam.example"
    )
    table.deliver_private(VICTIM, raw, START)
    assert answers(table, START + H) == []


def test_an_unregistered_list_poster_is_told_once_a_day_and_nothing_of_eir_mail_is_repeated(
    table: ScgoPipeline,
) -> None:
    for index in range(3):
        raw = forged(
            VICTIM,
            f"I become a participant in Commune.\n{SPAM}\n",
            to=LIST,
            key=str(index),
            Reply_To="other@spam.example",
            Cc="cc@spam.example",
            List_Id=f"<{default_list_id(LIST)}>",  # the list carried it
        )
        table._deliver(table.public_port, VICTIM, LIST, raw, START + index * H)
    sent = answers(table, START + 4 * H)
    assert [m.recipients for m in sent] == [(VICTIM,)]  # once, to the From, never to the list
    (answer,) = sent
    assert answer.subject == "Your mail to the referee [referee: sender not registered]"
    assert "spam" not in answer.raw.decode().lower()  # no Subject, text, Message-ID or Reply-To
    assert answer.message["In-Reply-To"] is None


def test_an_answer_to_a_player_goes_to_eir_registered_address_only(table: ScgoPipeline) -> None:
    raw = forged(
        NIX.address,
        "I become a participant in Commune.\n",
        to=BOT,
        subject="joining",
        Reply_To=VICTIM,
        Cc="cc@spam.example",
    )
    table.deliver_private(NIX.address, raw, START)
    sent = answers(table, START + H)
    assert [m.recipients for m in sent] == [(NIX.address,)]
    assert "the referee's record of your message" in sent[0].text


def test_where_the_operator_says_never_even_list_mail_of_strangers_is_not_answered(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink
) -> None:
    table = ScgoPipeline(
        tmp_path,
        sqlite_url,
        smtp_sink,
        [NIX],
        game=commune(),
        referee={"answer_unregistered": "never"},
    )
    try:
        raw = forged(VICTIM, "I become a participant in Commune.\n", to=LIST)
        table._deliver(table.public_port, VICTIM, LIST, raw, START)
        assert answers(table, START + H) == []
    finally:
        table.close()


def test_a_cc_to_the_list_on_private_mail_neither_announces_nor_reaches_the_list(
    table: ScgoPipeline,
) -> None:
    """The list may never have carried it: a forged Cc must not make an announcement, nor
    make the referee post the mail's lines to the list (acknowledgements go to the list
    here)."""
    raw = forged(
        NIX.address,
        f"I become a participant in Commune.\n{SPAM}\n",
        to=BOT,
        subject="joining",
        Cc=LIST,
    )
    table.deliver_private(NIX.address, raw, START)
    sent = answers(table, START + H)
    assert [m.recipients for m in sent] == [(NIX.address,)]
    assert "REJECTED: this was mailed privately" in sent[0].text


def test_a_signed_message_of_a_stranger_replayed_days_later_gets_no_answer(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink
) -> None:
    # SEC-1: under answer_unregistered = "verified", private mail is answered when a DKIM
    # signature of the sender's own domain vouches for it. A signed message harvested from
    # an archive and mailed to the referee days later must not aim an answer at its signer:
    # the signature proves the old Date, as for any other use of DKIM.
    (tmp_path / "dkim").mkdir()
    key = DkimKey(tmp_path / "dkim")
    table = ScgoPipeline(
        tmp_path,
        sqlite_url,
        smtp_sink,
        [NIX],
        game=commune(),
        referee={"answer_unregistered": "verified"},
        dkim_key=key,
    )
    try:
        key.publish(table.dns, "third-party.example")
        # The control: signed mail arriving when it was sent is answered.
        fresh = key.sign(
            table.compose(
                VICTIM, "I become a participant in Commune.\n", START, to=BOT, subject="a"
            ),
            "third-party.example",
        )
        table.deliver_private(VICTIM, fresh, START)
        assert [m.recipients for m in answers(table, START + H)] == [(VICTIM,)]
        old = key.sign(
            table.compose(
                VICTIM,
                "I would join Commune.\nI become a participant.\n",
                START,
                to=BOT,
                subject="b",
            ),
            "third-party.example",
        )
        table.deliver_private(VICTIM, old, START + 3 * 24 * H)  # its Date is START
        assert answers(table, START + 3 * 24 * H + H) == []
    finally:
        table.close()
