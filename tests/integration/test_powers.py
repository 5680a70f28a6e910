"""Attacks on officers' and administrators' powers, through the real pipeline.

Each attack is written as an attacker would write the mail, and delivered over LMTP, over
IMAP from the test Dovecot, or from an archive on disk. Each is refused: nothing changes
in any game, nothing is mailed to an address the attacker chose, and no secret leaks.
Then the proofs that do work: a passphrase, a DKIM signature of the officer's own domain,
and a confirmation round trip (whose token works once, in time, for its owner only).
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import re
import smtplib
from collections.abc import Iterator
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest
from scgo_mail import DkimDns, DkimKey
from servers.ports import LOOPBACK, free_port
from sqlalchemy import select
from support import ADDRESSES, BOT, COMMUNE_START, LIST, FixedClock, commune_game, settings_for

from referee.app import App, build_app
from referee.config import ImapSource, Secret, TlsMode, Visibility
from referee.engine.results import MessageResults
from referee.ingress.imap import ImapPoller
from referee.ingress.importer import import_paths
from referee.ingress.lmtp import LmtpHandler, lmtp_controller
from referee.mailtext.lists import default_list_id
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import GameEvent, GameRecord, InboundMessage, OutboundMessage

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
AT = COMMUNE_START + HOUR
ADMIN = "admin@example.org"
ADMIN_PASSPHRASE = "orchid tunnel under sunrise"
ASPEN_PASSPHRASE = "amber lantern quietly hums"
SECRET = "a long server secret nobody mails"
ATTACKER = "mallory@evil.example"
VICTIM = "bystander@elsewhere.example"
CORRECTION = "correct Commune: participants.nix.tokens.7 = 9 because I say so"
SCGO = {
    "name": "Go",
    "kind": "scgo",
    "ruleset": "guy-fawkes",
    "start": COMMUNE_START.isoformat(),
    "officer": "referee",
}
ROUTES = ("lmtp", "imap", "directory")


class Referee:
    """The referee with its mail routes: LMTP (private and public), IMAP, an archive."""

    def __init__(
        self, tmp_path: Path, url: str, request: pytest.FixtureRequest, **powers: Any
    ) -> None:
        self.tmp_path = tmp_path
        self.request = request
        admin_file = tmp_path / "passphrase-admin"
        admin_file.write_text(ADMIN_PASSPHRASE + "\n", encoding="utf-8")
        secret_file = tmp_path / "confirmation-secret"
        secret_file.write_text(SECRET + "\n", encoding="utf-8")
        settings = settings_for(
            tmp_path,
            url,
            games=[commune_game(), SCGO],
            extra={
                "offices": {"registrar": "Kate"},
                "powers": {
                    "administrator": [{"address": ADMIN, "passphrase_file": str(admin_file)}],
                    "confirmation_secret_file": str(secret_file),
                    **powers,
                },
            },
            passphrases={"Aspen": ASPEN_PASSPHRASE},
        )
        db = Database(settings.database_url)
        try:
            migrate.upgrade(db)
        finally:
            db.dispose()
        self.clock = FixedClock(COMMUNE_START)
        self.dns = DkimDns()
        self.app: App = build_app(settings, now=self.clock, dkim_dns=self.dns)
        self.ports = {Visibility.PRIVATE: free_port(), Visibility.PUBLIC: free_port()}
        self.servers = [
            lmtp_controller(LmtpHandler(self.app.inbox, visibility, clock=self.clock), LOOPBACK, p)
            for visibility, p in self.ports.items()
        ]
        for server in self.servers:
            server.start()
        self._archives = 0

    def close(self) -> None:
        for server in self.servers:
            server.stop()
        self.app.close()

    # -- mail in ---------------------------------------------------------------------------

    def deliver(
        self, raw: bytes, at: datetime, route: str = "lmtp", *, private: bool = False
    ) -> MessageResults:
        """Deliver ``raw`` by ``route``, process it, and return what the referee made of it."""
        before = self._newest()
        self.clock.moment = at
        if route == "lmtp":
            visibility = Visibility.PRIVATE if private else Visibility.PUBLIC
            with smtplib.LMTP(LOOPBACK, self.ports[visibility]) as client:
                client.sendmail(ATTACKER, [BOT], raw)
        elif route == "imap":
            account = self.request.getfixturevalue("dovecot")
            with account.connect() as client:
                client.append("INBOX", raw, msg_time=at)
            source = ImapSource(
                name="list",
                visibility=Visibility.PUBLIC,
                host=account.host,
                port=account.port,
                tls=TlsMode.NONE,
                user=account.user,
                password=Secret(account.password),
                folders=("INBOX",),
                idle=False,
                poll_seconds=1.0,
                timeout_seconds=5.0,
            )
            with ImapPoller(source, self.app.inbox, self.app.db) as poller:
                assert poller.poll_once() == 1
        else:
            self._archives += 1
            archive = self.tmp_path / f"archive-{self._archives}.mbox"
            from_line = f"From {ATTACKER} {at:%a %b %d %H:%M:%S %Y}\n".encode()
            archive.write_bytes(from_line + raw.replace(b"\r\n", b"\n"))
            summary = import_paths([archive], self.app.inbox, Visibility.PUBLIC)
            assert summary.stored == 1
        self.app.processor().process_pending()
        with self.app.db.transaction() as session:
            row = session.scalar(
                select(InboundMessage)
                .where(InboundMessage.id > before)
                .order_by(InboundMessage.id.desc())
            )
            assert row is not None
            if row.status == "quarantined":
                # Refused before any action was read (ambiguous or unattributable author,
                # headers refused): nothing was performed; an officer sees the reason.
                assert row.reason is not None
                return MessageResults(None, None, row.effective_at.isoformat(), notes=[row.reason])
            assert row.results is not None
            return MessageResults.from_json(row.results)

    def _newest(self) -> int:
        with self.app.db.transaction() as session:
            rows = session.scalars(select(InboundMessage.id).order_by(InboundMessage.id.desc()))
            return next(iter(rows), 0)

    # -- what the referee holds and sent ---------------------------------------------------

    def states(self) -> dict[str, Any]:
        with self.app.db.transaction() as session:
            return {r.name: r.state for r in session.scalars(select(GameRecord))}

    def outbound(self) -> list[tuple[tuple[str, ...], EmailMessage, str]]:
        with self.app.db.transaction() as session:
            rows = session.scalars(select(OutboundMessage).order_by(OutboundMessage.id))
            return [
                (
                    tuple(r.recipients),
                    email.message_from_bytes(r.raw, policy=email.policy.default),
                    r.kind,
                )
                for r in rows
            ]

    def recipients(self) -> set[str]:
        return {address for to, _, _ in self.outbound() for address in to}

    def token(self) -> str:
        requests = [m for _, m, kind in self.outbound() if kind == "confirmation-request"]
        assert requests, "no confirmation request was mailed"
        body = requests[-1].get_body(preferencelist=("plain",))
        assert body is not None
        found = re.search(r"confirm ([0-9a-f]{24})", body.get_content())
        assert found is not None
        return found.group(1)

    def stored_text(self, *, mail: bool = True) -> str:
        """Everything the referee wrote down: results, history, states, outgoing mail."""
        with self.app.db.transaction() as session:
            parts = [str(r.results) for r in session.scalars(select(InboundMessage))]
            parts += [
                f"{e.summary} {e.text} {e.private_summary}"
                for e in session.scalars(select(GameEvent))
            ]
            parts += [str(r.state) for r in session.scalars(select(GameRecord))]
            if mail:
                outbound = session.scalars(select(OutboundMessage))
                parts += [r.raw.decode("utf-8", "replace") for r in outbound]
        return "\n".join(parts)


@pytest.fixture
def referee(tmp_path: Path, sqlite_url: str, request: pytest.FixtureRequest) -> Iterator[Referee]:
    table = Referee(tmp_path, sqlite_url, request)
    try:
        yield table
    finally:
        table.close()


def attack(
    sender: str,
    body: str,
    at: datetime,
    *,
    name: str | None = None,
    to: str = LIST,
    headers: dict[str, str] | None = None,
) -> bytes:
    """A message as an attacker writes it: every header is eir choice."""
    message = EmailMessage()
    message["From"] = f"{name} <{sender}>" if name else sender
    message["To"] = to
    message["Subject"] = "official business"
    message["Date"] = format_datetime(at)
    digest = hashlib.sha1(f"{sender}|{body}|{at.isoformat()}|{headers}".encode()).hexdigest()
    message["Message-ID"] = f"<{digest[:20]}@attack.example>"
    if to == LIST and not any(h.lower() == "list-id" for h in headers or {}):
        # The attacker writes the list's List-Id too: the test lists do not sign, so on the
        # public routes the rewriting is honoured and only proofs stand in the way.
        message["List-Id"] = f"<{default_list_id(LIST)}>"
    for header, value in (headers or {}).items():
        message[header] = value
    message.set_content(body)
    return message.as_bytes()


def _join_nix(referee: Referee) -> None:
    raw = attack(ADDRESSES["nix"], "I become a participant in Commune.", AT - HOUR)
    assert referee.deliver(raw, AT - HOUR).actions[0].outcome == "applied"


# Every way a header can name the Surveyor (Aspen) on mail Aspen never sent.
OFFICER_TRICKS: dict[str, dict[str, Any]] = {
    "forged From": {"sender": ADDRESSES["Aspen"], "name": "Aspen"},
    "officer via list": {
        "sender": LIST,
        "name": "Aspen via agora-business",
        "headers": {"Reply-To": ADDRESSES["Aspen"]},
    },
    "encoded via list": {
        "sender": LIST,
        "name": "=?utf-8?q?Aspen_via_agora-business?=",
        "headers": {"X-Original-From": ADDRESSES["Aspen"]},
    },
    "Reply-To of the officer": {
        "sender": ATTACKER,
        "headers": {"Reply-To": ADDRESSES["Aspen"]},
    },
    "X-Original-From of the officer": {
        "sender": ATTACKER,
        "headers": {"X-Original-From": ADDRESSES["Aspen"]},
    },
    "Cc of the officer": {"sender": LIST, "headers": {"Cc": ADDRESSES["Aspen"]}},
}
OFFICER_TRICKS["list in From, third party in Reply-To"] = {
    "sender": LIST,
    "headers": {"Reply-To": VICTIM, "Cc": ADDRESSES["Aspen"]},
}
OFFICER_COMMANDS = (
    CORRECTION,
    "I appoint Janet as the Surveyor.",
    "I deactivate Murphy.",  # the Registrar's power; Aspen does not hold it either
)


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("trick", sorted(OFFICER_TRICKS))
def test_headers_naming_an_officer_give_no_power(referee: Referee, route: str, trick: str) -> None:
    _join_nix(referee)
    before = referee.states()
    spec = OFFICER_TRICKS[trick]
    for index, command in enumerate(OFFICER_COMMANDS):
        at = AT + index * HOUR
        raw = attack(
            spec["sender"], command, at, name=spec.get("name"), headers=spec.get("headers")
        )
        results = referee.deliver(raw, at, route)
        assert [a.outcome for a in results.actions] in ([], ["rejected"]), results.actions
    assert referee.states() == before
    # Mail went only to registered players (an answer or a request to the person named),
    # or to an unregistered From as written (how to register: the answers' own policy on
    # backscatter); never to a third party named elsewhere, nor to the list.
    assert referee.recipients() <= {*ADDRESSES.values(), spec["sender"]} - {LIST}
    assert VICTIM not in referee.recipients()


def test_the_registrar_forged_cannot_deactivate_another_player(referee: Referee) -> None:
    _join_nix(referee)
    before = referee.states()
    raw = attack(ADDRESSES["Kate"], "I deactivate Murphy.", AT, name="Kate")
    results = referee.deliver(raw, AT)
    assert results.actions[0].outcome == "rejected"
    assert "nothing in this message proves that Kate wrote it" in results.actions[0].summary
    assert referee.states() == before


def test_publishing_a_draft_needs_proof(referee: Referee) -> None:
    _join_nix(referee)
    referee.app.processor().advance_clock(COMMUNE_START + 6 * DAY)
    drafts = [m for _, m, _ in referee.outbound() if m.get("X-Referee-Draft-Game") == "Commune"]
    assert drafts
    at = COMMUNE_START + 6 * DAY + HOUR
    for spec in (OFFICER_TRICKS["forged From"], OFFICER_TRICKS["officer via list"]):
        raw = attack(
            spec["sender"],
            "publish",
            at,
            name=spec.get("name"),
            to=BOT,
            headers={**spec.get("headers", {}), "In-Reply-To": str(drafts[-1]["Message-ID"])},
        )
        results = referee.deliver(raw, at, private=True)
        assert [a.outcome for a in results.actions] in ([], ["rejected"]), results
        at += HOUR
    assert not [m for to, m, kind in referee.outbound() if kind == "report"]
    assert LIST not in referee.recipients()


ADMIN_TRICKS: dict[str, dict[str, Any]] = {
    "forged From": {"sender": ADMIN},
    "admin via list": {
        "sender": LIST,
        "name": "admin via agora-business",
        "headers": {"Reply-To": ADMIN},
    },
    "X-Original-From": {"sender": LIST, "headers": {"X-Original-From": ADMIN}},
}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("trick", sorted(ADMIN_TRICKS))
def test_a_forged_administrator_changes_nothing(referee: Referee, route: str, trick: str) -> None:
    _join_nix(referee)
    before = referee.states()
    spec = ADMIN_TRICKS[trick]
    for index, command in enumerate(
        (CORRECTION, "Janet is now the Surveyor.", "I deregister Murphy.")
    ):
        at = AT + index * HOUR
        raw = attack(
            spec["sender"], command, at, name=spec.get("name"), headers=spec.get("headers")
        )
        results = referee.deliver(raw, at, route)
        assert all(a.outcome == "rejected" for a in results.actions), results.actions
    assert referee.states() == before
    # The administrator's own configured address is the only one that may hear of it.
    assert referee.recipients() <= {ADMIN, *ADDRESSES.values()}
    assert LIST not in referee.recipients()
    assert ADMIN_PASSPHRASE not in referee.stored_text()


def test_an_administrator_with_eir_passphrase_acts_and_it_is_never_repeated(
    referee: Referee,
) -> None:
    raw = attack(ADMIN, f"Janet is now the Surveyor.\n{ADMIN_PASSPHRASE}", AT, to=BOT)
    results = referee.deliver(raw, AT)
    assert [(a.outcome, a.summary) for a in results.actions] == [
        ("applied", "Janet is now the surveyor")
    ]
    assert referee.states()["Register"]["offices"]["surveyor"] == "Janet"
    assert ADMIN_PASSPHRASE not in referee.stored_text()


def _nix_tokens(referee: Referee) -> Any:
    return referee.states()["Commune"]["participants"]["nix"]["tokens"]


def test_a_correction_with_the_officers_passphrase(referee: Referee) -> None:
    _join_nix(referee)
    raw = attack(ADDRESSES["Aspen"], f"{CORRECTION}\n{ASPEN_PASSPHRASE}", AT, to=BOT)
    results = referee.deliver(raw, AT, private=True)
    assert results.actions[0].outcome == "applied", results.actions
    assert _nix_tokens(referee) == {"7": 9}
    assert ASPEN_PASSPHRASE not in referee.stored_text()
    # The same passphrase under someone else's From proves nothing for Aspen's office.
    forged = attack(
        ADDRESSES["Janet"],
        "correct Commune: participants.nix.tokens.7 = 1 because\n" + ASPEN_PASSPHRASE,
        AT + HOUR,
        to=BOT,
    )
    forged_results = referee.deliver(forged, AT + HOUR, private=True)
    # Blanked at intake, the passphrase leaves the command without its reason: it is not
    # understood, or refused; either way nothing changes and nothing repeats it.
    assert [a.outcome for a in forged_results.actions] in ([], ["rejected"]), forged_results
    assert _nix_tokens(referee) == {"7": 9}


def test_a_correction_signed_with_dkim_of_the_officers_domain(
    referee: Referee, tmp_path: Path
) -> None:
    _join_nix(referee)
    key = DkimKey(tmp_path)
    key.publish(referee.dns, "example.com")  # Aspen's domain
    key.publish(referee.dns, "evil.example")
    good = key.sign(attack(ADDRESSES["Aspen"], CORRECTION, AT, to=BOT), "example.com")
    assert referee.deliver(good, AT, private=True).actions[0].outcome == "applied"
    assert _nix_tokens(referee) == {"7": 9}
    # A signature of another domain does not vouch for Aspen's address.
    other = attack(
        ADDRESSES["Aspen"],
        "correct Commune: participants.nix.tokens.7 = 1 because x",
        AT + HOUR,
        to=BOT,
    )
    refused = referee.deliver(key.sign(other, "evil.example"), AT + HOUR, private=True)
    assert refused.actions[0].outcome == "rejected"
    # Nor does a signature the body no longer matches.
    tampered = key.sign(
        attack(
            ADDRESSES["Aspen"],
            "correct Commune: participants.nix.tokens.7 = 2 because x",
            AT + 2 * HOUR,
            to=BOT,
        ),
        "example.com",
    ).replace(b"= 2 because", b"= 3 because")
    assert referee.deliver(tampered, AT + 2 * HOUR, private=True).actions[0].outcome == ("rejected")
    assert _nix_tokens(referee) == {"7": 9}


def test_a_confirmation_round_trip_performs_the_command_once(referee: Referee) -> None:
    _join_nix(referee)
    # Aspen (or someone using eir From) sends a correction without proof: held.
    held = referee.deliver(attack(ADDRESSES["Aspen"], CORRECTION, AT, name="Aspen"), AT)
    assert held.actions[0].outcome == "rejected"
    assert "confirmation request just mailed to your registered address" in (
        held.actions[0].summary
    )
    assert "nix" in referee.states()["Commune"]["participants"]
    assert _nix_tokens(referee) == {}
    requests = [(to, m) for to, m, kind in referee.outbound() if kind == "confirmation-request"]
    assert [to for to, _ in requests] == [(ADDRESSES["Aspen"],)]
    body = requests[0][1].get_body(preferencelist=("plain",))
    assert body is not None and CORRECTION in body.get_content()
    token = referee.token()

    # Someone else who learnt the token cannot use it.
    stolen = attack(ADDRESSES["Janet"], f"confirm {token}", AT + HOUR, to=BOT)
    refused = referee.deliver(stolen, AT + HOUR, private=True)
    assert [a.outcome for a in refused.actions] == ["rejected"]
    assert token not in referee.stored_text(mail=False)
    assert _nix_tokens(referee) == {}

    # Aspen replies from eir registered address: the correction is made, at the reply.
    reply = attack(
        ADDRESSES["Aspen"],
        f"confirm {token}\n\n> Nothing in it proved that you wrote it",
        AT + 2 * HOUR,
        to=BOT,
        headers={"In-Reply-To": str(requests[0][1]["Message-ID"])},
    )
    done = referee.deliver(reply, AT + 2 * HOUR, private=True)
    assert [(a.outcome, a.summary) for a in done.actions] == [
        (
            "applied",
            "Aspen corrected participants.nix.tokens.7 from (nothing) to 9: I say so",
        )
    ]
    assert _nix_tokens(referee) == {"7": 9}

    # Used once: the same token again does nothing.
    again = attack(ADDRESSES["Aspen"], f"Again: confirm {token}", AT + 3 * HOUR, to=BOT)
    twice = referee.deliver(again, AT + 3 * HOUR, private=True)
    assert [a.outcome for a in twice.actions] == ["rejected"]
    assert "already used" in twice.actions[0].summary

    # A replay of the stored mail decides the same way.
    from referee.engine.history import canonical_dump, reset_derived
    from referee.engine.runner import REPLAY_BATCH

    with referee.app.db.transaction() as session:
        live = canonical_dump(session)
        reset_derived(session)
    referee.app.processor(silent=True).process_pending(batch=REPLAY_BATCH)
    with referee.app.db.transaction() as session:
        assert canonical_dump(session) == live


@pytest.mark.parametrize(
    "automatic",
    [
        {"Auto-Submitted": "auto-replied"},
        {"X-Autoreply": "yes"},
        {"Subject": "Automatic reply: official business"},
    ],
    ids=["auto-submitted", "x-autoreply", "subject"],
)
def test_an_auto_reply_repeating_the_request_confirms_nothing(
    referee: Referee, automatic: dict[str, str]
) -> None:
    # SEC-1: a forged command is held and its request mailed to Aspen; Aspen's vacation
    # robot answers it with the request's text, unquoted, "confirm TOKEN" line and all.
    _join_nix(referee)
    referee.deliver(attack(ADDRESSES["Aspen"], CORRECTION, AT, name="Aspen"), AT)
    token = referee.token()
    robot = (
        "I am away until Monday. Your message:\n\n"
        "Nothing in it proved that you wrote it, so nothing has been done.\n\n"
        f"    confirm {token}\n"
    )
    subject = automatic.get("Subject")
    headers = {name: value for name, value in automatic.items() if name != "Subject"}
    raw = attack(ADDRESSES["Aspen"], robot, AT + HOUR, to=BOT, headers=headers)
    if subject is not None:
        raw = raw.replace(b"Subject: official business", f"Subject: {subject}".encode(), 1)
    results = referee.deliver(raw, AT + HOUR, private=True)
    assert [a.outcome for a in results.actions] == ["rejected"]
    assert "must be your own reply" in results.actions[0].summary
    assert _nix_tokens(referee) == {}
    # Aspen emself still can, with the same token (the robot did not use it up).
    mine = attack(ADDRESSES["Aspen"], f"confirm {token}", AT + 2 * HOUR, to=BOT)
    done = referee.deliver(mine, AT + 2 * HOUR, private=True)
    assert [a.outcome for a in done.actions] == ["applied"]
    assert _nix_tokens(referee) == {"7": 9}


def test_a_confirmation_expires(referee: Referee) -> None:
    _join_nix(referee)
    referee.deliver(attack(ADDRESSES["Aspen"], CORRECTION, AT, name="Aspen"), AT)
    token = referee.token()
    late = AT + 49 * HOUR
    results = referee.deliver(
        attack(ADDRESSES["Aspen"], f"confirm {token}", late, to=BOT), late, private=True
    )
    assert [a.outcome for a in results.actions] == ["rejected"]
    assert "expired" in results.actions[0].summary
    assert _nix_tokens(referee) == {}


def test_a_made_up_token_confirms_nothing(referee: Referee) -> None:
    _join_nix(referee)
    referee.deliver(attack(ADDRESSES["Aspen"], CORRECTION, AT, name="Aspen"), AT)
    results = referee.deliver(
        attack(ADDRESSES["Aspen"], "confirm " + "0" * 24, AT + HOUR, to=BOT),
        AT + HOUR,
        private=True,
    )
    assert [a.outcome for a in results.actions] == ["rejected"]
    assert _nix_tokens(referee) == {}


def test_a_forged_officer_mail_sends_the_request_only_to_the_registered_address(
    referee: Referee,
) -> None:
    """The list's address in From, the attacker's Reply-To: the request still goes only to
    Aspen's registered address, and the attacker hears nothing."""
    raw = attack(
        LIST,
        "I appoint Janet as the Surveyor.",
        AT,
        name="Aspen via agora-business",
        headers={"X-Original-From": ADDRESSES["Aspen"], "Cc": ATTACKER},
    )
    referee.deliver(raw, AT)
    assert referee.recipients() <= {ADDRESSES["Aspen"]}


def test_a_player_of_single_capture_go_cannot_be_its_referee(referee: Referee) -> None:
    agreed = referee.deliver(
        attack(ADDRESSES["Janet"], "I agree to play Single-Capture Go.", AT), AT
    )
    assert agreed.actions[0].outcome == "applied", agreed.actions
    raw = attack(ADMIN, f"I appoint Janet as the referee.\n{ADMIN_PASSPHRASE}", AT + HOUR)
    results = referee.deliver(raw, AT + HOUR)
    assert results.actions[0].outcome == "rejected"
    assert "Janet plays Go" in results.actions[0].summary
    assert referee.states()["Register"]["offices"]["referee"] == "Murphy"
    # The referee emself, without proof, is still the referee: e cannot agree to play.
    murphy = referee.deliver(
        attack(ADDRESSES["Murphy"], "I agree to play Single-Capture Go.", AT + 2 * HOUR),
        AT + 2 * HOUR,
    )
    assert murphy.actions[0].outcome == "rejected"
    assert "Murphy" not in referee.states()["Go"]["agreed"]


def test_address_alone_is_an_explicit_opt_in(
    tmp_path: Path, sqlite_url: str, request: pytest.FixtureRequest
) -> None:
    table = Referee(tmp_path, sqlite_url, request, offices={"surveyor": ["address"]})
    try:
        _join_nix(table)
        results = table.deliver(attack(ADDRESSES["Aspen"], CORRECTION, AT, name="Aspen"), AT)
        assert results.actions[0].outcome == "applied"
        # Only for that office: the Registrar still needs proof.
        kate = table.deliver(attack(ADDRESSES["Kate"], "I deactivate Murphy.", AT), AT)
        assert kate.actions[0].outcome == "rejected"
    finally:
        table.close()


def test_an_administrator_confirms_from_eir_configured_address(referee: Referee) -> None:
    """A forged administrator's command is held; the request goes to the configured
    administrator address, and only eir reply from it performs the command."""
    _join_nix(referee)
    held = referee.deliver(attack(ADMIN, "Janet is now the Surveyor.", AT), AT, "directory")
    assert held.actions[0].outcome == "rejected"
    assert "write your passphrase in the message" in held.actions[0].summary
    requests = [to for to, _, kind in referee.outbound() if kind == "confirmation-request"]
    assert requests == [(ADMIN,)]
    token = referee.token()
    # Aspen, a player, holds no administrator's address: eir reply confirms nothing.
    other = attack(ADDRESSES["Aspen"], f"confirm {token}\n{ASPEN_PASSPHRASE}", AT + HOUR, to=BOT)
    assert referee.deliver(other, AT + HOUR, private=True).actions[0].outcome == "rejected"
    assert referee.states()["Register"]["offices"]["surveyor"] == "Aspen"
    # The held command was by announcement, on the list: it stays so, confirmed privately.
    reply = attack(ADMIN, f"confirm {token}", AT + 2 * HOUR, to=BOT)
    done = referee.deliver(reply, AT + 2 * HOUR, private=True)
    assert [(a.outcome, a.summary) for a in done.actions] == [
        ("applied", "Janet is now the surveyor")
    ]
    assert referee.states()["Register"]["offices"]["surveyor"] == "Janet"


def test_a_draft_is_published_after_a_confirmation(referee: Referee) -> None:
    _join_nix(referee)
    referee.app.processor().advance_clock(COMMUNE_START + 6 * DAY)
    drafts = [m for _, m, _ in referee.outbound() if m.get("X-Referee-Draft-Game") == "Commune"]
    at = COMMUNE_START + 6 * DAY + HOUR
    raw = attack(
        ADDRESSES["Aspen"],
        "publish",
        at,
        to=BOT,
        headers={"In-Reply-To": str(drafts[-1]["Message-ID"])},
    )
    assert referee.deliver(raw, at, private=True).actions[0].outcome == "rejected"
    assert not [m for _, m, kind in referee.outbound() if kind == "report"]
    reply = attack(ADDRESSES["Aspen"], f"confirm {referee.token()}", at + HOUR, to=BOT)
    # Mailed privately: the test's IMAP mailbox is a list's, where a token is public (SEC-2).
    done = referee.deliver(reply, at + HOUR, private=True)
    assert [a.outcome for a in done.actions] == ["applied"], done.actions
    reports = [to for to, _, kind in referee.outbound() if kind == "report"]
    assert reports == [(LIST,)]


@pytest.mark.parametrize("quoted", [False, True], ids=["inline", "quoted"])
def test_a_token_forwarded_to_the_list_confirms_nothing_after(
    referee: Referee, quoted: bool
) -> None:
    # SEC-2: Aspen, who did not send the held command, forwards the request to the list to
    # ask who did. Everyone on the list now holds the token: Mallory, writing Aspen's From
    # privately, must not confirm with it; nor does Aspen's forward itself.
    _join_nix(referee)
    referee.deliver(attack(ADDRESSES["Aspen"], CORRECTION, AT, name="Aspen"), AT)
    token = referee.token()
    request = (
        "Nothing in it proved that you wrote it, so nothing has been done.\n\n"
        f"    confirm {token}\n\n"
        "If you did not, ignore this mail: nothing will happen.\n"
    )
    if quoted:
        request = "".join(f"> {line}\n" for line in request.splitlines())
    forward = attack(
        ADDRESSES["Aspen"],
        f"Someone sent this in my name. Who?\n\n---------- Forwarded message ----------\n{request}",
        AT + HOUR,
        name="Aspen",
    )
    shown = referee.deliver(forward, AT + HOUR)
    assert not any(a.outcome == "applied" for a in shown.actions)
    assert _nix_tokens(referee) == {}
    forged = attack(ADDRESSES["Aspen"], f"confirm {token}", AT + 2 * HOUR, to=BOT)
    refused = referee.deliver(forged, AT + 2 * HOUR, private=True)
    assert [a.outcome for a in refused.actions] == ["rejected"]
    assert "posted to a list" in refused.actions[0].summary
    assert _nix_tokens(referee) == {}


def test_a_confirmation_posted_to_the_list_confirms_nothing(referee: Referee) -> None:
    # SEC-2: a token is a secret between the referee and the person's mailbox; posted to a
    # list, anyone could have written it (a list's rewriting names whoever Reply-To says).
    _join_nix(referee)
    referee.deliver(attack(ADDRESSES["Aspen"], CORRECTION, AT, name="Aspen"), AT)
    token = referee.token()
    posted = referee.deliver(attack(ADDRESSES["Aspen"], f"confirm {token}", AT + HOUR), AT + HOUR)
    assert [a.outcome for a in posted.actions] == ["rejected"]
    assert "mailed to me privately" in posted.actions[0].summary
    assert _nix_tokens(referee) == {}
