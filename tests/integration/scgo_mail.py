"""Single-Capture Go played through the real pipeline, for the ``test_scgo_*`` pipeline tests.

:class:`ScgoPipeline` runs the referee as a deployment would: players' private mail reaches
it over LMTP (the referee's own mailbox) and public posts over LMTP too (the list's archive
mailbox, public visibility); the referee processes, resolves rounds on its clock and sends
every answer and announcement over SMTP to a real aiosmtpd sink. Passphrases are read from
files as the configuration says; DKIM signatures are made with a real RSA key and dkimpy,
and their public keys are served from a table instead of DNS.

It also keeps what a leak scan needs: every private move sent (with the round it was sent
in) and every public text, so :func:`assert_no_move_leaked` can check each outgoing mail.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import os
import re
import smtplib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, parsedate_to_datetime
from pathlib import Path
from typing import Any

import dkim
from dkim import dknewkey
from servers import require_binary
from servers.ports import LOOPBACK, free_port
from servers.smtp import SmtpSink
from support import FixedClock

from referee.app import App, build_app
from referee.config import Visibility, parse_settings
from referee.egress.outbox import drain
from referee.egress.senders import SmtpSender
from referee.engine.history import canonical_dump, reset_derived
from referee.ingress.lmtp import LmtpController, LmtpHandler, lmtp_controller
from referee.store import migrate
from referee.store.db import Database

BOT = "referee@example.org"
LIST = "agora-business@example.org"
GAME = "Go"
GAMESMASTER = "Murphy"
GAMESMASTER_ADDRESS = "murphy@example.com"
START = datetime(2024, 3, 4, 12, tzinfo=UTC)
ROUND = timedelta(days=3)
SELECTOR = b"sel"
GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@dataclass(frozen=True)
class Player:
    """A registered player; ``signs_as`` is the domain eir mail provider DKIM-signs for."""

    name: str
    address: str
    passphrase: str | None = None
    signs_as: str | None = None


@dataclass
class DkimDns:
    """Public keys by DNS name, in dkimpy's ``dnsfunc`` shape; remembers every lookup."""

    records: dict[bytes, bytes] = field(default_factory=dict)
    asked: list[bytes] = field(default_factory=list)

    def __call__(self, name: bytes, timeout: int = 5) -> bytes | None:
        self.asked.append(name)
        return self.records.get(name)


class DkimKey:
    """One RSA key made by dkimpy's key tool (openssl), published for chosen domains."""

    def __init__(self, folder: Path) -> None:
        require_binary([dknewkey.OPENSSL_BINARY], "openssl (dkimpy makes keys with it)")
        private, record = folder / "dkim.key", folder / "dkim.dns"
        dknewkey.GenRSAKeys(str(private), verbose=False)
        dknewkey.ExtractRSADnsPublicKey(str(private), str(record), verbose=False)
        self.private = private.read_bytes()
        self.record = record.read_bytes()

    def publish(self, dns: DkimDns, domain: str) -> None:
        dns.records[SELECTOR + b"._domainkey." + domain.encode() + b"."] = self.record

    def sign(self, raw: bytes, domain: str) -> bytes:
        """``raw`` with a DKIM-Signature of ``domain`` on top (CRLF line ends, as sent)."""
        crlf = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        return bytes(dkim.sign(crlf, SELECTOR, domain.encode(), self.private)) + crlf


@dataclass(frozen=True)
class Sent:
    """A mail the referee sent, as the SMTP sink received it."""

    recipients: tuple[str, ...]
    raw: bytes

    @property
    def message(self) -> EmailMessage:
        parsed = email.message_from_bytes(self.raw, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        return parsed

    @property
    def date(self) -> datetime:
        return parsedate_to_datetime(str(self.message["Date"]))

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def body(self) -> str:
        part = self.message.get_body(("plain",))
        assert part is not None
        return str(part.get_content()).replace("\r\n", "\n")

    @property
    def text(self) -> str:
        """Subject and body, with runs of white space made one space (templates wrap)."""
        return " ".join(f"{self.subject}\n{self.body}".split())


@dataclass(frozen=True)
class SecretMove:
    """A square mailed privately, and the round during which it must stay secret."""

    player: str
    address: str
    square: str
    sent: datetime
    round_ends: datetime


def scgo_game(publish: str = "list", **options: Any) -> dict[str, Any]:
    game: dict[str, Any] = {
        "name": GAME,
        "kind": "scgo",
        "ruleset": "guy-fawkes",
        "start": (START - timedelta(days=7)).isoformat(),
        "officer": "referee",
        "publish": publish,
    }
    if options:
        game["options"] = options
    return game


class ScgoPipeline:
    """The referee with its LMTP servers, an SMTP sink and a clock the test moves."""

    def __init__(
        self,
        tmp_path: Path,
        database_url: str,
        sink: SmtpSink,
        players: Sequence[Player],
        *,
        game: Mapping[str, Any] | None = None,
        dkim_key: DkimKey | None = None,
        referee: Mapping[str, Any] | None = None,
    ) -> None:
        self.players = {p.name: p for p in players}
        self.sink = sink
        self.clock = FixedClock(START - timedelta(days=1))
        self.dns = DkimDns()
        self.key = dkim_key
        if dkim_key is not None:
            for domain in sorted({p.signs_as for p in players if p.signs_as}):
                dkim_key.publish(self.dns, domain)
        settings = parse_settings(
            {
                "referee": {
                    "bot_address": BOT,
                    "list_addresses": [LIST],
                    "administrators": ["admin@example.org"],
                    "database_url": database_url,
                    **(referee or {}),
                },
                "smtp": {"mode": "smtp", "host": LOOPBACK, "port": sink.port, "tls": "none"},
                "player": [
                    {"name": GAMESMASTER, "addresses": [GAMESMASTER_ADDRESS]},
                    *(self._player_table(tmp_path, p) for p in players),
                ],
                "offices": {"referee": GAMESMASTER},
                # The GamesMaster's From is proof by explicit opt-in: these tests are about
                # the game, not about proof of powers (tests/integration/test_powers.py).
                "powers": {"offices": {"referee": ["address"]}},
                "game": [dict(game or scgo_game())],
            },
            tmp_path,
            None,
        )
        db = Database(settings.database_url)
        try:
            migrate.upgrade(db)
        finally:
            db.dispose()
        self.app: App = build_app(
            settings,
            now=self.clock,
            sender=SmtpSender(settings.smtp, timeout=5),
            dkim_dns=self.dns,
        )
        self.private_port, self.public_port = free_port(), free_port()
        self._servers: list[LmtpController] = [
            lmtp_controller(
                LmtpHandler(self.app.inbox, visibility, clock=self.clock), LOOPBACK, port
            )
            for visibility, port in (
                (Visibility.PRIVATE, self.private_port),
                (Visibility.PUBLIC, self.public_port),
            )
        ]
        for server in self._servers:
            server.start()
        self.sent: list[Sent] = []
        self.secrets: list[SecretMove] = []
        self.public_posts: list[tuple[datetime, str]] = []

    @staticmethod
    def _player_table(tmp_path: Path, player: Player) -> dict[str, Any]:
        table: dict[str, Any] = {"name": player.name, "addresses": [player.address]}
        if player.passphrase is not None:
            path = tmp_path / f"passphrase-{player.name}"
            path.write_text(player.passphrase + "\n", encoding="utf-8")
            table["passphrase_file"] = str(path)
        return table

    def close(self) -> None:
        for server in self._servers:
            server.stop()
        self.app.close()

    # -- mail in ---------------------------------------------------------------------------

    def _deliver(self, port: int, sender: str, recipient: str, raw: bytes, at: datetime) -> None:
        self.clock.moment = at  # the mail arrives as it is sent
        with smtplib.LMTP(LOOPBACK, port) as client:
            client.sendmail(sender, [recipient], raw)

    def compose(
        self,
        sender: str,
        body: str,
        at: datetime,
        *,
        to: str,
        subject: str,
        name: str | None = None,
    ) -> bytes:
        message = EmailMessage()
        message["From"] = f"{name} <{sender}>" if name else sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = format_datetime(at)
        digest = hashlib.sha1(f"{sender}|{to}|{body}|{at.isoformat()}".encode()).hexdigest()
        message["Message-ID"] = f"<{digest[:20]}@test.example>"
        message.set_content(body)
        return message.as_bytes()

    def public(self, author: str, body: str, at: datetime) -> None:
        """A post to the list, as the list's archive mailbox delivers it."""
        address = self.address_of(author)
        raw = self.compose(address, body, at, to=LIST, subject="Single-Capture Go", name=author)
        self.public_posts.append((at, body))
        self._deliver(self.public_port, address, LIST, raw, at)

    def private(
        self,
        author: str,
        body: str,
        at: datetime,
        *,
        sign_as: str | None = None,
        after_signing: tuple[bytes, bytes] | None = None,
    ) -> None:
        """A message mailed privately to the referee from ``author`` (a player's name or any
        address). ``sign_as`` DKIM-signs it for that domain; ``after_signing`` replaces some
        bytes once it is signed, as a forger editing a signed mail would."""
        address = self.address_of(author)
        raw = self.compose(address, body, at, to=BOT, subject="my move")
        if sign_as is not None:
            assert self.key is not None, "this table has no DKIM key"
            raw = self.key.sign(raw, sign_as)
        if after_signing is not None:
            old, new = after_signing
            assert old in raw
            raw = raw.replace(old, new)
        self._deliver(self.private_port, address, BOT, raw, at)

    def deliver_private(self, address: str, raw: bytes, arrival: datetime) -> None:
        """Deliver a message already composed (perhaps dated long before ``arrival``)."""
        self._deliver(self.private_port, address, BOT, raw, arrival)

    def move(self, name: str, square: str, at: datetime, *, proof: bool = True) -> None:
        """``name`` mails "I play <square>" with eir passphrase and DKIM signature (if e has
        them, and unless ``proof`` is false); the square is kept for the leak scan."""
        player = self.players[name]
        body = f"I play {square}"
        if proof and player.passphrase is not None:
            body += f"\n{player.passphrase}"  # on the next line: the credential is not prose
        sign_as = player.signs_as if proof else None
        self.keep_secret(name, square, at)
        self.private(name, body + "\n", at, sign_as=sign_as)

    def keep_secret(self, name: str, square: str, at: datetime) -> None:
        round_ends = self.round_end_after(at)
        self.secrets.append(SecretMove(name, self.address_of(name), square, at, round_ends))

    def round_end_after(self, at: datetime) -> datetime:
        """The end of the round in progress at ``at`` (rounds run back to back from START)."""
        ends = START + ROUND
        while ends <= at:
            ends += ROUND
        return ends

    def address_of(self, author: str) -> str:
        if author == GAMESMASTER:
            return GAMESMASTER_ADDRESS
        player = self.players.get(author)
        return player.address if player is not None else author

    # -- the referee at work ---------------------------------------------------------------

    def run(self, at: datetime) -> list[Sent]:
        """What ``referee run`` does in one pass at ``at``; returns the mail it sent."""
        self.clock.moment = at
        processor = self.app.processor()
        processor.process_pending()
        processor.advance_clock(at)
        drain(self.app.db, self.app.sender, at)
        new = [Sent(m.rcpt_tos, m.raw) for m in self.sink.messages[len(self.sent) :]]
        self.sent.extend(new)
        return new

    def to(self, who: str, mails: Iterable[Sent] | None = None) -> list[Sent]:
        address = LIST if who == LIST else self.address_of(who)
        return [m for m in (self.sent if mails is None else mails) if m.recipients == (address,)]

    def announcements(self) -> list[Sent]:
        return self.to(LIST)

    def replay_matches_live(self) -> None:
        """Rebuild every game from the stored mail, silently, and compare with the live run."""
        with self.app.db.transaction() as session:
            live = canonical_dump(session)
        with self.app.db.transaction() as session:
            reset_derived(session)
        replay = self.app.processor(silent=True)
        replay.process_pending()
        replay.advance_clock(self.clock())
        with self.app.db.transaction() as session:
            assert canonical_dump(session) == live


def assert_no_move_leaked(table: ScgoPipeline, log_lines: Sequence[str]) -> int:
    """No secret move appears in a mail to anyone but its sender before its round ended, nor
    in any log line ever; no passphrase appears anywhere. Returns the checks made.

    A square already public when the move was sent (on the grid, in an announcement, posted
    to the list, the templates' example) cannot be given away, so it is not scanned for; nor
    is a mail to someone who sent the same square that round.
    """
    public = [(m.date, m.text) for m in table.sent if LIST in m.recipients]
    public += table.public_posts
    checks = 0
    for secret in table.secrets:
        pattern = re.compile(rf"\b{re.escape(secret.square)}\b", re.IGNORECASE)
        if any(pattern.search(text) for at, text in public if at <= secret.sent):
            continue
        # Whoever sent the same square this round (a collision) knows it from eir own move.
        knowing = {
            (other.address,)
            for other in table.secrets
            if other.square == secret.square and other.round_ends == secret.round_ends
        }
        for mail in table.sent:
            if mail.date < secret.round_ends and mail.recipients not in knowing:
                checks += 1
                assert not pattern.search(mail.text), (secret, mail.subject, mail.body)
        for line in log_lines:
            checks += 1
            assert not pattern.search(line), (secret, line)
    for player in table.players.values():
        if player.passphrase is None:
            continue
        for mail in table.sent:
            checks += 1
            assert player.passphrase not in mail.raw.decode("utf-8", "replace")
        for line in log_lines:
            checks += 1
            assert player.passphrase not in line
    return checks


def assert_golden(name: str, mail: Sent) -> None:
    """The whole mail as sent, pinned in ``tests/golden/<name>`` (REFEREE_REGEN=1 rewrites)."""
    path = GOLDEN / name
    text = mail.raw.decode("utf-8").replace("\r\n", "\n")
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
