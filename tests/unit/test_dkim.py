"""DKIM signatures checked with dkimpy: real RSA keys, real signatures, DNS from a table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import dkim
import pytest
from dkim import dknewkey
from servers import require_binary

from referee.mailtext.dkim import passing_domains, proves_author, vouches_for
from referee.mailtext.headers import read_headers
from referee.mailtext.lists import MailingList, carrying_list

MESSAGE = (
    b"From: nix <nix@example.org>\r\n"
    b"To: referee@example.org\r\n"
    b"Subject: my move\r\n"
    b"Date: Mon, 04 Mar 2024 13:00:00 +0000\r\n"
    b"Message-ID: <move-1@example.org>\r\n"
    b"\r\n"
    b"I play e5\r\n"
)


@dataclass
class Dns:
    """TXT records by name, and every name looked up (dkimpy's ``dnsfunc``)."""

    records: dict[bytes, bytes] = field(default_factory=dict)
    asked: list[bytes] = field(default_factory=list)

    def __call__(self, name: bytes, timeout: int = 5) -> bytes | None:
        self.asked.append(name)
        return self.records.get(name)


@dataclass(frozen=True)
class Key:
    private: bytes
    record: bytes  # the TXT record publishing the public key


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> Key:
    """A fresh 2048-bit RSA key made by dkimpy's own key tool (which runs openssl)."""
    require_binary([dknewkey.OPENSSL_BINARY], "openssl (dkimpy makes keys with it)")
    folder: Path = tmp_path_factory.mktemp("dkim")
    private, record = folder / "test.key", folder / "test.dns"
    dknewkey.GenRSAKeys(str(private), verbose=False)
    dknewkey.ExtractRSADnsPublicKey(str(private), str(record), verbose=False)
    return Key(private.read_bytes(), record.read_bytes())


@pytest.fixture
def dns(key: Key) -> Iterator[Dns]:
    yield Dns({b"sel._domainkey.example.org.": key.record})


def signed(
    key: Key, message: bytes = MESSAGE, domain: bytes = b"example.org", **options: bool
) -> bytes:
    return bytes(dkim.sign(message, b"sel", domain, key.private, **options)) + message


def test_a_good_signature_names_its_domain(key: Key, dns: Dns) -> None:
    assert passing_domains(signed(key), dns) == {"example.org"}
    assert dns.asked == [b"sel._domainkey.example.org."]


def test_a_changed_body_or_header_fails(key: Key, dns: Dns) -> None:
    assert passing_domains(signed(key).replace(b"I play e5", b"I play a1"), dns) == frozenset()
    assert passing_domains(signed(key).replace(b"Subject: my", b"Subject: a"), dns) == frozenset()


def test_a_key_missing_from_dns_fails(key: Key) -> None:
    assert passing_domains(signed(key), Dns()) == frozenset()


def test_another_key_published_for_the_domain_fails(key: Key, dns: Dns) -> None:
    lookup = Dns({b"sel._domainkey.example.org.": b"v=DKIM1; k=rsa; p=" + b"A" * 64})
    assert passing_domains(signed(key), lookup) == frozenset()


def test_an_unsigned_message_costs_no_lookup(dns: Dns) -> None:
    assert passing_domains(MESSAGE, dns) == frozenset()
    assert dns.asked == []


def test_each_signature_is_checked_and_only_passing_ones_count(key: Key, dns: Dns) -> None:
    dns.records[b"sel._domainkey.example.net."] = dns.records[b"sel._domainkey.example.org."]
    player = dkim.sign(MESSAGE, b"sel", b"example.org", key.private)
    broken = player.replace(b"bh=", b"bh=AAAA", 1)
    both = bytes(dkim.sign(broken + MESSAGE, b"sel", b"example.net", key.private))
    assert passing_domains(both + broken + MESSAGE, dns) == {"example.net"}
    assert passing_domains(both + player + MESSAGE, dns) == {"example.net", "example.org"}


def test_a_signature_of_part_of_the_body_vouches_for_nothing(key: Key, dns: Dns) -> None:
    partial = signed(key, length=True)
    assert b" l=" in partial or b";l=" in partial
    assert passing_domains(partial, dns) == frozenset()


@pytest.mark.parametrize(
    "header",
    [
        b"DKIM-Signature: garbage\r\n",
        b"DKIM-Signature: v=1; a=rsa-sha256; d=example.org; s=sel; h=from; bh=!!; b=??\r\n",
        b"DKIM-Signature: v=1; a=rsa-sha256; d=example.org; s=sel; h=from; bh=AAAA; b=AAAA\r\n",
    ],
)
def test_a_malformed_signature_is_not_passing_and_raises_nothing(header: bytes, dns: Dns) -> None:
    assert passing_domains(header + MESSAGE, dns) == frozenset()


def test_an_unparsable_message_is_not_passing() -> None:
    assert passing_domains(b"DKIM-Signature: v=1\r\n\x00\x01 no header\r\n\r\nbody", Dns()) == set()


@pytest.mark.parametrize(
    ("domain", "address", "vouches"),
    [
        ("example.org", "nix@example.org", True),
        ("EXAMPLE.org.", "nix@Example.ORG", True),
        ("example.org", "nix@mail.example.org", True),  # a parent domain
        ("mail.example.org", "nix@example.org", False),  # a sub-domain
        ("ample.org", "nix@example.org", False),  # not on a label boundary
        ("org", "nix@example.org", False),  # a bare top-level domain
        ("example.net", "nix@example.org", False),
        ("example.org", "nix", False),
    ],
)
def test_which_signing_domains_vouch_for_an_address(
    domain: str, address: str, vouches: bool
) -> None:
    assert vouches_for(domain, address) is vouches


def test_the_author_proof_needs_from_date_and_message_id_signed(key: Key, dns: Dns) -> None:
    assert proves_author(signed(key), "nix@example.org", dns)
    assert proves_author(signed(key), "nix@mail.example.org", dns)  # a parent domain signs
    for left_out in (b"date", b"message-id"):
        names = [b"from", b"to", b"subject", b"date", b"message-id"]
        partial = bytes(
            dkim.sign(
                MESSAGE,
                b"sel",
                b"example.org",
                key.private,
                include_headers=[n for n in names if n != left_out],
            )
        )
        assert passing_domains(partial + MESSAGE, dns) == {"example.org"}
        assert not proves_author(partial + MESSAGE, "nix@example.org", dns)


def test_a_signature_that_cannot_align_costs_no_lookup(key: Key, dns: Dns) -> None:
    assert not proves_author(signed(key), "nix@example.net", dns)
    assert not proves_author(signed(key), "nix@sub.example.org.evil", dns)
    assert dns.asked == []


def test_a_header_section_the_strict_reader_refuses_has_no_passing_signature(
    key: Key, dns: Dns
) -> None:
    hidden = b"X-Mailer: mutt\rFrom: janet@example.org\r\n" + signed(key)
    assert passing_domains(hidden, dns) == frozenset()
    assert not proves_author(hidden, "janet@example.org", dns)
    assert dns.asked == []


LIST_POST = (
    b'From: "nix via agora-business" <agora-business@example.org>\r\n'
    b"Reply-To: nix <nix@example.org>\r\n"
    b"X-Original-From: nix@example.org\r\n"
    b"List-Id: Agora Business <agora-business.example.org>\r\n"
    b"Date: Mon, 04 Mar 2024 13:00:00 +0000\r\n"
    b"Message-ID: <post-1@example.org>\r\n"
    b"\r\n"
    b"I place a tile at G6.\r\n"
)
UNSIGNED_LIST = MailingList("agora-business@example.org", "agora-business.example.org", None)
SIGNING_LIST = MailingList(
    "agora-business@example.org", "agora-business.example.org", "example.org"
)


def _carriage(raw: bytes, lists: list[MailingList], public: bool, dns: Dns) -> tuple[object, ...]:
    headers = read_headers(raw, {m.address for m in lists})
    found = carrying_list(raw, headers, lists, public, dns)
    return found.address, found.signed, found.reason


def test_a_list_that_does_not_sign_is_known_by_its_list_id_on_the_public_route(dns: Dns) -> None:
    assert _carriage(LIST_POST, [UNSIGNED_LIST], True, dns) == (
        "agora-business@example.org",
        None,
        "",
    )
    address, _, reason = _carriage(LIST_POST, [UNSIGNED_LIST], False, dns)
    assert address is None and "privately" in str(reason)
    other = LIST_POST.replace(b"<agora-business.example.org>", b"<agora-business.evil.example>")
    address, _, reason = _carriage(other, [UNSIGNED_LIST], True, dns)
    assert address is None and "is not the list's" in str(reason)
    assert dns.asked == []


def test_a_signing_list_needs_its_signature_and_names_what_it_covers(key: Key, dns: Dns) -> None:
    address, _, reason = _carriage(LIST_POST, [SIGNING_LIST], True, dns)
    assert address is None and "no passing DKIM signature of example.org" in str(reason)
    covered = [b"from", b"reply-to", b"list-id", b"date", b"message-id"]
    signed_post = (
        bytes(dkim.sign(LIST_POST, b"sel", b"example.org", key.private, include_headers=covered))
        + LIST_POST
    )
    address, signed, _ = _carriage(signed_post, [SIGNING_LIST], True, dns)
    assert address == "agora-business@example.org"
    assert isinstance(signed, frozenset) and "reply-to" in signed
    assert "x-original-from" not in signed
    forged = signed_post.replace(b"Reply-To: nix <nix@", b"Reply-To: nix <evil@")
    assert _carriage(forged, [SIGNING_LIST], True, dns)[0] is None


def test_a_message_id_put_in_front_of_a_signed_message_proves_nothing(key: Key, dns: Dns) -> None:
    replayed = b"Message-ID: <replay@evil.example>\r\n" + signed(key)
    # DKIM alone does not notice (a signature covers the last instance of a field)...
    assert dkim.verify(replayed, dnsfunc=dns)
    # ...but the strict reader refuses two Message-IDs before any signature is checked.
    assert not proves_author(replayed, "nix@example.org", dns)
