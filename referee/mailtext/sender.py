"""Who wrote a message: registered addresses, list From-munging, encoded names.

Mailing lists that protect their subscribers from DMARC rejections rewrite From to the
list's own address ("nix via agora-business" <agora-business@...>) and move the real
author to Reply-To (or, when Reply-To must point at the list, to Cc).  Google Groups
and others keep it in X-Original-From.  This module undoes that, and never attributes
a message to a list or to the bot itself.

Headers are read raw and parsed here rather than through the email policy's header
objects, because those raise on some malformed input and this must never raise.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import Message
from email.utils import getaddresses

from referee.mailtext.headers import StrictHeaders, decode_words, read_headers
from referee.mailtext.lists import Carriage, MailingList

__all__ = [
    "AddressBook",
    "AttributedBy",
    "Attribution",
    "decode_words",
    "header_addresses",
    "header_values",
    "identify_author",
    "parse_addresses",
]


@dataclass(frozen=True)
class AddressBook:
    """The addresses the referee knows about (all lowercased)."""

    players: Mapping[str, str]  # email address -> player name
    list_addresses: frozenset[str]  # addresses of the mailing lists (never an author)
    bot_addresses: frozenset[str]  # the bot's own address(es)
    lists: tuple[MailingList, ...] = ()  # the lists whose rewriting can be honoured


class AttributedBy(enum.StrEnum):
    """Which header named the author (the values are those stored in results)."""

    FROM = "from"  # the author's own From
    REPLY_TO = "reply-to"  # a list that carried the mail rewrote From; Reply-To names em
    X_ORIGINAL_FROM = "x-original-from"  # likewise, through X-Original-From
    NONE = "none"  # no author could be taken


@dataclass(frozen=True)
class Attribution:
    """The author of a message as best determined."""

    player: str | None  # registered player name, or None if unknown
    address: str | None  # the author's address (lowercased), never a list's
    display_name: str | None
    via_list: bool  # a list that verifiably carried the message rewrote From
    how: AttributedBy
    doubt: str | None = None  # why no author could be taken, for the officer who looks


# "nix via agora-business", "'nix' via Agora Business" (Google Groups quotes the name).
_VIA = re.compile(r"^\s*(?P<name>.+?)\s+via\s+(?P<list>\S.*?)\s*$", re.IGNORECASE)
_FOLD = re.compile(r"\r?\n(?=[ \t])")
_SURROGATES = re.compile("[\udc80-\udcff]")


def _repair_raw(value: str) -> str:
    """Unfold a raw header and turn undecoded 8-bit bytes back into characters."""
    value = _FOLD.sub("", value).replace("\r", "").replace("\n", " ")
    if not _SURROGATES.search(value):
        return value
    # The parser keeps 8-bit header bytes as surrogate escapes; most are UTF-8.
    raw = value.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", "replace")


def header_values(msg: Message, name: str) -> list[str]:
    """Every value of header ``name`` in order, unfolded, undecoded (RFC 2047 kept)."""
    wanted = name.lower()
    values: list[str] = []
    try:
        for key, value in msg.raw_items():
            if key.lower() == wanted:
                values.append(_repair_raw(str(value)))
    except Exception:  # a broken header list still must not stop the pipeline
        return values
    return values


# The shapes nearly every header has: "addr", "Name <addr>" and "\"Name\" <addr>", with no
# comment, group, escape or second address. Those are split by these patterns; anything
# else goes to ``getaddresses``, which is exact but was a tenth of a replay's time.
_ADDRESS = r"[^\s<>()\[\]\",;:\\@]+@[^\s<>()\[\]\",;:\\@]+"
_BARE = re.compile(rf"\s*({_ADDRESS})\s*")
_NAMED = re.compile(rf'\s*(?:"([^"\\]*)"|([^"<>()\[\],;:\\@.]*?))\s*<({_ADDRESS})>\s*')


def parse_addresses(values: list[str]) -> list[tuple[str, str]]:
    """(display name, address) pairs of header values, as ``getaddresses`` gives them."""
    pairs: list[tuple[str, str]] = []
    for value in values:
        bare = _BARE.fullmatch(value)
        if bare is not None:
            pairs.append(("", bare.group(1)))
            continue
        named = _NAMED.fullmatch(value)
        if named is not None:
            quoted, plain, address = named.groups()
            pairs.append((quoted if quoted is not None else " ".join(plain.split()), address))
            continue
        pairs.extend(getaddresses([value]))
    return pairs


def header_addresses(msg: Message, name: str) -> list[tuple[str, str]]:
    """(display name, lowercased address) pairs of every ``name`` header, in order.

    Entries with an empty address are dropped; display names are RFC 2047 decoded.
    """
    try:
        pairs = parse_addresses(header_values(msg, name))
    except Exception:
        return []
    result: list[tuple[str, str]] = []
    for display, raw_address in pairs:
        address = raw_address.strip().strip("<>").strip().lower()
        if address:
            result.append((decode_words(display).strip(), address))
    return result


def _via_name(display: str) -> str | None:
    match = _VIA.match(display)
    if match is None:
        return None
    return match.group("name").strip().strip("'\"").strip() or None


def _real(address: str, book: AddressBook) -> bool:
    """An address that can be an author: has a domain, not a list, not the bot."""
    return (
        "@" in address and address not in book.list_addresses and address not in book.bot_addresses
    )


def _from_list(
    msg: Message, book: AddressBook, via_display: str | None, signed: frozenset[str] | None
) -> Attribution:
    """The author of a message whose From a list that carried it rewrote.

    The author is the one real address that Reply-To and X-Original-From name (only those
    the list's signature covers, where it signs). Several different addresses are an
    ambiguous author and none at all an unknown one: both are left to an officer. Cc is
    never read: it names whom the author wrote to, not who e is.
    """
    candidates: dict[str, tuple[str, AttributedBy]] = {}
    for header in (AttributedBy.REPLY_TO, AttributedBy.X_ORIGINAL_FROM):
        if signed is not None and header.value not in signed:
            continue
        for display, address in header_addresses(msg, header):
            if _real(address, book) and address not in candidates:
                candidates[address] = (display, header)
    if not candidates:
        doubt = (
            "the list rewrote the sender and no address in Reply-To or X-Original-From "
            "names the author"
        )
        return Attribution(None, None, via_display, True, AttributedBy.NONE, doubt)
    if len(candidates) > 1:
        doubt = (
            "the list rewrote the sender and several addresses could be the author "
            f"({', '.join(candidates)}); which one wrote it is ambiguous"
        )
        return Attribution(None, None, via_display, True, AttributedBy.NONE, doubt)
    address, (display, header) = next(iter(candidates.items()))
    name = display or via_display
    return Attribution(book.players.get(address), address, name, True, header)


def identify_author(
    msg: Message,
    directory: AddressBook,
    *,
    headers: StrictHeaders | None = None,
    carriage: Carriage | None = None,
) -> Attribution:
    """Work out who wrote ``msg``.

    ``headers`` is the strict reading of the message (made from ``msg`` when not given);
    a refused header section has no author. A registered From address settles it. A From
    that is a list's address, or whose display name reads "<name> via <list>", claims that
    a list rewrote it: the claim is honoured only when ``carriage`` names that list as the
    one that verifiably carried the message (see :mod:`referee.mailtext.lists`); otherwise
    the message is from its literal From. Display names never identify a player (anyone
    can choose any display name). Never raises.
    """
    try:
        if headers is None:
            headers = read_headers(msg.as_bytes(), directory.list_addresses)
        if headers.problem is not None:
            return Attribution(None, None, None, False, AttributedBy.NONE, headers.problem)
        if headers.author is None:
            return Attribution(None, None, None, False, AttributedBy.NONE)
        display, address = headers.author.display, headers.author.address
        if address in directory.players and _real(address, directory):
            return Attribution(
                directory.players[address], address, display or None, False, AttributedBy.FROM
            )
        via_display = _via_name(display) if display else None
        claims_list = address in directory.list_addresses or via_display is not None
        if claims_list and carriage is not None and carriage.address == address:
            return _from_list(msg, directory, via_display, carriage.signed)
        # The literal From is kept even when it is the referee's own (the loop guards need
        # it); only a list's address is never an author.
        real = address not in directory.list_addresses
        doubt = None
        if claims_list:
            why = carriage.reason if carriage is not None else "no list is known to have carried it"
            doubt = (
                f"the sender ({display or address}) looks rewritten by a list, but {why}; "
                "the message is taken as from its own From"
            )
            if not real:
                doubt += ", which names no author"
        if not real:
            return Attribution(None, None, display or None, False, AttributedBy.NONE, doubt)
        return Attribution(None, address, display or None, False, AttributedBy.FROM, doubt)
    except Exception:  # belt and braces: attribution failure means "unknown author"
        return Attribution(
            None, None, None, False, AttributedBy.NONE, "the sender could not be read"
        )
