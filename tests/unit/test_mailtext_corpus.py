"""Every message in tests/data/mail against its .expected.json."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from referee.mailtext import (
    AddressBook,
    arrival_from_received,
    author_text,
    effective_time,
    identify_author,
    reply_suppression,
)
from referee.mailtext.headers import read_headers
from referee.mailtext.lists import MailingList, carrying_list, default_list_id

CORPUS = Path(__file__).resolve().parents[1] / "data" / "mail"
BOT = frozenset({"referee@example.org"})
BOOK = AddressBook(
    players={
        "nix@example.org": "nix",
        "janet@example.net": "Janet",
        "jael@example.com": "Jaël",
    },
    list_addresses=frozenset({"agora-business@agoranomic.org", "agora-discussion@agoranomic.org"}),
    bot_addresses=BOT,
    lists=tuple(
        MailingList(address, default_list_id(address), None)
        for address in ("agora-business@agoranomic.org", "agora-discussion@agoranomic.org")
    ),
)
PAST_TOLERANCE = timedelta(days=2)

CASES = sorted(path.name.removesuffix(".eml") for path in CORPUS.glob("*.eml"))


def _load(name: str) -> tuple[EmailMessage, dict[str, Any]]:
    raw = (CORPUS / f"{name}.eml").read_bytes()
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    expected = json.loads((CORPUS / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert isinstance(expected, dict)
    return msg, expected


def test_corpus_is_complete() -> None:
    assert len(CASES) >= 30
    orphans = {
        path.name.removesuffix(".expected.json") for path in CORPUS.glob("*.expected.json")
    } - set(CASES)
    assert not orphans, f"expected.json without an eml: {sorted(orphans)}"


@pytest.mark.parametrize("name", CASES)
def test_body(name: str) -> None:
    msg, expected = _load(name)
    result = author_text(msg)
    assert [line.text for line in result.lines] == expected["text"]
    assert result.text == "\n".join(expected["text"])
    if "line_numbers" in expected:
        assert [line.number for line in result.lines] == expected["line_numbers"]
    if "quoted" in expected:
        assert [line.text for line in result.quoted] == expected["quoted"]
    else:
        assert len(result.quoted) == expected["quoted_count"]
    assert [line.text for line in result.signature] == expected["signature"]
    assert list(result.notes) == expected["notes"]
    # Every line of the body lands in exactly one bucket, numbered from 1 without gaps.
    numbers = sorted(
        line.number for part in (result.lines, result.quoted, result.signature) for line in part
    )
    assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize("name", CASES)
def test_author(name: str) -> None:
    msg, expected = _load(name)
    raw = (CORPUS / f"{name}.eml").read_bytes()
    # Read as mail from the public route, where a list's rewriting can be honoured.
    headers = read_headers(raw, BOOK.list_addresses)
    carriage = carrying_list(raw, headers, BOOK.lists, public=True)
    who = identify_author(msg, BOOK, headers=headers, carriage=carriage)
    want = expected["author"]
    assert (who.player, who.address, who.display_name, who.via_list, who.how) == (
        want["player"],
        want["address"],
        want["display_name"],
        want["via_list"],
        want["how"],
    )


@pytest.mark.parametrize("name", CASES)
def test_timing(name: str) -> None:
    msg, expected = _load(name)
    received = arrival_from_received(msg)
    want_received = expected["received"]
    assert received == (datetime.fromisoformat(want_received) if want_received else None)
    arrived = received or datetime.fromisoformat(expected["arrived_at"])
    when = effective_time(msg, arrived, PAST_TOLERANCE)
    want = expected["effective"]
    assert when.at == datetime.fromisoformat(want["at"])
    assert when.at.utcoffset() == timedelta(0)
    assert when.replaced is want["replaced"]
    header = want["date_header"]
    assert when.date_header == (datetime.fromisoformat(header) if header else None)
    if want["reason_contains"] is None:
        assert when.reason is None
    else:
        assert when.reason is not None
        assert want["reason_contains"] in when.reason


@pytest.mark.parametrize("name", CASES)
def test_suppression(name: str) -> None:
    msg, expected = _load(name)
    reason = reply_suppression(msg, BOT, addressed_to_bot=expected["addressed_to_bot"])
    if expected["suppression_contains"] is None:
        assert reason is None
    else:
        assert reason is not None
        assert expected["suppression_contains"] in reason
