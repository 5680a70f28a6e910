"""A database from before stored mail was redacted has its passphrases blanked by the
upgrade across that revision, once, and by nothing else (``referee init``)."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import insert, select
from support import mail, settings_for

from referee.cli.admin import cmd_init
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import InboundMessage

PHRASE = "mome raths outgrabe"


def _old_database_holding_a_passphrase(url: str) -> None:
    """A database at revision 0002 whose stored mail holds a passphrase in clear."""
    db = Database(url)
    try:
        migrate.upgrade(db, "0002")
        at = datetime(2023, 5, 1, 15, tzinfo=UTC)
        raw = mail("nix", f"I play c3\n{PHRASE}\n", at, via_list=False)
        # Written as that revision's referee stored it: the raw bytes as received.
        table = InboundMessage.metadata.tables["inbound_message"]
        columns = {c.name for c in table.columns} - {"passphrase_holders", "dkim_domains"}
        columns.discard("original_encrypted")
        row = {
            "message_key": "<old-1@test.example>",
            "raw": raw,
            "sha256": "0" * 64,
            "route": "test",
            "visibility": "private",
            "arrived_at": at,
            "effective_at": at,
            "date_header": at,
            "status": "done",
            "attempts": 1,
        }
        with db.transaction() as session:
            session.execute(insert(table).values({k: v for k, v in row.items() if k in columns}))
    finally:
        db.dispose()


def test_the_upgrade_blanks_the_passphrases_of_older_mail_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    _old_database_holding_a_passphrase(url)
    settings = settings_for(tmp_path, url, passphrases={"nix": PHRASE})
    assert cmd_init(settings, argparse.Namespace()) == 0
    said = capsys.readouterr().out
    assert "upgraded from 0002" in said
    assert "passphrases blanked in 1 message(s)" in said
    db = Database(url)
    try:
        with db.transaction() as session:
            row = session.scalars(select(InboundMessage)).one()
            assert PHRASE.encode() not in row.raw
            assert row.passphrase_holders == ["nix"]
    finally:
        db.dispose()
    # Up to date: nothing is scanned again at the next start.
    assert cmd_init(settings, argparse.Namespace()) == 0
    assert "blanked" not in capsys.readouterr().out
