"""Read a stored message the way an officer would: who, when, by which route, what text."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.header import decode_header, make_header
from email.message import Message

from referee.config import Visibility
from referee.engine.people import People
from referee.games.base import Route
from referee.mailtext.body import AuthorText, author_text
from referee.mailtext.dkim import TxtLookup, passing_domains, vouches_for
from referee.mailtext.sender import Attribution, identify_author, parse_addresses
from referee.store.models import InboundMessage


@dataclass(frozen=True)
class ReadMessage:
    row_id: int
    message_key: str
    message: Message
    attribution: Attribution
    text: AuthorText
    route: Route
    credentials: frozenset[str]
    addressed_to_bot: bool
    sent_to_bot: bool  # to the referee's own address, not only to a list it reads
    passphrase: str | None

    @property
    def author(self) -> str | None:
        return self.attribution.player

    def own_lines(self) -> list[tuple[int, str]]:
        """The author's own lines, without eir passphrase: it is a credential, not prose, so
        "I play e5" followed by the passphrase on the next line is still the play."""
        if not self.passphrase:
            return [(line.number, line.text) for line in self.text.lines]
        return [(line.number, line.text.replace(self.passphrase, " ")) for line in self.text.lines]

    def quoted_lines(self) -> list[tuple[int, str]]:
        return [(line.number, line.text) for line in self.text.quoted]

    def header_text(self, name: str, default: str = "") -> str:
        """A header's value with RFC 2047 encoded words decoded and whitespace folded."""
        value = self.message.get(name)
        if value is None:
            return default
        try:
            text = str(make_header(decode_header(str(value))))
        except (ValueError, LookupError, UnicodeError):
            text = str(value)
        return " ".join(text.split())

    def redact(self, text: str) -> str:
        """Never repeat a player's passphrase in anything the referee writes or stores."""
        if self.passphrase:
            return text.replace(self.passphrase, "[passphrase]")
        return text


def read_message(
    row: InboundMessage, people: People, dkim_dns: TxtLookup | None = None
) -> ReadMessage:
    """Read a stored message. ``dkim_dns`` replaces dkimpy's DNS lookup of DKIM keys."""
    # compat32 parses several times faster than the modern policy; the few headers an
    # answer repeats are decoded explicitly (see ``header_text``).
    message = email.message_from_bytes(row.raw, policy=email.policy.compat32)
    attribution = identify_author(message, people.address_book)
    text = author_text(message)
    route = Route.PRIVATE if row.visibility == Visibility.PRIVATE.value else Route.PUBLIC
    credentials: set[str] = set()
    passphrase: str | None = None
    if attribution.player is not None:
        if attribution.how == "from":
            credentials.add("address")
            if route is Route.PRIVATE and _dkim_vouches(row.raw, attribution.address, dkim_dns):
                credentials.add("dkim")
        settings = people.players.get(attribution.player)
        if settings is not None and settings.passphrase is not None:
            passphrase = settings.passphrase.value or None
            if passphrase and any(passphrase in line.text for line in text.lines):
                credentials.add("passphrase")
    elif attribution.how == "from" and attribution.address in people.administrators:
        # An administrator's own From is only a claim; eir passphrase or DKIM proves it.
        passphrase = people.administrator_passphrases.get(attribution.address) or None
        if passphrase and any(passphrase in line.text for line in text.lines):
            credentials.add("passphrase")
        if _dkim_vouches(row.raw, attribution.address, dkim_dns):
            credentials.add("dkim")
    recipients = {
        address.lower()
        for _, address in parse_addresses(
            [str(v) for h in ("To", "Cc", "Delivered-To") for v in message.get_all(h, [])]
        )
    }
    return ReadMessage(
        row_id=row.id,
        message_key=row.message_key,
        message=message,
        attribution=attribution,
        text=text,
        route=route,
        credentials=frozenset(credentials),
        # Mail posted to one of the referee's configured lists is addressed to the referee
        # too: lists mark every post "Precedence: list", and the referee's job is to answer
        # the actions players post there (the auto-reply and loop guards still apply).
        sent_to_bot=bool(recipients & people.address_book.bot_addresses),
        addressed_to_bot=bool(
            recipients & (people.address_book.bot_addresses | people.address_book.list_addresses)
        ),
        passphrase=passphrase,
    )


def _dkim_vouches(raw: bytes, address: str | None, lookup: TxtLookup | None) -> bool:
    """Whether a passing DKIM signature of the From address's domain (or a parent) is on it.

    Checked only for mail that came privately and was attributed by its From address: the
    credential proves a private move (Single-Capture Go), and checking every public post
    would cost DNS lookups for nothing.
    """
    if address is None:
        return False
    return any(vouches_for(domain, address) for domain in passing_domains(raw, lookup))
