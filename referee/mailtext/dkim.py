"""DKIM: which domains vouch for a message, checked with dkimpy.

A passing DKIM signature proves that whoever controls the DNS of the signing domain (its
``d=``) sent the signed headers and body. The referee uses it in two ways: a signature of
the domain of the player's own address shows that the mail came through eir mail
provider, not from someone who merely wrote eir address in From (the "dkim" credential);
and a signature of a signing list's domain shows that the list carried the mail.

The header section is first read by :mod:`referee.mailtext.headers`; a message that reader
refuses has no passing signature, so dkimpy and the author check never read two different
header sections. Only the signatures whose ``d=`` the caller wants are verified, so mail
whose signatures could not matter costs no DNS lookup.

The only input/output is the DNS lookup of each signature's public key, which callers may
replace (tests use a fixed table; the default is dkimpy's own resolver). Nothing here
raises on malformed mail: a signature that cannot be checked is simply not passing.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from referee.mailtext.headers import StrictHeaders, read_headers

__all__ = [
    "Signature",
    "TxtLookup",
    "passing_domains",
    "passing_signatures",
    "proves_author",
    "vouches_for",
]

log = logging.getLogger(__name__)

_DOMAIN_TAG = re.compile(r"(?:^|;)\s*d\s*=\s*([^;\s]+)", re.IGNORECASE)

# What a signature must cover to prove who wrote a message and when: From (RFC 6376 says
# so, but dkimpy does not check), and Date and Message-ID, so that neither a new date nor
# a new identity can be put on an old signed message.
AUTHOR_PROOF = frozenset({"from", "date", "message-id"})


class TxtLookup(Protocol):
    """dkimpy's ``dnsfunc``: the TXT record at ``name`` (bytes, ending in a dot), or None."""

    def __call__(self, name: bytes, timeout: int = 5) -> bytes | None: ...


@dataclass(frozen=True)
class Signature:
    """A passing signature: its domain and the header fields it covers (lower case)."""

    domain: str
    signed: frozenset[str]


def _clean(domain: str) -> str:
    return domain.strip().rstrip(".").lower()


def _verified(verifier: Any, index: int, lookup: TxtLookup | None) -> Signature | None:
    try:
        passed = (
            verifier.verify(idx=index)
            if lookup is None
            else verifier.verify(idx=index, dnsfunc=lookup)
        )
    except Exception as error:  # dkimpy parses untrusted input; any failure is "not passing"
        log.debug("DKIM signature %d could not be checked: %s", index, type(error).__name__)
        return None
    if not passed:
        return None
    fields = verifier.signature_fields
    signed = frozenset(
        name.strip().lower().decode("ascii", "replace")
        for name in fields.get(b"h", b"").split(b":")
    )
    # A body length limit (l=) would let anyone append a move below the signed text, so
    # such a signature vouches for nothing here.
    if "from" not in signed or b"l" in fields:
        return None
    try:
        return Signature(_clean(fields[b"d"].decode("ascii")), signed)
    except (KeyError, UnicodeDecodeError):
        return None


def passing_signatures(
    raw: bytes,
    lookup: TxtLookup | None = None,
    wanted: Callable[[str], bool] | None = None,
    headers: StrictHeaders | None = None,
) -> list[Signature]:
    """The message's passing DKIM signatures that cover From and have no body limit.

    Only signatures whose ``d=`` satisfies ``wanted`` are verified (all when it is None);
    the others cost no DNS lookup. ``lookup`` replaces dkimpy's DNS resolver. ``headers``
    is the message's strict reading, when the caller already has it.
    """
    headers = headers if headers is not None else read_headers(raw)
    if headers.problem is not None:
        return []
    claimed = [
        match.group(1) if (match := _DOMAIN_TAG.search(value)) else ""
        for value in headers.values("dkim-signature")
    ]
    todo = [i for i, d in enumerate(claimed) if d and (wanted is None or wanted(_clean(d)))]
    if not todo:
        return []
    import dkim  # only now: it loads a DNS resolver, which most runs never need

    try:
        verifier = dkim.DKIM(raw, logger=log)
    except Exception as error:  # unparsable header section: nothing can pass
        log.debug("DKIM: the message cannot be parsed: %s", type(error).__name__)
        return []
    found = (_verified(verifier, index, lookup) for index in todo)
    return [signature for signature in found if signature is not None]


def passing_domains(raw: bytes, lookup: TxtLookup | None = None) -> frozenset[str]:
    """The lower-case domains (``d=``) of the message's passing DKIM signatures."""
    return frozenset(s.domain for s in passing_signatures(raw, lookup))


def author_proof_domains(raw: bytes, lookup: TxtLookup | None = None) -> frozenset[str]:
    """The domains of the passing signatures that could prove an author: those whose signed
    header list covers From, Date and Message-ID (what :func:`proves_author` asks for)."""
    return frozenset(s.domain for s in passing_signatures(raw, lookup) if s.signed >= AUTHOR_PROOF)


def vouches_for(signing_domain: str, address: str) -> bool:
    """Whether a signature of ``signing_domain`` vouches for mail from ``address``.

    The domain must be the address's own domain or a parent of it with at least two labels
    (``example.org`` vouches for ``nix@mail.example.org``): whoever controls a parent
    domain's DNS controls its sub-domains anyway. A sub-domain of the address's domain
    does not (it may be delegated to someone else, such as a bulk-mail vendor), nor does a
    bare top-level domain.
    """
    own = address.rpartition("@")[2].strip().rstrip(".").lower()
    signer = _clean(signing_domain)
    if not own or not signer or "." not in signer:
        return False
    return own == signer or own.endswith("." + signer)


def proves_author(
    raw: bytes,
    address: str,
    lookup: TxtLookup | None = None,
    headers: StrictHeaders | None = None,
    counts: Callable[[str], bool] | None = None,
) -> bool:
    """Whether a passing signature of ``address``'s domain (or a parent) covers From, Date
    and Message-ID. DNS is asked only about signatures whose ``d=`` could align.
    ``counts``, when given, replaces "could align" (it must imply it)."""
    signatures = passing_signatures(
        raw,
        lookup,
        counts if counts is not None else (lambda domain: vouches_for(domain, address)),
        headers,
    )
    return any(s.signed >= AUTHOR_PROOF for s in signatures)
