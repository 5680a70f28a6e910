"""Who wrote it: attacks on attribution, headers, DKIM and time, through the real pipeline.

Each test writes the mail as an attacker would and delivers it as a deployment receives it:
over LMTP into the referee's private or the list's public mailbox, through IMAP from a real
Dovecot, or from a mail directory by the importer. The referee then processes it and sends
whatever it sends over SMTP to aiosmtpd. Each attack must be refused with nothing changed,
nothing answered to the person the attacker names, and no secret given away; each family
also has the genuine mail beside it, so that the test fails if the refusal were blanket.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest
from scgo_mail import (
    BOT,
    GAMESMASTER,
    GAMESMASTER_ADDRESS,
    LIST,
    ROUND,
    START,
    DkimKey,
    Player,
    ScgoPipeline,
    assert_no_move_leaked,
    scgo_game,
)
from servers.dovecot import DovecotAccount
from servers.smtp import SmtpSink
from sqlalchemy import select

from referee.config import ImapSource, Secret, TlsMode, Visibility
from referee.ingress.imap import ImapPoller
from referee.ingress.importer import import_paths
from referee.ingress.inbox import Status
from referee.store.models import GameRecord, InboundMessage

H = timedelta(hours=1)
MINUTE = timedelta(minutes=1)
R1, R2 = START + ROUND, START + 2 * ROUND
LIST_ID = "<agora-business.example.org>"
ADMIN = "admin@example.org"

PLAYERS = [
    Player("nix", "nix@example.org", signs_as="example.org"),
    Player("Janet", "janet@example.net", signs_as="example.net"),
    # Kate's provider signs for the parent domain it shares with nix.
    Player("Kate", "kate@mail.example.org", signs_as="example.org"),
]


@pytest.fixture(scope="module")
def dkim_key(tmp_path_factory: pytest.TempPathFactory) -> DkimKey:
    return DkimKey(tmp_path_factory.mktemp("dkim"))


@pytest.fixture
def table(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink, dkim_key: DkimKey
) -> Iterator[ScgoPipeline]:
    pipeline = ScgoPipeline(
        tmp_path,
        sqlite_url,
        smtp_sink,
        PLAYERS,
        game=scgo_game(move_proof="dkim"),
        dkim_key=dkim_key,
    )
    try:
        yield pipeline
    finally:
        pipeline.close()


def forged(headers: dict[str, str], body: str, at: Any, *, to: str = LIST) -> bytes:
    """A message with exactly ``headers`` (in order) and a Date and Message-ID of its own."""
    message = EmailMessage()
    for name, value in headers.items():
        message[name] = value
    message["To"] = to
    message["Subject"] = "Register"
    message["Date"] = format_datetime(at)
    digest = hashlib.sha1(repr((headers, body, at)).encode()).hexdigest()[:20]
    message["Message-ID"] = f"<{digest}@attacker.example>"
    message.set_content(body)
    return message.as_bytes().replace(b"\n", b"\r\n")


def offices(table: ScgoPipeline) -> dict[str, Any]:
    with table.app.db.transaction() as session:
        record = session.scalar(select(GameRecord).where(GameRecord.name == "Register"))
        state = dict(record.state) if record is not None else {}
    found = state.get("offices", {})
    assert isinstance(found, dict)
    return found


def inbound(table: ScgoPipeline) -> list[InboundMessage]:
    with table.app.db.transaction() as session:
        rows = list(session.scalars(select(InboundMessage).order_by(InboundMessage.id)))
        session.expunge_all()
        return rows


def quarantined_because(table: ScgoPipeline, words: str) -> None:
    last = inbound(table)[-1]
    assert last.status == Status.QUARANTINED.value, (last.status, last.results)
    assert last.reason is not None and words in last.reason, last.reason


def referee_of(table: ScgoPipeline) -> str | None:
    holder = offices(table).get("referee", GAMESMASTER)
    return holder if isinstance(holder, str) or holder is None else None


# -- list rewriting honoured only where the list carried the mail ----------------------------

APPOINT = "I appoint Janet as the referee."
VIA = '"Murphy via agora-business" <agora-business@example.org>'
ENCODED_VIA = "=?utf-8?q?Murphy_via_agora-business?= <agora-business@example.org>"

# (name, headers, route, words of the quarantine reason or None if answered as an outsider)
LIST_TRICKS: list[tuple[str, dict[str, str], str, str | None]] = [
    (
        "via name on the private route, even with the List-Id",
        {"From": VIA, "Reply-To": GAMESMASTER_ADDRESS, "List-Id": LIST_ID},
        "private",
        "it came to the referee privately",
    ),
    (
        "encoded via name on the public route without List-Id",
        {"From": ENCODED_VIA, "Reply-To": GAMESMASTER_ADDRESS},
        "public",
        "it has no List-Id",
    ),
    (
        "the list's address in From, X-Original-From, no List-Id",
        {"From": LIST, "X-Original-From": GAMESMASTER_ADDRESS},
        "public",
        "it has no List-Id",
    ),
    (
        "another list's List-Id",
        {"From": VIA, "Reply-To": GAMESMASTER_ADDRESS, "List-Id": "<agora-business.evil.example>"},
        "public",
        "is not the list's",
    ),
    (
        "carried by the list, the officer only in Cc",
        {"From": VIA, "Reply-To": LIST, "Cc": GAMESMASTER_ADDRESS, "List-Id": LIST_ID},
        "public",
        "no address in Reply-To or X-Original-From",
    ),
    (
        "carried by the list, the officer beside the forger in Reply-To",
        {
            "From": VIA,
            "Reply-To": f"forger@evil.example, {GAMESMASTER_ADDRESS}",
            "List-Id": LIST_ID,
        },
        "public",
        "ambiguous",
    ),
    (
        "carried by the list, Reply-To and X-Original-From disagree",
        {
            "From": VIA,
            "Reply-To": "forger@evil.example",
            "X-Original-From": GAMESMASTER_ADDRESS,
            "List-Id": LIST_ID,
        },
        "public",
        "ambiguous",
    ),
    (
        "a via name on the forger's own address",
        {
            "From": '"Murphy via agora-business" <forger@evil.example>',
            "Reply-To": GAMESMASTER_ADDRESS,
        },
        "public",
        None,
    ),
]


def deliver_public(table: ScgoPipeline, raw: bytes, at: Any) -> None:
    table._deliver(table.public_port, "list-bounces@example.org", LIST, raw, at)


@pytest.mark.parametrize(
    ("headers", "route", "reason"),
    [case[1:] for case in LIST_TRICKS],
    ids=[case[0] for case in LIST_TRICKS],
)
def test_list_rewriting_that_the_list_did_not_carry_names_no_officer(
    table: ScgoPipeline, headers: dict[str, str], route: str, reason: str | None
) -> None:
    at = START - H
    raw = forged(headers, APPOINT, at, to=BOT if route == "private" else LIST)
    if route == "private":
        table.deliver_private("list-bounces@example.org", raw, at)
    else:
        deliver_public(table, raw, at)
    sent = table.run(at + MINUTE)
    assert referee_of(table) == GAMESMASTER
    assert table.to(GAMESMASTER, sent) == [] and table.to("Janet", sent) == []
    assert table.to(LIST, sent) == []
    if reason is not None:
        quarantined_because(table, reason)
        assert sent == []
    else:
        # Mail from its literal From: an outsider, told at most how to register.
        assert all(m.recipients == ("forger@evil.example",) for m in sent)
        assert all(APPOINT not in m.body for m in sent)


def test_the_same_rewriting_carried_by_the_list_names_the_officer(table: ScgoPipeline) -> None:
    # The control: what the attacks imitate works when the list really carried it.
    at = START - H
    raw = forged({"From": VIA, "Reply-To": GAMESMASTER_ADDRESS, "List-Id": LIST_ID}, APPOINT, at)
    deliver_public(table, raw, at)
    table.run(at + MINUTE)
    assert referee_of(table) == "Janet"


def test_a_forged_administrator_through_list_tricks_changes_nothing(table: ScgoPipeline) -> None:
    at = START - H
    tricks = [
        {"From": '"admin via agora-business" <agora-business@example.org>', "Reply-To": ADMIN},
        {"From": LIST, "X-Original-From": ADMIN, "List-Id": "<agora-business.evil.example>"},
        {"From": LIST, "Reply-To": LIST, "Cc": ADMIN, "List-Id": LIST_ID},
        # Carried by the list: the author is taken from Reply-To, which is no administrator's
        # proof (administrators act by their own From or the command line).
        {"From": LIST, "Reply-To": ADMIN, "List-Id": LIST_ID},
    ]
    for index, headers in enumerate(tricks):
        deliver_public(table, forged(headers, "Janet is now the referee.", at + index * MINUTE), at)
    sent = table.run(at + H)
    assert referee_of(table) == GAMESMASTER
    assert [m for m in sent if ADMIN in m.recipients] == []
    statuses = [row.status for row in inbound(table)]
    assert statuses[:3] == [Status.QUARANTINED.value] * 3


def test_a_list_signature_on_a_post_in_an_administrators_name_proves_nothing(
    table: ScgoPipeline, dkim_key: DkimKey
) -> None:
    # SEC-1. The administrator's address is at the list's own domain (example.org), and
    # the list DKIM-signs every post it carries, whoever wrote its From, and leaves From
    # alone: its signature vouches for the list, not for the person From names. (Before
    # the fix this post made Janet the referee.)
    at = START - H
    post = forged({"From": ADMIN, "List-Id": LIST_ID}, "Janet is now the referee.", at)
    deliver_public(table, dkim_key.sign(post, "example.org"), at)
    sent = table.run(at + MINUTE)
    assert referee_of(table) == GAMESMASTER
    assert table.to("Janet", sent) == [] and table.to(LIST, sent) == []
    results = inbound(table)[-1].results
    assert results is not None
    (action,) = results["actions"]
    assert action["outcome"] == "rejected" and "nothing in this message proves" in action["summary"]


@pytest.mark.parametrize(
    "named_in",
    [
        {"Reply-To": "nix <nix@example.org>"},
        {"Reply-To": LIST, "X-Original-From": "nix@example.org"},
        {"Reply-To": LIST, "Cc": "nix@example.org"},
    ],
    ids=["reply-to", "x-original-from", "cc"],
)
def test_a_play_for_a_player_through_list_tricks_is_not_eirs(
    table: ScgoPipeline, named_in: dict[str, str]
) -> None:
    begin(table)
    headers = {"From": '"nix via agora-business" <agora-business@example.org>', **named_in}
    raw = forged({**headers, "List-Id": LIST_ID}, "I play b2\n", START + H, to=BOT)
    table.deliver_private("agora-business@example.org", raw, START + H)
    sent = table.run(START + 2 * H)
    quarantined_because(table, "it came to the referee privately")
    assert sent == []
    announcement = only(table.to(LIST, table.run(R1 + MINUTE)))
    assert "nix: did not play" in announcement.text
    assert "b2" not in announcement.text


@pytest.fixture
def imap_source(dovecot: DovecotAccount) -> ImapSource:
    return ImapSource(
        name="list",
        visibility=Visibility.PUBLIC,
        host=dovecot.host,
        port=dovecot.port,
        tls=TlsMode.NONE,
        user=dovecot.user,
        password=Secret(dovecot.password),
        folders=("INBOX",),
        idle=False,
        poll_seconds=30.0,
        timeout_seconds=5.0,
    )


@pytest.mark.dovecot
def test_list_tricks_read_from_imap_name_no_officer(
    table: ScgoPipeline, dovecot: DovecotAccount, imap_source: ImapSource
) -> None:
    at = START - H
    for _name, headers, route, _ in LIST_TRICKS:
        if route == "public":
            dovecot.append("INBOX", forged(headers, APPOINT, at))
    with ImapPoller(imap_source, table.app.inbox, table.app.db) as poller:
        assert poller.poll_once() == sum(1 for case in LIST_TRICKS if case[2] == "public")
    sent = table.run(at + MINUTE)
    assert referee_of(table) == GAMESMASTER
    assert table.to(GAMESMASTER, sent) == [] and table.to("Janet", sent) == []
    rows = inbound(table)
    assert all(row.route.startswith("imap:") for row in rows)
    assert sum(row.status == Status.QUARANTINED.value for row in rows) == len(rows) - 1


def test_list_tricks_imported_from_a_directory_name_no_officer(
    table: ScgoPipeline, tmp_path: Path
) -> None:
    at = START - H
    folder = tmp_path / "archive"
    folder.mkdir()
    received = f"Received: by mx.example.org; {format_datetime(at)}\r\n".encode()
    for index, (_, headers, route, _) in enumerate(LIST_TRICKS):
        if route == "public":
            (folder / f"{index:02}.eml").write_bytes(received + forged(headers, APPOINT, at))
    summary = import_paths([folder], table.app.inbox, Visibility.PUBLIC)
    assert summary.stored == sum(1 for case in LIST_TRICKS if case[2] == "public")
    sent = table.run(at + MINUTE)
    assert referee_of(table) == GAMESMASTER
    assert table.to(GAMESMASTER, sent) == [] and table.to("Janet", sent) == []


# -- one strict reading of the header ------------------------------------------------------


def test_a_bare_cr_cannot_hide_a_second_from_behind_a_valid_signature(
    table: ScgoPipeline, dkim_key: DkimKey
) -> None:
    begin(table)
    # Kate signs her own mail (her provider signs example.org, nix's domain too), then puts
    # a From of nix's behind a bare CR, where the signature's reader sees only a header
    # value and a lenient parser sees a second From.
    raw = table.compose(
        "kate@mail.example.org", "I play b2\n", START + H, to=BOT, subject="my move"
    )
    signed = dkim_key.sign(raw, "example.org")
    attack = b"X-Mailer: mutt\rFrom: nix@example.org\r\n" + signed
    table.deliver_private("kate@mail.example.org", attack, START + H)
    sent = table.run(START + 2 * H)
    quarantined_because(table, "bare CR")
    assert sent == []
    # Without the trick Kate's signed mail is Kate's, and proves Kate, not nix.
    genuine = table.compose(
        "kate@mail.example.org", "I play b2\n", START + 2 * H, to=BOT, subject="my move"
    )
    table.deliver_private(
        "kate@mail.example.org", dkim_key.sign(genuine, "example.org"), START + 2 * H
    )
    assert [m.recipients for m in table.run(START + 3 * H)] == [("kate@mail.example.org",)]
    announcement = only(table.to(LIST, table.run(R1 + MINUTE)))
    assert "nix: did not play" in announcement.text
    assert "Kate: played b2" in announcement.text


@pytest.mark.parametrize(
    ("sender", "words"),
    [
        ('"nix@example.org" <forger@evil.example>', "holds another address"),
        ("nix@example.org <forger@evil.example>", "holds another address"),
        ("=?utf-8?q?nix=40example=2Eorg?= <forger@evil.example>", "holds another address"),
        ("nix (nix@example.org) <forger@evil.example>", "holds another address"),  # SEC-1
        ("nix@example.org, forger@evil.example", "several addresses"),
    ],
)
def test_a_from_whose_name_is_another_address_is_refused(
    table: ScgoPipeline, sender: str, words: str
) -> None:
    begin(table)
    raw = forged({"From": sender}, "I play b2\n", START + H, to=BOT)
    table.deliver_private("forger@evil.example", raw, START + H)
    sent = table.run(START + 2 * H)
    quarantined_because(table, words)
    assert sent == []
    announcement = only(table.to(LIST, table.run(R1 + MINUTE)))
    assert "nix: did not play" in announcement.text
    assert "b2" not in announcement.text


# -- DKIM: a replayed signature proves nothing -----------------------------------------------


def test_a_signed_play_replayed_in_the_next_round_does_not_replace_the_new_one(
    table: ScgoPipeline, dkim_key: DkimKey
) -> None:
    begin(table)
    old = dkim_key.sign(
        table.compose("janet@example.net", "I play e5\n", START + H, to=BOT, subject="my move"),
        "example.net",
    )
    table.deliver_private("janet@example.net", old, START + H)
    table.move("nix", "a1", START + H)
    table.keep_secret("Janet", "e5", START + H)
    first = only(table.to(LIST, table.run(R1 + MINUTE)))
    assert "Janet: played e5" in first.text
    table.move("Janet", "d4", R1 + H)
    table.move("nix", "a2", R1 + H)
    table.run(R1 + 2 * H)
    # The forger sends Janet's signed round-1 mail again with a new identity on top; a
    # forger who replaces the Message-ID instead breaks the signature.
    prepended = b"Message-ID: <replay-1@evil.example>\r\n" + old
    table.deliver_private("janet@example.net", prepended, R1 + 3 * H)
    replaced = old.replace(b"Message-ID: <", b"Message-ID: <replay-2.")
    table.deliver_private("janet@example.net", replaced, R1 + 3 * H)
    # A signed mail of Janet's from round 1 that the forger held back arrives intact: its
    # signature passes, but its signed Date is days before its arrival, so it proves
    # nothing now.
    held = dkim_key.sign(
        table.compose("janet@example.net", "I play f6\n", START + H, to=BOT, subject="x"),
        "example.net",
    )
    table.deliver_private("janet@example.net", held, R1 + 3 * H)
    sent = table.run(R1 + 4 * H)
    rows = inbound(table)
    assert rows[-3].status == Status.QUARANTINED.value
    assert rows[-3].reason is not None and "2 Message-ID headers" in rows[-3].reason
    # Read, but without the DKIM proof: refused, as any unproven move is.
    assert [row.status for row in rows[-2:]] == [Status.DONE.value] * 2
    answers = table.to("Janet", sent)
    assert len(answers) == 2 and all("REJECTED" in m.text for m in answers)
    second = only(table.to(LIST, table.run(R2 + MINUTE)))
    assert "Janet: played d4" in second.text
    assert assert_no_move_leaked(table, []) > 0


# -- time: the referee's clock rules ---------------------------------------------------------


def test_a_message_dated_ahead_cannot_resolve_a_round_early(
    table: ScgoPipeline, dkim_key: DkimKey
) -> None:
    begin(table)
    table.move("Kate", "c3", START + H)
    table.run(START + 2 * H)
    # nix's signed move claims a time two minutes past the deadline, three minutes before it.
    ahead = table.compose("nix@example.org", "I play a1\n", R1 + 2 * MINUTE, to=BOT, subject="x")
    table.keep_secret("nix", "a1", R1 - 3 * MINUTE)
    table.deliver_private("nix@example.org", dkim_key.sign(ahead, "example.org"), R1 - 3 * MINUTE)
    early = table.run(R1 - 2 * MINUTE)
    assert table.to(LIST, early) == []  # the round is not resolved early
    (receipt,) = table.to("nix", early)
    assert "is a1" in receipt.text  # counted at its arrival, within the round
    assert "after it arrived" in receipt.text
    table.move("Janet", "e5", R1 - MINUTE)  # in time
    in_time = table.run(R1 - MINUTE / 2)
    assert "is e5" in only(table.to("Janet", in_time)).text
    announcement = only(table.to(LIST, table.run(R1 + MINUTE)))
    assert "nix: played a1" in announcement.text
    assert "Janet: played e5" in announcement.text
    assert "Kate: played c3" in announcement.text
    assert assert_no_move_leaked(table, []) > 0


# -- helpers ---------------------------------------------------------------------------------


def begin(table: ScgoPipeline) -> None:
    """nix, Janet and Kate agree; the GamesMaster begins the game at START."""
    for index, name in enumerate(("nix", "Janet", "Kate")):
        table.public(name, "I agree to play Single-Capture Go.", START - (index + 2) * H)
    table.public(
        GAMESMASTER,
        "I announce the beginning of a game of Single-Capture Go with nix, Janet and Kate.",
        START,
    )
    table.run(START + MINUTE)


def only(mails: list[Any]) -> Any:
    assert len(mails) == 1, [m.subject for m in mails]
    return mails[0]
