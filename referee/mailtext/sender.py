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

import re
from collections.abc import Mapping
from dataclasses import dataclass
from email.header import decode_header, make_header
from email.message import Message
from email.utils import getaddresses

__all__ = [
    "AddressBook",
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


@dataclass(frozen=True)
class Attribution:
    """The author of a message as best determined."""

    player: str | None  # registered player name, or None if unknown
    address: str | None  # the author's address (lowercased), never a list's
    display_name: str | None
    via_list: bool  # the list rewrote From
    how: str  # 'from', 'reply-to', 'x-original-from', 'cc', 'none'


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


def decode_words(value: str) -> str:
    """Decode RFC 2047 encoded words ("=?utf-8?q?Ja=C3=ABl?=" gives "Jaël")."""
    if "=?" not in value:
        return value
    try:
        return str(make_header(decode_header(value)))
    except Exception:  # unknown charset or malformed encoded word: decode piece by piece
        pass
    try:
        pieces = []
        for chunk, charset in decode_header(value):
            if isinstance(chunk, str):
                pieces.append(chunk)
            else:
                pieces.append(chunk.decode(_safe_codec(charset), "replace"))
        return "".join(pieces)
    except Exception:
        return value


def _safe_codec(charset: str | None) -> str:
    if not charset:
        return "latin-1"
    try:
        "".encode(charset)
    except (LookupError, ValueError):
        return "utf-8"
    return charset


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


def _from_munged(msg: Message, book: AddressBook, via_display: str | None) -> Attribution:
    """The author of a message whose From was rewritten by a list."""
    first_real: tuple[str, str, str] | None = None
    for header in ("reply-to", "x-original-from"):
        for display, address in header_addresses(msg, header):
            if not _real(address, book):
                continue
            if address in book.players:
                name = display or via_display
                return Attribution(book.players[address], address, name, True, header)
            if first_real is None:
                first_real = (display, address, header)
    if first_real is not None:
        # The list told us who wrote it, and they are not registered: do not look
        # further, or a Cc to a player would make the player the author.
        display, address, header = first_real
        return Attribution(None, address, display or via_display, True, header)
    for display, address in header_addresses(msg, "cc"):
        if _real(address, book) and address in book.players:
            return Attribution(book.players[address], address, display or via_display, True, "cc")
    return Attribution(None, None, via_display, True, "none")


def identify_author(msg: Message, directory: AddressBook) -> Attribution:
    """Work out who wrote ``msg``.

    A registered From address settles it.  If From is a list address, or its display
    name reads "<name> via <list>", the list rewrote it: the author is the first
    registered player in Reply-To, then X-Original-From; only if those hold no real
    address at all, the first registered player in Cc.  Display names are never used
    to identify a player (anyone can choose any display name).  Never raises.
    """
    try:
        senders = header_addresses(msg, "from")
        display, address = senders[0] if senders else ("", "")
        if address and address in directory.players and _real(address, directory):
            return Attribution(directory.players[address], address, display or None, False, "from")
        via_display = _via_name(display) if display else None
        if address in directory.list_addresses or via_display is not None:
            return _from_munged(msg, directory, via_display)
        if "@" not in address:
            return Attribution(None, None, display or None, False, "none")
        return Attribution(None, address, display or None, False, "from")
    except Exception:  # belt and braces: attribution failure means "unknown author"
        return Attribution(None, None, None, False, "none")
