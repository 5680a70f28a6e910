"""Whether a mailing list really carried a message, so that its rewriting of From counts.

Lists that protect their subscribers from DMARC rejections rewrite From to the list's own
address and name the author in Reply-To or X-Original-From. Anyone can write those headers,
so the rewriting is honoured only where the list can be shown to have carried the mail:

* it came by a public route (a source that reads the list's traffic), never the private one;
* its From is the list's address and its List-Id is the list's;
* where the list signs its mail (``signed_by``), a passing DKIM signature of that domain is
  on it; only the header fields that signature covers can then name the author.

A list that does not sign leaves List-Id on the public route as the only evidence: whoever
can deliver mail into the public mailbox with the list's List-Id (for instance by mailing
the referee's list subscription address directly) can name any author in Reply-To.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.mailtext.dkim import TxtLookup, passing_signatures, vouches_for
from referee.mailtext.headers import StrictHeaders

__all__ = ["Carriage", "MailingList", "carrying_list", "default_list_id", "list_id_of"]


@dataclass(frozen=True)
class MailingList:
    address: str  # lower case
    list_id: str  # lower case, without angle brackets: "agora-business.agoranomic.org"
    signed_by: str | None  # the DKIM domain that signs every post, if the list signs


@dataclass(frozen=True)
class Carriage:
    """The list that verifiably carried a message, or why none did."""

    address: str | None
    signed: frozenset[str] | None  # fields the list's signature covers; None if it does not sign
    reason: str


def default_list_id(address: str) -> str:
    """Mailman's List-Id for a list address: ``agora-business@agoranomic.org`` gives
    ``agora-business.agoranomic.org``."""
    local, _, domain = address.lower().partition("@")
    return f"{local}.{domain}"


def list_id_of(value: str) -> str:
    """The identifier inside a List-Id field ("Agora Business <a.b.org>" gives "a.b.org")."""
    start, end = value.rfind("<"), value.rfind(">")
    inner = value[start + 1 : end] if 0 <= start < end else value
    return inner.strip().lower()


def carrying_list(
    raw: bytes,
    headers: StrictHeaders,
    lists: Sequence[MailingList],
    public: bool,
    lookup: TxtLookup | None = None,
) -> Carriage:
    """Which configured list carried ``raw`` (read strictly as ``headers``), if any."""
    author = headers.author
    found = next((m for m in lists if author is not None and m.address == author.address), None)
    if found is None:
        return Carriage(None, None, "its From is not a configured list's address")
    if not public:
        return Carriage(None, None, "it came to the referee privately, not through the list")
    ids = headers.values("list-id")
    if not ids:
        return Carriage(None, None, f"it has no List-Id (the list's is <{found.list_id}>)")
    if list_id_of(ids[0]) != found.list_id:
        return Carriage(
            None, None, f"its List-Id ({ids[0][:80]}) is not the list's <{found.list_id}>"
        )
    if found.signed_by is None:
        return Carriage(found.address, None, "")
    signer = found.signed_by
    signatures = passing_signatures(
        raw, lookup, lambda d: vouches_for(d, f"list@{signer}"), headers
    )
    if not signatures:
        return Carriage(
            None, None, f"it has no passing DKIM signature of {signer}, which signs the list"
        )
    signed = frozenset(name for s in signatures for name in s.signed)
    return Carriage(found.address, signed, "")


def bears_list_mark(
    raw: bytes,
    headers: StrictHeaders,
    lists: Sequence[MailingList],
    public: bool,
    lookup: TxtLookup | None = None,
) -> bool:
    """Whether mail that came by a public source carries a configured list's List-Id, and
    that list's signature where the list signs: the evidence that the list carried it,
    whatever its From (lists that do not rewrite From leave the author's there)."""
    ids = headers.values("list-id")
    if not public or not ids:
        return False
    found = next((m for m in lists if m.list_id == list_id_of(ids[0])), None)
    if found is None:
        return False
    if found.signed_by is None:
        return True
    signer = found.signed_by
    return bool(
        passing_signatures(raw, lookup, lambda d: vouches_for(d, f"list@{signer}"), headers)
    )
