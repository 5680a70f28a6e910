"""``check_seconds``: between polls, the poller asks the first folder with NOOP instead of
waiting on IDLE, so new mail is stored without waiting for Dovecot's IDLE news (which it
holds back half a second after the mail arrives)."""

from __future__ import annotations

import dataclasses
import logging
import time
from functools import partial
from typing import Any

import pytest
from servers.dovecot import DovecotAccount, wait_until_stopped
from servers.mail import cursors, make_message, message_count, stored_messages, wait_until
from test_imap import count_is, running, source_for

from referee.config import ImapSource
from referee.ingress.imap import ImapPoller, connect
from referee.ingress.inbox import Inbox
from referee.store.db import Database

pytestmark = pytest.mark.dovecot


class Commands:
    """Wraps a real IMAPClient and counts the poller's IDLEs and NOOPs, and the NOOPs whose
    answer told of new mail."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self.idles = 0
        self.noops = 0
        self.noops_telling_of_mail = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def idle(self) -> Any:
        self.idles += 1
        return self._client.idle()

    def noop(self) -> Any:
        self.noops += 1
        answer = self._client.noop()
        if any(len(r) > 1 and r[1] == b"EXISTS" for r in answer[1]):
            self.noops_telling_of_mail += 1
        return answer


def _checking(account: DovecotAccount, seconds: float, **kwargs: Any) -> ImapSource:
    return dataclasses.replace(source_for(account, **kwargs), check_seconds=seconds)


def test_new_mail_is_found_by_a_noop_not_by_idle(
    dovecot: DovecotAccount, inbox: Inbox, sqlite_database: Database
) -> None:
    clients: list[Commands] = []

    def factory(source: ImapSource) -> Any:
        clients.append(Commands(connect(source)))
        return clients[-1]

    # poll_seconds is long: only the checks can explain a pick-up.
    source = _checking(dovecot, 0.05, poll_seconds=60.0)
    poller = ImapPoller(source, inbox, sqlite_database, client_factory=factory)
    with running(poller):
        wait_until(lambda: bool(clients), timeout=5)
        for expected in (1, 2, 3):
            # A NOOP after the last message was stored: the poller is checking again (mail
            # appended while it polls is found by its fresh SELECT instead).
            asked = clients[0].noops
            wait_until(lambda: clients[0].noops > asked, timeout=5)  # noqa: B023
            dovecot.append("INBOX", make_message(f"checked {expected}"))
            wait_until(partial(count_is, sqlite_database, expected), timeout=5)
    assert len(clients) == 1  # no reconnection on the way
    assert clients[0].idles == 0
    assert clients[0].noops_telling_of_mail == 3
    assert message_count(sqlite_database) == 3


def test_checks_take_the_place_of_idle_even_with_idle_off(
    dovecot: DovecotAccount, inbox: Inbox, sqlite_database: Database
) -> None:
    source = _checking(dovecot, 0.05, idle=False, poll_seconds=60.0)
    with running(ImapPoller(source, inbox, sqlite_database)):
        wait_until(lambda: ("test", "INBOX") in cursors(sqlite_database), timeout=5)
        dovecot.append("INBOX", make_message("without idle"))
        wait_until(lambda: message_count(sqlite_database) == 1, timeout=5)


def test_the_other_folders_are_still_polled(
    dovecot: DovecotAccount, inbox: Inbox, sqlite_database: Database
) -> None:
    dovecot.create_folder("other")
    source = _checking(dovecot, 0.05, folders=("INBOX", "other"), poll_seconds=0.5)
    with running(ImapPoller(source, inbox, sqlite_database)):
        dovecot.append("other", make_message("to the other folder"))
        wait_until(lambda: message_count(sqlite_database) == 1, timeout=5)
        dovecot.append("INBOX", make_message("to the checked folder"))
        wait_until(lambda: message_count(sqlite_database) == 2, timeout=5)


def test_checks_survive_a_server_restart(
    dovecot: DovecotAccount,
    inbox: Inbox,
    sqlite_database: Database,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The server goes away between two checks: the NOOP fails, the poller reconnects with
    back-off, and what was delivered meanwhile is stored once."""
    caplog.set_level(logging.INFO, logger="referee.ingress.imap")
    source = _checking(dovecot, 0.05, poll_seconds=60.0)
    poller = ImapPoller(source, inbox, sqlite_database, backoff_initial=0.05, backoff_max=0.4)
    while_down = make_message("while down")
    with running(poller) as thread:
        dovecot.append("INBOX", make_message("before"))
        wait_until(lambda: message_count(sqlite_database) == 1, timeout=5)
        dovecot.stop()
        wait_until_stopped(dovecot.host, dovecot.port)
        dovecot.deliver("INBOX", while_down)
        time.sleep(0.5)  # checks fail, reconnections are refused, backing off
        assert thread.is_alive()
        dovecot.start()
        wait_until(lambda: message_count(sqlite_database) == 2, timeout=5)
        dovecot.append("INBOX", make_message("after"))
        wait_until(lambda: message_count(sqlite_database) == 3, timeout=5)
    assert stored_messages(sqlite_database)[1].raw == while_down
    assert "connection lost or refused" in caplog.text
