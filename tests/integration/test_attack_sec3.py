"""The adversarial review SEC-3 (docs/security.md): each attack as an attacker would mail it,
through LMTP into the real pipeline (SQLite or PostgreSQL, SMTP out to aiosmtpd)."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Iterator
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from scgo_mail import (
    BOT,
    GAME,
    GAMESMASTER,
    GAMESMASTER_ADDRESS,
    LIST,
    ROUND,
    START,
    DkimKey,
    Player,
    ScgoPipeline,
    scgo_game,
)
from servers.smtp import SmtpSink
from sqlalchemy import select

from referee.engine.history import canonical_dump
from referee.engine.replied import public_under
from referee.ingress.inbox import Status
from referee.store.models import InboundMessage

H = timedelta(hours=1)
M = timedelta(minutes=1)

NIX = Player("nix", "nix@example.org", passphrase="walrus and carpenter")
JANET = Player("Janet", "janet@example.net", passphrase="snark boojum")
PLAYERS = [NIX, JANET]
ANNOUNCEMENT = "I announce the beginning of a game of Single-Capture Go with nix and Janet."


@pytest.fixture
def table(tmp_path: Path, database_url: str, smtp_sink: SmtpSink) -> Iterator[ScgoPipeline]:
    game = ScgoPipeline(
        tmp_path, database_url, smtp_sink, PLAYERS, game=scgo_game(move_proof="passphrase")
    )
    try:
        yield game
    finally:
        game.close()


def agree(table: ScgoPipeline) -> None:
    for index, player in enumerate(PLAYERS):
        table.public(player.name, "I agree to play Single-Capture Go.", START - (index + 2) * H)


def begin(table: ScgoPipeline) -> None:
    agree(table)
    table.public(GAMESMASTER, ANNOUNCEMENT, START)
    table.run(START + M)


def forged(sender: str, body: str, message_id: str, date: str, *, to: str = BOT) -> bytes:
    """A message under another message's Message-ID and Date, as an attacker writes it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "my move"
    message["Date"] = date
    message["Message-ID"] = message_id
    message.set_content(body)
    return message.as_bytes()


def headers_of(raw: bytes) -> tuple[str, str]:
    parsed = email.message_from_bytes(raw, policy=email.policy.compat32)
    return str(parsed["Message-ID"]), str(parsed["Date"])


def statuses(table: ScgoPipeline) -> list[str]:
    with table.app.db.transaction() as session:
        return list(session.scalars(select(InboundMessage.status).order_by(InboundMessage.id)))


def test_guesses_of_a_private_play_under_its_message_id_are_answered_alike(
    table: ScgoPipeline,
) -> None:
    """SEC-2 left open: a guess with the play's Message-ID, Date and text (the passphrase
    written as its blank) was "another copy" and got no answer, a wrong guess got
    "Message-ID already used": the answer told the attacker the secret square."""
    begin(table)
    body, at = f"I play c3\n{NIX.passphrase}\n", START + H
    table.private("nix", body, at)
    message_id, date = headers_of(table.compose(NIX.address, body, at, to=BOT, subject="my move"))
    table.run(at + M)
    told: dict[str, int] = {}
    for index, square in enumerate(("c3", "d4")):
        guess = forged(JANET.address, f"I play {square}\n[passphrase]\n", message_id, date)
        arrival = at + (index + 2) * H
        table.deliver_private(JANET.address, guess, arrival)
        told[square] = len(table.to("Janet", table.run(arrival + M)))
    assert told["c3"] == told["d4"]
    # Neither guess was taken for a copy: both are kept for an officer, unread.
    assert statuses(table)[-2:] == [Status.QUARANTINED.value] * 2


def test_a_guess_in_the_players_own_name_is_no_copy_without_eir_passphrase(
    table: ScgoPipeline,
) -> None:
    """The right text under the right Message-ID, From forged: without the passphrase the
    play held, it is not a copy (it is kept unread; the player is told, nobody else)."""
    begin(table)
    body, at = f"I play c3\n{NIX.passphrase}\n", START + H
    table.private("nix", body, at)
    message_id, date = headers_of(table.compose(NIX.address, body, at, to=BOT, subject="my move"))
    table.run(at + M)
    guess = forged(NIX.address, "I play c3\n[passphrase]\n", message_id, date)
    table.deliver_private(JANET.address, guess, at + 2 * H)
    sent = table.run(at + 2 * H + M)
    assert statuses(table)[-1] == Status.QUARANTINED.value
    assert [m.recipients for m in sent] == [(NIX.address,)]


def test_a_public_post_keeps_its_place_when_private_mail_took_its_message_id(
    table: ScgoPipeline,
) -> None:
    """SEC-2 left open: an outsider mails the referee privately under the Message-ID of a
    list post before the referee's list mailbox hands the post over. The post was
    quarantined as a message reusing a Message-ID, and the game never began."""
    agree(table)
    post = table.compose(
        GAMESMASTER_ADDRESS,
        ANNOUNCEMENT,
        START,
        to=LIST,
        subject="Single-Capture Go",
        name=GAMESMASTER,
    )
    message_id, date = headers_of(post)
    first = forged("mallory@evil.example", "Hello.", message_id, date)
    table.deliver_private("mallory@evil.example", first, START + M)
    table.public(GAMESMASTER, ANNOUNCEMENT, START)
    table.run(START + 2 * M)
    with table.app.db.transaction() as session:
        game = canonical_dump(session)["games"][GAME]
        begun = [e["outcome"] for e in game["events"] if e["kind"] == "BeginGame"]
        assert begun == ["applied"]
        # A reply to the post finds the post, not the private message under its Message-ID.
        found = public_under(session, message_id.strip("<>"))
        assert found is not None and found.visibility == "public"
    assert statuses(table)[-1] == Status.DONE.value


def listed(raw: bytes) -> bytes:
    """The list's copy of a message Bcc'd to it: its own header fields added on top."""
    return b"List-Id: <agora-business.example.org>\nX-Mailman-Version: 2.1\n" + raw


def plays(table: ScgoPipeline) -> list[object]:
    with table.app.db.transaction() as session:
        events = canonical_dump(session)["games"][GAME]["events"]
    return list(events[-1]["state_after"]["plays"])


def bcc_play(table: ScgoPipeline, at: datetime, *, proof: bool = True) -> bytes:
    body = f"I play c3\n{NIX.passphrase}\n" if proof else "I play c3\n"
    return table.compose(NIX.address, body, at, to=BOT, subject="my move")


def test_a_private_play_bccd_to_the_list_is_a_public_play_and_its_author_warned(
    table: ScgoPipeline,
) -> None:
    """SEC-2 left open: the play Bcc'd to the list counted as private (the list is in no
    To or Cc), and its author was never told that everyone had read it."""
    begin(table)
    at = START + H
    raw = bcc_play(table, at)
    table.deliver_private(NIX.address, raw, at)
    table.run(at + M)
    assert len(plays(table)) == 1  # counted, as far as the referee could know
    table._deliver(table.public_port, NIX.address, LIST, listed(raw), at + 5 * M)
    warned = table.to("nix", table.run(at + 6 * M))
    assert plays(table) == []  # a play everyone read is not a private play
    (warning,) = warned
    assert "came through a public list" in warning.text
    assert "passphrase was in it and is no longer secret" in warning.text
    assert str(NIX.passphrase) not in warning.text and "c3" not in warning.text
    # Nothing went to the list about it, and a replay agrees with what was done live.
    assert table.to(LIST, warned) == []
    table.replay_matches_live()


def test_a_bccd_play_whose_list_copy_comes_first_is_refused_at_once(table: ScgoPipeline) -> None:
    begin(table)
    at = START + H
    raw = bcc_play(table, at)
    table.deliver_private(NIX.address, raw, at)
    table._deliver(table.public_port, NIX.address, LIST, listed(raw), at + M)
    (answer,) = table.to("nix", table.run(at + 2 * M))
    assert plays(table) == []
    assert "public list among its recipients" in answer.text


def test_a_guess_posted_to_the_list_under_a_plays_message_id_reveals_nothing(
    table: ScgoPipeline,
) -> None:
    """The list's copy must carry the play's proof: a forger who posts the right text under
    the play's Message-ID, without the passphrase, neither cancels the play nor is told."""
    begin(table)
    at = START + H
    raw = bcc_play(table, at)
    table.deliver_private(NIX.address, raw, at)
    table.run(at + M)
    message_id, date = headers_of(raw)
    guess = forged(NIX.address, "I play c3\n[passphrase]\n", message_id, date, to=LIST)
    table._deliver(table.public_port, NIX.address, LIST, listed(guess), at + 5 * M)
    table.run(at + 6 * M)
    assert len(plays(table)) == 1


def test_a_list_copy_after_the_round_was_resolved_leaves_the_round_as_announced(
    table: ScgoPipeline,
) -> None:
    begin(table)
    at = START + H
    raw = bcc_play(table, at)
    table.deliver_private(NIX.address, raw, at)
    table.run(START + ROUND + M)  # the round is resolved with the play in it
    with table.app.db.transaction() as session:
        before = canonical_dump(session)["games"][GAME]
    table._deliver(table.public_port, NIX.address, LIST, listed(raw), START + ROUND + H)
    (warning,) = table.to("nix", table.run(START + ROUND + 2 * H))
    assert "round stands as it was" in warning.text
    with table.app.db.transaction() as session:
        assert canonical_dump(session)["games"][GAME] == before
    table.replay_matches_live()


@pytest.fixture
def signed_table(tmp_path: Path, database_url: str, smtp_sink: SmtpSink) -> Iterator[ScgoPipeline]:
    players = [Player("nix", "nix@example.org", signs_as="example.org"), JANET]
    game = ScgoPipeline(
        tmp_path,
        database_url,
        smtp_sink,
        players,
        game=scgo_game(move_proof="dkim"),
        dkim_key=DkimKey(tmp_path),
    )
    try:
        yield game
    finally:
        game.close()


def test_a_signed_play_resent_in_the_next_round_counts_once_in_its_own(
    signed_table: ScgoPipeline,
) -> None:
    """Held: a signature proves who, not when. Resent a day later (Resent-From on top, by
    another route, inside the 24 hours' tolerance), the play is a copy of the stored one
    (it carries the same signature): recorded, never counted again, in no other round."""
    table = signed_table
    begin(table)
    at = START + ROUND - H
    raw = table.key.sign(bcc_play(table, at, proof=False), "example.org") if table.key else b""
    table.deliver_private(NIX.address, raw, at)
    table.run(START + ROUND + M)
    with table.app.db.transaction() as session:
        before = canonical_dump(session)["games"][GAME]
    counted = [e for e in before["events"] if e["actor"] == "nix" and e["outcome"] == "applied"]
    assert [e["kind"] for e in counted][-1] == "PlaySquare"  # the signature proved it
    resent = b"Resent-From: mallory@evil.example\r\nResent-Date: now\r\n" + raw
    table.deliver_private("mallory@evil.example", resent, at + 20 * H)
    assert table.run(at + 21 * H) == []
    with table.app.db.transaction() as session:
        assert canonical_dump(session)["games"][GAME] == before
    assert statuses(table)[-1] == Status.DONE.value


def test_a_play_whose_message_id_private_mail_took_first_is_kept_and_its_author_told(
    table: ScgoPipeline,
) -> None:
    """The other side of SEC-3-3: someone takes the Message-ID of a coming play first (a
    client whose Message-IDs can be foreseen). The play differs in its proofs, not only
    its text, so telling its author reveals nothing, and e must know to send it again."""
    begin(table)
    body, at = f"I play c3\n{NIX.passphrase}\n", START + H
    message_id, date = headers_of(table.compose(NIX.address, body, at, to=BOT, subject="my move"))
    first = forged("mallory@evil.example", "Hello.", message_id, date)
    table.deliver_private("mallory@evil.example", first, at - M)
    table.private("nix", body, at)
    (told,) = table.to("nix", table.run(at + M))
    assert "Message-ID is already the Message-ID of a" in told.text
    assert statuses(table)[-1] == Status.QUARANTINED.value


def test_a_play_copied_to_the_list_is_warned_about_once_when_the_lists_copy_comes(
    table: ScgoPipeline,
) -> None:
    """A Cc to the list was already read as published (P9); the list's copy arriving
    later changes nothing and warns nobody again."""
    begin(table)
    at = START + H
    raw = bcc_play(table, at).replace(f"To: {BOT}".encode(), f"To: {BOT}\nCc: {LIST}".encode())
    table.deliver_private(NIX.address, raw, at)
    assert len(table.to("nix", table.run(at + M))) == 1
    table._deliver(table.public_port, NIX.address, LIST, listed(raw), at + 5 * M)
    assert table.to("nix", table.run(at + 6 * M)) == []
    assert plays(table) == []


def test_a_list_copy_the_list_changed_is_kept_aside_never_read_as_a_second_post(
    table: ScgoPipeline,
) -> None:
    """A list that changes the author's lines makes its copy another text; carrying the
    author's passphrase, it is eir own mail, not a forger's displacing it: kept aside for
    an officer as P9a did (and the author told), never performed a second time."""
    begin(table)
    at = START + H
    raw = bcc_play(table, at)
    table.deliver_private(NIX.address, raw, at)
    table.run(at + M)
    changed = listed(raw).replace(b"I play c3\n", b"I play c3\nSent from the list's web form.\n")
    table._deliver(table.public_port, NIX.address, LIST, changed, at + 5 * M)
    sent = table.run(at + 6 * M)
    assert statuses(table)[-1] == Status.QUARANTINED.value
    assert [m.recipients for m in sent] == [(NIX.address,)]
