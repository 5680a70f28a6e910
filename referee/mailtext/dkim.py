"""DKIM: which domains vouch for a message, checked with dkimpy.

A passing DKIM signature proves that whoever controls the DNS of the signing domain (its
``d=``) sent the signed headers and body. The referee uses it as a credential for private
moves: a signature of the domain of the player's own address shows that the mail came
through eir mail provider, not from someone who merely wrote eir address in From.

The only input/output is the DNS lookup of each signature's public key, which callers may
replace (tests use a fixed table; the default is dkimpy's own resolver). Like the rest of
:mod:`referee.mailtext`, nothing here raises on malformed mail: a signature that cannot be
checked is simply not passing.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol

__all__ = ["TxtLookup", "passing_domains", "vouches_for"]

log = logging.getLogger(__name__)

_SIGNATURE_HEADER = re.compile(rb"^dkim-signature[ \t]*:", re.IGNORECASE | re.MULTILINE)


class TxtLookup(Protocol):
    """dkimpy's ``dnsfunc``: the TXT record at ``name`` (bytes, ending in a dot), or None."""

    def __call__(self, name: bytes, timeout: int = 5) -> bytes | None: ...


def _signature_count(raw: bytes) -> int:
    """How many DKIM-Signature header fields the header section has."""
    head = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0]
    return len(_SIGNATURE_HEADER.findall(head))


def _signed_domain(verifier: Any, index: int, lookup: TxtLookup | None) -> str | None:
    """The ``d=`` domain of signature ``index`` when it passes and vouches for From."""
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
    # A signature must cover From to say anything about the author (RFC 6376 requires it,
    # but dkimpy does not check). A body length limit (l=) would let anyone append a
    # move below the signed text, so such a signature vouches for nothing here.
    signed = [name.strip().lower() for name in fields.get(b"h", b"").split(b":")]
    if b"from" not in signed or b"l" in fields:
        return None
    try:
        return str(fields[b"d"].decode("ascii")).strip().rstrip(".").lower()
    except (KeyError, UnicodeDecodeError):
        return None


def passing_domains(raw: bytes, lookup: TxtLookup | None = None) -> frozenset[str]:
    """The lower-case domains (``d=``) of the message's passing DKIM signatures.

    ``lookup`` replaces dkimpy's DNS resolver (``None``: dkimpy's default). A message
    without signatures costs no lookup at all.
    """
    count = _signature_count(raw)
    if count == 0:
        return frozenset()
    import dkim  # only now: it loads a DNS resolver, which most runs never need

    try:
        verifier = dkim.DKIM(raw, logger=log)
    except Exception as error:  # unparsable header section: nothing can pass
        log.debug("DKIM: the message cannot be parsed: %s", type(error).__name__)
        return frozenset()
    domains: set[str] = set()
    for index in range(count):
        domain = _signed_domain(verifier, index, lookup)
        if domain is not None:
            domains.add(domain)
    return frozenset(domains)


def vouches_for(signing_domain: str, address: str) -> bool:
    """Whether a signature of ``signing_domain`` vouches for mail from ``address``.

    The domain must be the address's own domain or a parent of it with at least two labels
    (``example.org`` vouches for ``nix@mail.example.org``): whoever controls a parent
    domain's DNS controls its sub-domains anyway. A sub-domain of the address's domain
    does not (it may be delegated to someone else, such as a bulk-mail vendor), nor does a
    bare top-level domain.
    """
    own = address.rpartition("@")[2].strip().rstrip(".").lower()
    signer = signing_domain.strip().rstrip(".").lower()
    if not own or not signer or "." not in signer:
        return False
    return own == signer or own.endswith("." + signer)
