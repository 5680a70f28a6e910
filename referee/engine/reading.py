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
from referee.mailtext.dkim import TxtLookup, proves_author
from referee.mailtext.headers import read_headers
from referee.mailtext.lists import carrying_list
from referee.mailtext.sender import Attribution, identify_author, parse_addresses
from referee.mailtext.timing import SIGNED_DATE_SKEW
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
    refused: str | None = None  # why the strict header reader refused the message

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
    book = people.address_book
    headers = read_headers(row.raw, book.list_addresses)
    route = Route.PRIVATE if row.visibility == Visibility.PRIVATE.value else Route.PUBLIC
    carriage = carrying_list(row.raw, headers, book.lists, route is Route.PUBLIC, dkim_dns)
    attribution = identify_author(message, book, headers=headers, carriage=carriage)
    text = author_text(message)
    credentials: set[str] = set()
    passphrase: str | None = None
    if attribution.player is not None:
        if attribution.how == "from":
            credentials.add("address")
            if _fresh(row) and proves_author(row.raw, attribution.address or "", dkim_dns, headers):
                credentials.add("dkim")
        settings = people.players.get(attribution.player)
        if settings is not None and settings.passphrase is not None:
            passphrase = settings.passphrase.value or None
            if passphrase and any(passphrase in line.text for line in text.lines):
                credentials.add("passphrase")
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
        refused=headers.problem,
    )


def _fresh(row: InboundMessage) -> bool:
    """Whether the message's Date was honoured: inside the past tolerance of its arrival and
    not after it (beyond a few minutes of clock skew). A DKIM signature proves the signed
    Date as much as the author, so an old signed message sent again proves nothing now."""
    if row.date_header is None:
        return False
    if row.date_header == row.effective_at:
        return True
    ahead = row.date_header - row.arrived_at
    return ahead.total_seconds() > 0 and ahead <= SIGNED_DATE_SKEW
