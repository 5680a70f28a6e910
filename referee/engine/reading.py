"""Read a stored message the way an officer would: who, when, by which route, what text."""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.message import Message

from referee.config import Visibility
from referee.egress.compose import one_line
from referee.engine.people import People
from referee.games.base import Route
from referee.ingress.inbox import PUBLISHED
from referee.mailtext.body import AuthorText, author_text
from referee.mailtext.dkim import TxtLookup, proves_author, vouches_for
from referee.mailtext.headers import StrictHeaders, decode_words, read_headers
from referee.mailtext.lists import bears_list_mark, carrying_list
from referee.mailtext.passphrases import REDACTED, blank_passphrases, contains_passphrase
from referee.mailtext.sender import (
    AddressBook,
    AttributedBy,
    Attribution,
    identify_author,
    parse_addresses,
)
from referee.mailtext.timing import SIGNED_DATE_SKEW
from referee.store.models import InboundMessage

# Private mail, and private mail a public source also brought a copy of (rulings SEC-3-4).
_PRIVATE_VISIBILITIES = frozenset({Visibility.PRIVATE.value, PUBLISHED})

HEADER_TEXT_LIMIT = 2000
"""Characters of a header an answer may repeat (twice a full header line)."""


@dataclass(frozen=True)
class ReadMessage:
    row_id: int
    message_key: str
    message: Message
    """The message parsed; read ahead in a replay (:mod:`referee.engine.read_ahead`), its
    headers only: once read, only headers are asked of it."""
    attribution: Attribution
    text: AuthorText
    route: Route
    credentials: frozenset[str]
    addressed_to_bot: bool
    sent_to_bot: bool  # to the referee's own address, not only to a list it reads
    passphrase: str | None
    refused: str | None = None  # why the strict header reader refused the message
    # Mailed privately with one of the lists among its recipients: no secret move counts
    # in it, and its author is warned that e published it (rulings P9).
    copied_to_list: bool = False
    # A list was among the recipients (To, Cc): copied_to_list without needing a list's copy.
    names_list: bool = False
    # Came by a public source bearing a configured list's List-Id (and its signature where
    # the list signs): the list carried it, so its sender is the list's subscriber.
    list_carried: bool = False

    @property
    def author(self) -> str | None:
        return self.attribution.player

    def own_lines(self) -> list[tuple[int, str]]:
        """The author's own lines, without eir passphrase: it is a credential, not prose, so
        "I play e5" followed by the passphrase on the next line is still the play."""
        secrets = [self.passphrase] if self.passphrase else []
        return [
            (line.number, blank_passphrases(line.text, secrets, " ").replace(REDACTED, " "))
            for line in self.text.lines
        ]

    def quoted_lines(self) -> list[tuple[int, str]]:
        return [(line.number, line.text) for line in self.text.quoted]

    def header_text(self, name: str, default: str = "") -> str:
        """A header's value with RFC 2047 encoded words decoded and whitespace folded, at
        most :data:`HEADER_TEXT_LIMIT` characters of it (an answer repeats it, and a header
        can be megabytes long)."""
        value = self.message.get(name)
        if value is None:
            return default
        value = str(value)[:HEADER_TEXT_LIMIT]
        # Never raises: an unknown charset or a broken encoded word is decoded as far as it
        # can be (a hostile Subject must not stop the answer); line breaks, NULs and other
        # controls become spaces (an answer repeats the text, in its headers too).
        return one_line(decode_words(value))

    def redact(self, text: str) -> str:
        """Never repeat a player's passphrase in anything the referee writes or stores."""
        if self.passphrase:
            return blank_passphrases(text, [self.passphrase])
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
    route = Route.PRIVATE if row.visibility in _PRIVATE_VISIBILITIES else Route.PUBLIC
    carriage = carrying_list(row.raw, headers, book.lists, route is Route.PUBLIC, dkim_dns)
    attribution = identify_author(message, book, headers=headers, carriage=carriage)
    text = author_text(message)
    credentials: set[str] = set()
    passphrase: str | None = None
    if attribution.player is not None:
        if attribution.how is AttributedBy.FROM:
            credentials.add("address")
            if signed_date_honoured(row) and dkim_proves(
                row, attribution.address or "", dkim_dns, headers, _list_signers(book, route)
            ):
                credentials.add("dkim")
        settings = people.players.get(attribution.player)
        if settings is not None and settings.passphrase is not None:
            passphrase = settings.passphrase.value or None
            # Whose passphrase the original held is recorded when it is blanked at intake;
            # mail stored before that is read the same way (the same function decides).
            own = "\n".join(line.text for line in text.lines)
            if attribution.player in (row.passphrase_holders or ()) or (
                passphrase and contains_passphrase(own, passphrase)
            ):
                credentials.add("passphrase")
    elif attribution.how is AttributedBy.FROM and attribution.address in people.administrators:
        # An administrator's own From is only a claim; eir passphrase or DKIM proves it.
        passphrase = people.administrator_passphrases.get(attribution.address) or None
        own = "\n".join(line.text for line in text.lines)
        # An administrator's passphrase is blanked at intake like a player's, recorded
        # under eir address (see ``redactor_for``).
        if attribution.address in (row.passphrase_holders or ()) or (
            passphrase and contains_passphrase(own, passphrase)
        ):
            credentials.add("passphrase")
        if signed_date_honoured(row) and dkim_proves(
            row, attribution.address, dkim_dns, headers, _list_signers(book, route)
        ):
            credentials.add("dkim")
    recipients = {
        address.lower()
        for _, address in parse_addresses(
            [str(v) for h in ("To", "Cc", "Delivered-To") for v in message.get_all(h, [])]
        )
    }
    names_list = bool(recipients & people.address_book.list_addresses)
    copied_to_list = route is Route.PRIVATE and (names_list or row.visibility == PUBLISHED)
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
        copied_to_list=copied_to_list,
        names_list=names_list,
        list_carried=carriage.address is not None
        or (
            attribution.player is None
            and bears_list_mark(row.raw, headers, book.lists, route is Route.PUBLIC, dkim_dns)
        ),
    )


def signed_date_honoured(row: InboundMessage) -> bool:
    """Whether the message's Date was honoured: inside the past tolerance of its arrival and
    not after it (beyond a few minutes of clock skew). A DKIM signature proves the signed
    Date as much as the author, so an old signed message sent again proves nothing now."""
    if row.date_header is None:
        return False
    if row.date_header == row.effective_at:
        return True
    ahead = row.date_header - row.arrived_at
    return ahead.total_seconds() > 0 and ahead <= SIGNED_DATE_SKEW


def _list_signers(book: AddressBook, route: Route) -> frozenset[str]:
    """The domains whose signatures prove no author on mail that came by ``route``: on the
    public route, those of the lists that sign what they carry (a list signs every post,
    whoever wrote its From, so its signature vouches for the list, not for the author)."""
    if route is not Route.PUBLIC:
        return frozenset()
    return frozenset(
        domain
        for mailing_list in book.lists
        for domain in (mailing_list.signed_by, mailing_list.address.rpartition("@")[2])
        if domain
    )


def dkim_proves(
    row: InboundMessage,
    address: str,
    lookup: TxtLookup | None,
    headers: StrictHeaders | None = None,
    not_by: frozenset[str] = frozenset(),
) -> bool:
    """Whether a DKIM signature of the author's domain proves the message (see
    :func:`proves_author`), other than a signature of (a parent of) one of the ``not_by``
    domains. A stored copy whose passphrases were blanked cannot be verified again: the
    domains whose signatures proved an author on the original were recorded at intake."""

    def counts(domain: str) -> bool:
        return vouches_for(domain, address) and not any(
            vouches_for(domain, f"list@{signer}") for signer in not_by
        )

    if row.dkim_domains is not None:
        return any(counts(domain) for domain in row.dkim_domains)
    return proves_author(row.raw, address, lookup, headers, counts)
