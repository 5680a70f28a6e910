"""Whole games of Single-Capture Go through the real pipeline.

Private moves reach the referee over LMTP, public posts over LMTP into the list's mailbox,
every answer and announcement goes out over SMTP to aiosmtpd; moves carry passphrases read
from files or real DKIM signatures. Each announcement of the 12-player game is pinned as a
whole mail (``REFEREE_REGEN=1`` rewrites the files; read them before committing).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from datetime import timedelta
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
    Sent,
    assert_golden,
    assert_no_move_leaked,
    scgo_game,
)
from servers.smtp import SmtpSink

H = timedelta(hours=1)
R1, R2, R3 = START + ROUND, START + 2 * ROUND, START + 3 * ROUND

TWELVE = [
    Player("nix", "nix@example.org", passphrase="walrus and carpenter"),
    Player("Janet", "janet@example.net", signs_as="example.net"),
    Player("Aspen", "aspen@example.com", passphrase="slithy toves gyre"),
    Player("Kate", "kate@mail.example.org", signs_as="example.org"),  # a parent domain signs
    Player("ais523", "ais523@example.net", passphrase="bandersnatch frumious"),
    Player("Aris", "aris@example.com", passphrase="vorpal blade snicker"),
    Player("Trigon", "trigon@example.com", passphrase="tumtum tree rested"),
    Player("Gaelan", "gaelan@example.com", passphrase="mimsy borogoves outgrabe"),
    Player("Yachay", "yachay@example.com", passphrase="callooh callay chortled"),
    Player("Juan", "juan@example.com", passphrase="beamish boy galumphing"),
    Player("snail", "snail@example.com", passphrase="tulgey wood whiffling"),
    Player("Cosmo", "cosmo@example.com", passphrase="uffish thought burbled"),
]


@pytest.fixture(scope="module")
def dkim_key(tmp_path_factory: pytest.TempPathFactory) -> DkimKey:
    return DkimKey(tmp_path_factory.mktemp("dkim"))


@pytest.fixture
def twelve(
    tmp_path: Path, database_url: str, smtp_sink: SmtpSink, dkim_key: DkimKey
) -> Iterator[ScgoPipeline]:
    """The 12-player table, once on SQLite and once on PostgreSQL."""
    table = ScgoPipeline(
        tmp_path,
        database_url,
        smtp_sink,
        TWELVE,
        game=scgo_game(move_proof="passphrase-or-dkim"),
        dkim_key=dkim_key,
    )
    try:
        yield table
    finally:
        table.close()


def only(mails: list[Sent]) -> Sent:
    assert len(mails) == 1, [m.subject for m in mails]
    return mails[0]


def body_without_headers_echo(mail: Sent) -> str:
    """An answer's body without the lines that repeat the answered message's own headers."""
    return "\n".join(
        line
        for line in mail.body.splitlines()
        if not re.match(r"\s+(Subject|Date|Message-ID|Counted at):", line)
    )


def start_twelve(table: ScgoPipeline) -> None:
    """Half the players agree on the list, half tell the GamesMaster privately; a player
    cannot begin the game; the GamesMaster's public announcement does."""
    for index, player in enumerate(TWELVE):
        at = START - 20 * H + index * 10 * timedelta(minutes=1)
        if index % 2:
            table.private(player.name, "I agree to play Single-Capture Go.\n", at)
        else:
            table.public(player.name, "I agree to play Single-Capture Go.", at)
    names = ", ".join(p.name for p in TWELVE[:-1]) + f" and {TWELVE[-1].name}"
    begin = f"I announce the beginning of a game of Single-Capture Go with {names}."
    table.public("nix", begin, START - H)
    table.public(GAMESMASTER, begin, START)
    sent = table.run(START + timedelta(minutes=1))
    agreed, refused = table.to("nix", sent)
    assert "APPLIED: nix agreed to play" in agreed.text
    assert "REJECTED: Only the GamesMaster (the referee) can announce" in refused.text
    assert len([m for m in sent if "agreed to play" in m.text]) == 12
    assert_golden("scgo_mail12_round1.eml", only(table.to(LIST, sent)))


def round_one(table: ScgoPipeline) -> None:
    """A collision, a changed move, a public move, a spoof from a stranger, two plays in
    Gaelan's name with a wrong passphrase (before and after eir real one)."""
    table.move("nix", "a2", START + 1 * H)
    table.move("Janet", "c5", START + 2 * H)
    table.move("Aspen", "a1", START + 3 * H)
    table.move("Kate", "f6", START + 4 * H)
    table.move("ais523", "f6", START + 5 * H)  # collides with Kate
    table.move("Aris", "g7", START + 6 * H)
    table.move("Aris", "h8", START + 7 * H)  # replaces g7
    table.public("Trigon", "I play d4", START + 8 * H)  # not a play: posted to the list
    table.move("Trigon", "i9", START + 9 * H)
    table.private("mallory@evil.example", "I play b7\n", START + 10 * H)
    table.keep_secret("Gaelan", "b7", START + 11 * H)
    table.private("Gaelan", "I play b7\n\nmimsy borogoves\n", START + 11 * H)
    table.move("Gaelan", "j10", START + 12 * H)
    table.keep_secret("Gaelan", "b7", START + 13 * H)
    table.private("Gaelan", "I play b7\n\nmimsy borogoves\n", START + 13 * H)
    table.move("Yachay", "k11", START + 14 * H)
    table.move("Juan", "l12", START + 15 * H)
    table.move("snail", "d10", START + 16 * H)
    table.move("Cosmo", "e3", START + 17 * H)
    during = table.run(START + 20 * H)

    assert table.to(LIST, during) == []
    for player, square in [("nix", "a2"), ("Janet", "c5"), ("Kate", "f6"), ("Cosmo", "e3")]:
        receipt = only(table.to(player, during))
        assert f"is {square}. The round ends Thu 07 Mar 2024 12:00:00 UTC" in receipt.text
    aris = table.to("Aris", during)
    assert [m.text.count("replacing g7") for m in aris] == [0, 1]
    refusal = only(table.to("Trigon", during)[:1])
    assert "Mail your play to the referee privately" in refusal.text
    assert "I play d4" in refusal.text
    # A stranger's private mail is not answered: its From may be forged (backscatter).
    assert table.to("mallory@evil.example", during) == []
    before, receipt, after = table.to("Gaelan", during)
    assert "REJECTED: The referee cannot accept this as a play" in before.text
    assert "is j10" in receipt.text
    # Whether Gaelan had played is not in the answer to a play in eir name.
    assert body_without_headers_echo(before) == body_without_headers_echo(after)
    assert "mimsy" not in before.text

    resolved = table.run(R1 + timedelta(minutes=1))
    announcement = only(table.to(LIST, resolved))
    assert_golden("scgo_mail12_round2.eml", announcement)
    assert "D Kate: played f6 (also played by E ais523: @ placed)" in announcement.text
    assert "G Trigon: d4 (posted to the list, not mailed privately)" in announcement.text
    assert "b7" in announcement.text  # the attempts in Gaelan's name, now told
    assert "mallory" not in announcement.text  # a stranger's mail is no player's attempt
    assert "Nobody was doomed." in announcement.text


def round_two(table: ScgoPipeline) -> None:
    """A capture by surrounding (Aspen's a1), a player who does not move (Cosmo), a move to
    an occupied square (Juan's a2), and a late change (Yachay's, after the deadline)."""
    table.move("Janet", "b1", R1 + 1 * H)  # a1 now has A and B beside it, and a wall
    table.move("Aspen", "e5", R1 + 2 * H)
    table.move("nix", "a3", R1 + 3 * H)
    table.move("Juan", "a2", R1 + 4 * H)  # occupied by nix's A
    table.move("Juan", "l11", R1 + 5 * H)
    table.move("Kate", "f5", R1 + 6 * H)
    table.move("ais523", "f7", R1 + 7 * H)
    table.move("Aris", "h7", R1 + 8 * H)
    table.move("Trigon", "i8", R1 + 9 * H)
    table.move("Gaelan", "j9", R1 + 10 * H)
    table.move("Yachay", "k10", R1 + 11 * H)
    table.keep_secret("snail", "d9", R1 + 12 * H)
    table.private("snail", "I play d9 tulgey wood whiffling\n", R1 + 12 * H)  # same line
    during = table.run(R1 + 20 * H)
    refusal, receipt = table.to("Juan", during)
    assert "a2 holds the Letter A" in refusal.text
    assert '"naming exactly one square on the grid not occupied by a Letter' in refusal.text
    assert "is l11" in receipt.text
    snail = only(table.to("snail", during))
    assert '"I play d9" (Go, line 1) APPLIED' in snail.text
    assert "tulgey" not in snail.text

    # The deadline passes; before the referee's next pass, Yachay changes eir move.
    table.move("Yachay", "k12", R2 + 30 * timedelta(minutes=1))
    late = table.run(R2 + H)
    announcement = only(table.to(LIST, late))
    assert announcement.date == R2  # resolved at the deadline, before the late move
    assert_golden("scgo_mail12_round3.eml", announcement)
    assert "I Yachay: played k10 (I placed)" in announcement.text
    assert "C Aspen: Group a1 has no Liberty" in announcement.text
    assert "L Cosmo: did not play" in announcement.text
    assert "J Juan: a2 (occupied by a Letter)" in announcement.text
    assert (
        "Your play for round 3 of Single-Capture Go (Go) is k12"
        in only(table.to("Yachay", late)).text
    )


def round_three(table: ScgoPipeline) -> None:
    """Nobody but Yachay plays (eir late move): nine players are doomed at once, and the one
    player not doomed wins."""
    final = table.run(R3 + timedelta(minutes=1))
    result = only(table.to(LIST, final))
    assert_golden("scgo_mail12_result.eml", result)
    assert "I Yachay wins the game." in result.text
    assert len(final) == 1


def test_a_twelve_player_game_to_the_end(
    twelve: ScgoPipeline, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    start_twelve(twelve)
    round_one(twelve)
    round_two(twelve)
    round_three(twelve)
    assert len(twelve.announcements()) == 4
    assert {b"sel._domainkey.example.net.", b"sel._domainkey.example.org."} <= set(twelve.dns.asked)
    log_lines = [record.getMessage() for record in caplog.records] + caplog.text.splitlines()
    assert log_lines, "the game logged nothing to scan"
    assert assert_no_move_leaked(twelve, log_lines) > 10_000  # the scan had plenty to look at
    twelve.replay_matches_live()


# -- DKIM where the game requires it ---------------------------------------------------------

SIGNERS = [
    Player("nix", "nix@example.org", signs_as="example.org"),
    Player("Janet", "janet@example.net", signs_as="example.net"),
]


def begin(table: ScgoPipeline, names: list[str]) -> list[Sent]:
    """Every player agrees on the list; the GamesMaster begins the game at START."""
    for index, name in enumerate(names):
        table.public(name, "I agree to play Single-Capture Go.", START - (index + 2) * H)
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    table.public(
        GAMESMASTER,
        f"I announce the beginning of a game of Single-Capture Go with {listed}.",
        START,
    )
    return table.run(START + timedelta(minutes=1))


def test_where_the_game_requires_dkim_only_a_passing_signature_of_the_players_domain_counts(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink, dkim_key: DkimKey
) -> None:
    table = ScgoPipeline(
        tmp_path,
        sqlite_url,
        smtp_sink,
        SIGNERS,
        game=scgo_game(move_proof="dkim"),
        dkim_key=dkim_key,
    )
    try:
        begin(table, ["nix", "Janet"])
        assert table.dns.asked == []  # public mail is never checked
        dkim_key.publish(table.dns, "evil.example")
        dkim_key.publish(table.dns, "mail.example.net")
        for square in ("c1", "d1", "d1"):
            table.keep_secret("nix", square, START + H)
        table.private("nix", "I play c1\n", START + H)  # unsigned
        table.private("nix", "I play d1\n", START + 2 * H, sign_as="evil.example")
        changed = (b"I play c1", b"I play d1")  # a forger edits nix's signed mail
        table.private(
            "nix", "I play c1\n", START + 3 * H, sign_as="example.org", after_signing=changed
        )
        table.move("nix", "b2", START + 4 * H)  # signed by example.org
        table.keep_secret("nix", "e1", START + 5 * H)
        table.private("nix", "I play e1\n", START + 5 * H)  # unsigned, after a valid move
        table.keep_secret("Janet", "e4", START + 6 * H)
        table.private("Janet", "I play e4\n", START + 6 * H, sign_as="mail.example.net")
        table.move("Janet", "e5", START + 7 * H)  # signed by example.net
        during = table.run(START + 8 * H)

        *refused, accepted, refused_after = table.to("nix", during)
        assert "is b2" in accepted.text
        texts = {
            body_without_headers_echo(mail).replace(square, "X")
            for mail, square in zip(
                [*refused, refused_after], ["c1", "d1", "d1", "e1"], strict=True
            )
        }
        assert len(texts) == 1, texts  # the same answer, whether or not nix had moved
        assert "a valid DKIM signature of your address's domain" in " ".join(texts.pop().split())
        sub_domain, janet = table.to("Janet", during)
        assert "REJECTED" in sub_domain.text
        assert "is e5" in janet.text
        assert table.to(LIST, during) == []

        announcement = only(table.to(LIST, table.run(R1 + timedelta(minutes=1))))
        assert "A nix: played b2 (A placed)" in announcement.text
        assert "B Janet: played e5 (B placed)" in announcement.text
        attempted = announcement.body.split("these did not count):")[1].split("\n\n")[0]
        assert [line.split(" (")[0].strip() for line in attempted.strip().splitlines()] == [
            "A nix: c1",
            "A nix: d1",
            "A nix: d1",
            "A nix: e1",
            "B Janet: e4",
        ]
        assert assert_no_move_leaked(table, []) > 0
        table.replay_matches_live()  # the signatures are checked again, with the same keys
    finally:
        table.close()


def three_with_passphrases() -> list[Player]:
    """nix, Janet and Kate, each with a passphrase, which the default ``move_proof``
    ("passphrase-or-dkim") asks for in every play (``ScgoPipeline.move`` adds it)."""
    return [
        Player(n, f"{n.lower()}@example.org", passphrase=f"{n.lower()} mome raths outgrabe")
        for n in ("nix", "Janet", "Kate")
    ]


# -- the end: every player doomed at once ----------------------------------------------------


def test_when_every_player_is_doomed_at_once_the_most_letters_win(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink
) -> None:
    players = three_with_passphrases()
    table = ScgoPipeline(tmp_path, sqlite_url, smtp_sink, players)
    try:
        begin(table, ["nix", "Janet", "Kate"])
        for index, (name, square) in enumerate([("nix", "a1"), ("Janet", "b4"), ("Kate", "d4")]):
            table.move(name, square, START + (index + 1) * H)
        table.run(R1 + timedelta(minutes=1))
        table.move("nix", "a2", R1 + H)
        table.move("Janet", "e5", R1 + 2 * H)
        table.move("Kate", "e5", R1 + 3 * H)  # a collision: both moved, neither gains a Letter
        table.run(R2 + timedelta(minutes=1))
        final = table.run(R3 + timedelta(minutes=1))  # nobody plays in round 3
        result = only(table.to(LIST, final))
        assert_golden("scgo_mail_all_doomed_result.eml", result)
        assert (
            "Every player is doomed. Letters on the grid before they became @: "
            "A nix: 2 B Janet: 1 C Kate: 1 A nix wins the game." in result.text
        )
        assert "A nix wins the game." in result.text
        table.replay_matches_live()
    finally:
        table.close()


# -- starting a game by mail -----------------------------------------------------------------


def test_the_gamesmaster_starts_the_game_by_public_mail_once_the_players_have_agreed(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink
) -> None:
    players = three_with_passphrases()
    table = ScgoPipeline(tmp_path, sqlite_url, smtp_sink, players, game=scgo_game("draft"))
    announce = "I announce the beginning of a game of Single-Capture Go with nix, Janet and Kate."
    try:
        table.public("nix", "I agree to play Single-Capture Go.", START - 5 * H)
        table.public("Kate", "I agree to play Single-Capture Go.", START - 4 * H)
        table.public(GAMESMASTER, announce, START - 3 * H)  # Janet has not agreed yet
        table.private("Janet", "I agree to play Single-Capture Go.\n", START - 2 * H)
        table.private(GAMESMASTER, announce + "\n", START - H)  # not public
        table.public("nix", announce, START - H / 2)  # not the GamesMaster
        table.public(GAMESMASTER, announce, START)
        table.public(GAMESMASTER, announce, START + H)  # once only
        sent = table.run(START + 2 * H)
        answers = [m.text for m in table.to(GAMESMASTER, sent)]
        assert "REJECTED: Janet has not agreed to play" in answers[0]
        assert "REJECTED: The GamesMaster must announce the beginning of the game" in answers[1]
        began = "Murphy began a game of Single-Capture Go (Go) with A nix, B Janet, C Kate"
        assert f"APPLIED: {began} on a 6 x 6 grid" in answers[3]
        assert "REJECTED: This game of Single-Capture Go has already begun." in answers[4]
        assert "REJECTED: Only the GamesMaster" in table.to("nix", sent)[-1].text
        draft = answers[2]  # publish = "draft": the announcement goes to the GamesMaster
        assert draft.startswith("[draft for referee] Single-Capture Go (Go): round 1 begins")
        assert "A nix B Janet C Kate" in draft
        assert table.to(LIST, sent) == []
    finally:
        table.close()


# -- late mail -------------------------------------------------------------------------------


def three_players(tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink) -> ScgoPipeline:
    players = three_with_passphrases()
    table = ScgoPipeline(tmp_path, sqlite_url, smtp_sink, players)
    begin(table, ["nix", "Janet", "Kate"])
    table.move("nix", "a1", START + H)
    table.move("Kate", "c3", START + 2 * H)
    return table


def test_a_move_sent_after_the_deadline_is_late_even_before_the_round_is_resolved(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink
) -> None:
    table = three_players(tmp_path, sqlite_url, smtp_sink)
    try:
        table.run(START + 3 * H)
        table.move("Janet", "b2", R1 + timedelta(minutes=10))  # the referee has not run since
        sent = table.run(R1 + H)
        announcement = only(table.to(LIST, sent))
        assert "B Janet: did not play" in announcement.text
        assert "b2" not in announcement.text
        refusal = only(table.to("Janet", sent))
        assert "REJECTED: Janet is no longer in the game." in refusal.text
        assert '"6) All doomed players are removed from the game."' in refusal.text
    finally:
        table.close()


def test_delayed_mail_from_a_round_already_announced_is_refused(
    tmp_path: Path, sqlite_url: str, smtp_sink: SmtpSink
) -> None:
    table = three_players(tmp_path, sqlite_url, smtp_sink)
    try:
        published = only(table.to(LIST, table.run(R1 + H)))
        assert "B Janet: did not play" in published.text
        # Dated an hour before the deadline, delivered two hours after it (within tolerance).
        body = f"I play b2\n{table.players['Janet'].passphrase}\n"
        raw = table.compose("janet@example.org", body, R1 - H, to=BOT, subject="x")
        table.deliver_private("janet@example.org", raw, R1 + 2 * H)
        sent = table.run(R1 + 3 * H)
        refusal = only(table.to("Janet", sent))
        # The round stays as announced (no rewind, no new result): the late play meets the
        # game as it is now, where Janet, doomed for not playing, is out.
        assert "REJECTED: Janet is no longer in the game" in refusal.text
        assert not table.to(LIST, sent)
    finally:
        table.close()
