"""Every message of the mail corpus (``tests/data/mail``) through the whole pipeline.

Each message is stored as ``referee import`` stores it (:func:`import_paths`), into the
list's mailbox when it was sent to one of the lists and into the referee's private mailbox
otherwise, then processed by the real :class:`Runner` on a copy of a small Commune
season in which the corpus's players take part; whatever the referee sends goes over SMTP
to a real aiosmtpd sink. Each case is then judged twice:

* by an officer's rules (:func:`officer_findings`), written from the message and its
  reviewed ``.expected.json`` reading, not from the engine: nothing lost, only the author's
  own words performed, no answer to automatic mail, unknown senders told once how to
  register and nothing else, no internal error shown, names intact, answers to the author;
* by its golden, ``tests/golden/corpus/<case>.txt``: the processing status and reason, the
  actions applied, rejected, not understood and quoted-and-ignored, and every mail sent,
  whole. ``REFEREE_REGEN=1`` rewrites the goldens; read every change by eye, as an officer.

Known defects are never pinned. A case that breaks an officer's rule is an expected
failure (``xfail``, strict) with the defect named, and has no golden until it is fixed; a
whole message whose reading misses a game's phrasing (``known-misses.txt`` beside the
corpus) keeps the officer's rules but has no golden either.
Two cosmetic defects of answers (a doubled "Re:", an invented Message-ID) are corrected
in the goldens, which therefore show the right mail, and are tracked case by case by
:func:`test_answers_have_no_known_cosmetic_defect`.
"""

from __future__ import annotations

import email
import email.policy
import json
import os
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage, Message
from email.utils import getaddresses
from pathlib import Path
from typing import Any

import pytest
from servers.smtp import ReceivedMail, SmtpSink
from sqlalchemy import func, select
from support import MemorySender, mail, settings_for

from referee.app import App, build_app
from referee.config import Settings, Visibility
from referee.egress.outbox import drain
from referee.engine.history import canonical_dump
from referee.ingress.importer import ImportSummary, import_paths
from referee.ingress.inbox import Status
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import InboundMessage

TESTS = Path(__file__).resolve().parents[1]
CORPUS = TESTS / "data" / "mail"
GOLDEN = TESTS / "golden" / "corpus"
CASES = sorted(path.name.removesuffix(".eml") for path in CORPUS.glob("*.eml"))

BOT = "referee@example.org"
LISTS = ("agora-business@agoranomic.org", "agora-discussion@agoranomic.org")
# The corpus's players (as in tests/unit/test_mailtext_corpus.py), and the two officers the
# support settings name.
PLAYERS = {
    "nix": "nix@example.org",
    "Janet": "janet@example.net",
    "Jaël": "jael@example.com",
    "Aspen": "aspen@example.com",
    "Murphy": "murphy@example.com",
}
# The corpus is dated Monday 3 April 2023, early afternoon: the second week of a season
# that began on Monday 27 March.
SEASON_START = datetime(2023, 3, 27, tzinfo=UTC)
NOW = datetime(2023, 4, 3, 13, 30, tzinfo=UTC)
WEEK = timedelta(days=7)

# Before the corpus: everyone joined; Janet founded Jade at A1; nix holds a G and a 6, so
# nix's "I place a tile at G6" can succeed and the others' cannot.
SEASON: tuple[tuple[str, str, datetime], ...] = (
    ("nix", "I become a participant in Commune.", SEASON_START + timedelta(hours=1)),
    ("Janet", "I become a participant in Commune.", SEASON_START + timedelta(hours=2)),
    ("Jaël", "I become a participant in Commune.", SEASON_START + timedelta(hours=3)),
    (
        "nix",
        "I begin constructing a G with my Left Token Constructor.\n"
        "I begin constructing a 6 with my Middle Token Constructor.",
        SEASON_START + timedelta(hours=4),
    ),
    (
        "Janet",
        "I begin constructing an A with my Left Token Constructor.\n"
        "I begin constructing a 1 with my Middle Token Constructor.",
        SEASON_START + timedelta(hours=5),
    ),
    (
        "Janet",
        "With my left constructor, I grant myself the token it is constructing.\n"
        "With my middle constructor, I grant myself the token it is constructing.\n"
        "I place a tile at A1. I name my community Jade.",
        SEASON_START + WEEK + timedelta(minutes=30),
    ),
    (
        "nix",
        "With my left constructor, I grant myself the token it is constructing.\n"
        "With my middle constructor, I grant myself the token it is constructing.",
        SEASON_START + WEEK + timedelta(minutes=40),
    ),
)
SEASON_ACTIONS = 13  # every one of them applied

# Cases that break an officer's rule today: the defect, and where it lives.
OFFICER_DEFECTS: dict[str, str] = {}
# Whole messages whose reading misses a game's phrasing (tests/unit/test_mail_reading.py
# tracks them): the officer's rules still hold, but their outcome is not pinned.
PHRASING_MISSES = frozenset(
    line.split("\t", 1)[0]
    for line in (CORPUS / "known-misses.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)


# -- the season and the run ------------------------------------------------------------------


def corpus_settings(workdir: Path, database_url: str, smtp: dict[str, Any]) -> Settings:
    game = {
        "name": "Commune",
        "kind": "commune",
        "ruleset": "v1.3",
        "start": SEASON_START.isoformat(),
        "officer": "surveyor",
    }
    return settings_for(
        workdir,
        database_url,
        games=[game],
        players=PLAYERS,
        extra={"referee": {"bot_address": BOT, "list_addresses": list(LISTS)}, "smtp": smtp},
    )


def season_stored(settings: Settings) -> App:
    """A referee on a new database of ``settings`` holding the season's mail, unprocessed."""
    db = Database(settings.database_url)
    migrate.upgrade(db)
    db.dispose()
    app = build_app(settings, now=lambda: NOW, sender=MemorySender())
    for author, body, when in SEASON:
        raw = mail(PLAYERS[author], body, when, via_list=False, to=LISTS[0])
        app.inbox.accept(raw, "season", Visibility.PUBLIC, when)
    return app


@pytest.fixture(scope="module")
def season_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file holding the season before the corpus (each case runs on a copy)."""
    workdir = tmp_path_factory.mktemp("season")
    path = workdir / "season.sqlite3"
    settings = corpus_settings(workdir, f"sqlite:///{path}", {"mode": "file"})
    app = season_stored(settings)
    try:
        assert app.processor().process_pending().quarantined == 0
        # The season's own mail (answers, the weekly draft) is not the corpus's concern.
        drain(app.db, app.sender, NOW)
        with app.db.transaction() as session:
            events = canonical_dump(session)["games"]["Commune"]["events"]
        outcomes = [e["outcome"] for e in events if e["actor"]]
        assert outcomes == ["applied"] * SEASON_ACTIONS, outcomes
    finally:
        app.close()
    return path


@pytest.fixture(scope="module")
def corpus_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    sink.start()
    try:
        yield sink
    finally:
        sink.stop()


@dataclass(frozen=True)
class Delivery:
    """What the referee did with some mail delivered onto a copy of the season."""

    imported: ImportSummary
    rows: list[InboundMessage]  # what the mail added to the inbox, in arrival order
    mails: list[ReceivedMail]  # what the SMTP sink received meanwhile
    send_problems: int  # outgoing mail the sink refused or that is waiting for a retry


@dataclass(frozen=True)
class CaseOutcome:
    case: str
    expected: dict[str, Any]  # the reviewed reading from the .expected.json
    message: Message
    visibility: Visibility
    delivery: Delivery

    @property
    def imported(self) -> ImportSummary:
        return self.delivery.imported

    @property
    def rows(self) -> list[InboundMessage]:
        return self.delivery.rows

    @property
    def mails(self) -> list[ReceivedMail]:
        return self.delivery.mails

    @property
    def row(self) -> InboundMessage | None:
        return self.rows[0] if len(self.rows) == 1 else None

    @property
    def results(self) -> dict[str, Any]:
        row = self.row
        return row.results or {} if row is not None else {}


def read_mail(path: Path) -> Message:
    return email.message_from_bytes(path.read_bytes(), policy=email.policy.compat32)


def mailbox_for(message: Message) -> Visibility:
    """Where the message lands: the list's mailbox if it went to a list, else the referee's."""
    recipients = {a.lower() for _, a in getaddresses(_all(message, "To") + _all(message, "Cc"))}
    return Visibility.PUBLIC if recipients & set(LISTS) else Visibility.PRIVATE


def _all(message: Message, name: str) -> list[str]:
    return [str(value) for value in message.get_all(name, [])]


def deliver(paths: list[Path], workdir: Path, season: Path, sink: SmtpSink) -> Delivery:
    """Import ``paths`` (each into the mailbox it was sent to) on a copy of the season,
    process everything, and send the outbox to ``sink``."""
    database = workdir / "referee.sqlite3"
    shutil.copyfile(season, database)
    smtp = {"mode": "smtp", "host": sink.host, "port": sink.port, "tls": "none"}
    app = build_app(corpus_settings(workdir, f"sqlite:///{database}", smtp), now=lambda: NOW)
    imported = ImportSummary()
    try:
        with app.db.transaction() as session:
            before = session.scalar(select(func.max(InboundMessage.id))) or 0
        already_sent = len(sink.messages)
        for path in paths:
            summary = import_paths([path], app.inbox, mailbox_for(read_mail(path)))
            imported.stored += summary.stored
            imported.duplicates += summary.duplicates
            imported.failed += summary.failed
        app.processor().process_pending()
        sent = drain(app.db, app.sender, NOW)
        with app.db.transaction() as session:
            rows = list(
                session.scalars(
                    select(InboundMessage)
                    .where(InboundMessage.id > before)
                    .order_by(InboundMessage.id)
                )
            )
    finally:
        app.close()
    return Delivery(imported, rows, sink.messages[already_sent:], sent.failed + sent.retried)


def run_case(case: str, workdir: Path, season: Path, sink: SmtpSink) -> CaseOutcome:
    path = CORPUS / f"{case}.eml"
    message = read_mail(path)
    return CaseOutcome(
        case=case,
        expected=json.loads((CORPUS / f"{case}.expected.json").read_text(encoding="utf-8")),
        message=message,
        visibility=mailbox_for(message),
        delivery=deliver([path], workdir, season, sink),
    )


@pytest.fixture(scope="module")
def outcome_of(
    tmp_path_factory: pytest.TempPathFactory, season_database: Path, corpus_sink: SmtpSink
) -> Callable[[str], CaseOutcome]:
    """Runs a case once per module; both the golden and the defect tests read its outcome."""
    done: dict[str, CaseOutcome] = {}

    def outcome(case: str) -> CaseOutcome:
        if case not in done:
            workdir = tmp_path_factory.mktemp(case)
            done[case] = run_case(case, workdir, season_database, corpus_sink)
        return done[case]

    return outcome


# -- an officer's rules ----------------------------------------------------------------------


class OfficerRuleBroken(AssertionError):
    """An outcome no experienced officer would accept (a known one makes a case xfail)."""


_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]*\", line \d+")
_MOJIBAKE = ("Ã", "Â", "\ufffd", "=?")


def parsed(received: ReceivedMail) -> EmailMessage:
    message = email.message_from_bytes(received.raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def readable_text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    content = body.get_content() if isinstance(body, EmailMessage) else ""
    return f"{message['Subject']}\n{content}"


def is_automatic(message: Message) -> bool:
    """Mail from a machine, by the plain signs an officer's mail filter would use."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    sender = " ".join(_all(message, "From")).lower()
    subject = str(message.get("Subject", "")).lower()
    return (
        not auto.startswith("no")
        or BOT in " ".join(_all(message, "X-Loop")).lower()
        or BOT in sender
        or any(f"{who}@" in sender for who in ("mailer-daemon", "postmaster"))
        or str(message.get("Return-Path", "")).strip() == "<>"
        or subject.startswith(("out of office", "automatic reply"))
    )


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def officer_findings(outcome: CaseOutcome) -> list[str]:
    """What an experienced officer would object to in this case's outcome."""
    if outcome.imported.failed or outcome.row is None:
        return [f"not stored once: {outcome.imported}, {len(outcome.rows)} rows"]
    findings = [
        *_settled(outcome),
        *_sent_mail_is_clean(outcome),
        *_only_own_words_performed(outcome),
        *_private_mail_performs_nothing(outcome),
    ]
    if outcome.expected["author"]["player"] is None:
        findings += _unknown_sender_findings(outcome)
    else:
        findings += _player_findings(outcome)
    return findings


def _settled(outcome: CaseOutcome) -> list[str]:
    """Nothing lost: the message is done, or quarantined with its reason; its mail went."""
    row = outcome.row
    assert row is not None
    findings = []
    if row.status not in (Status.DONE.value, Status.QUARANTINED.value):
        findings.append(f"left {row.status}")
    if row.status == Status.QUARANTINED.value and not row.reason:
        findings.append("quarantined without a reason")
    if outcome.delivery.send_problems:
        findings.append(f"{outcome.delivery.send_problems} outgoing mail not delivered")
    return findings


def _sent_mail_is_clean(outcome: CaseOutcome) -> list[str]:
    """No internal error shown, no garbled text, nothing to a list or to the referee, and
    no answer at all to automatic mail."""
    findings = []
    for received in outcome.mails:
        message = parsed(received)
        text = readable_text(message)
        if _TRACEBACK.search(text):
            findings.append("an internal error is shown in outgoing mail")
        if any(sign in text for sign in _MOJIBAKE):
            findings.append(f"garbled text in outgoing mail: {message['Subject']}")
        if set(received.rcpt_tos) & {*LISTS, BOT}:
            findings.append(f"mail sent to a list or to the referee: {received.rcpt_tos}")
    if is_automatic(outcome.message) and outcome.mails:
        findings.append("automatic mail was answered")
    return findings


_READ_FROM = re.compile(r"\(read from: (.*?)(?:; set aside: .*)?\)")
_REPLACES = re.compile(r"\(replaces: (.*)\)$")


def _only_own_words_performed(outcome: CaseOutcome) -> list[str]:
    """Rule 478: quoted, forwarded and signature text is never performed; the actions are
    credited to the author the reviewed reading names."""
    findings = []
    results = outcome.results
    own_text = _folded(" ".join(outcome.expected["text"]))
    for action in results.get("actions", []):
        # An action read from other words is echoed as the form read, then the author's
        # words ("... (read from: WORDS; set aside: ...)"): the words must be eir own.
        read_from = _READ_FROM.search(action["text"])
        words = read_from.group(1) if read_from else action["text"]
        # A correction ("..., sorry, I meant G7") is echoed as the corrected form and the
        # author's own action it replaces: that action must be the author's.
        replaces = _REPLACES.search(words)
        words = replaces.group(1) if replaces else words
        if _folded(words) not in own_text:
            findings.append(f"performed words that are not the author's own: {action['text']!r}")
    if "quoted" in outcome.expected:
        quoted_text = _folded(" ".join(outcome.expected["quoted"]))
        for quoted in results.get("quoted", []):
            # A quoted action read from other words is listed as the form read, then the
            # quoted words ("... (read from: WORDS; set aside: ...)").
            read_from = _READ_FROM.search(quoted["text"])
            words = read_from.group(1) if read_from else quoted["text"]
            if _folded(words) not in quoted_text:
                findings.append(f"listed as quoted but not quoted: {quoted['text']!r}")
    author = outcome.expected["author"]["player"]
    if results.get("author") != author:
        findings.append(f"credited to {results.get('author')!r}, not {author!r}")
    return findings


def _private_mail_performs_nothing(outcome: CaseOutcome) -> list[str]:
    """Rule 478: "by announcement" means in a public message; one mailed to the referee
    alone performs nothing, and an answer about it says that it was not public."""
    if outcome.visibility is not Visibility.PRIVATE:
        return []
    return [
        f"a private message performed or judged {action['text']!r} "
        f"({action['outcome']}: {action['summary']})"
        for action in outcome.results.get("actions", [])
        if action["outcome"] == "applied" or "public" not in action["summary"].lower()
    ]


def _player_findings(outcome: CaseOutcome) -> list[str]:
    """A registered player gets exactly one answer to a message with actions (or lines
    that look like actions), at eir own address; none to automatic mail."""
    address = outcome.expected["author"]["address"]
    answers = [m for m in outcome.mails if str(parsed(m)["Auto-Submitted"]) == "auto-replied"]
    findings = [
        f"an answer went to {m.rcpt_tos}, not to the author"
        for m in answers
        if list(m.rcpt_tos) != [address]
    ]
    results = outcome.results
    has_content = results.get("actions") or results.get("not_understood")
    if has_content and not is_automatic(outcome.message) and len(answers) != 1:
        findings.append(f"{len(answers)} answers to a message with actions, not 1")
    return findings


def _unknown_sender_findings(outcome: CaseOutcome) -> list[str]:
    """An unknown sender: nothing done, and at most one answer, saying how to register,
    given only when e wrote to the referee or tried to act (ruling P8)."""
    problems = []
    address = outcome.expected["author"]["address"]
    if outcome.results.get("actions"):
        problems.append("actions of an unregistered sender were judged")
    wrote_to_bot = BOT in " ".join(_all(outcome.message, "To") + _all(outcome.message, "Cc"))
    tried_to_act = any(line.lstrip().lower().startswith("i ") for line in outcome.expected["text"])
    allowed = 1 if address and (wrote_to_bot or tried_to_act) else 0
    if len(outcome.mails) > allowed:
        problems.append(f"{len(outcome.mails)} mails to an unknown sender; {allowed} allowed")
    for received in outcome.mails:
        subject = str(parsed(received)["Subject"])
        if list(received.rcpt_tos) != [address] or "not registered" not in subject:
            problems.append(f"not a registration answer: {received.rcpt_tos} {subject!r}")
    row = outcome.row
    # Nobody can be answered: unless the message is set aside where an operator looks, a
    # player's action vanishes without anyone hearing of it.
    unanswerable = address is None and tried_to_act and not is_automatic(outcome.message)
    if unanswerable and row is not None and row.status != Status.QUARANTINED.value:
        problems.append("an action nobody can be credited with was set aside silently")
    return problems


# -- cosmetic defects, corrected in the goldens ----------------------------------------------


@dataclass(frozen=True)
class CosmeticDefect:
    name: str
    pattern: re.Pattern[str]  # matches the wrong text in a sent mail
    replacement: str  # what the mail should say there

    def present(self, text: str) -> bool:
        return self.pattern.search(text) is not None

    def correct(self, text: str) -> str:
        return self.pattern.sub(self.replacement, text)


DOUBLED_RE = CosmeticDefect(
    # RFC 5322 3.6.5: a reply's subject carries one "Re: ", never more. The answer
    # templates (templates/reply/*/subject.txt) prefix "Re: " whatever the subject has.
    "doubled Re:",
    re.compile(r"^Subject: Re: (?:re|aw|sv): ", re.IGNORECASE | re.MULTILINE),
    "Subject: Re: ",
)
INVENTED_MESSAGE_ID = CosmeticDefect(
    # Without a Message-ID the inbox keys the message by a hash; the answer
    # (Answerer._ack_context) shows that key as if it were the message's Message-ID.
    "invented Message-ID",
    re.compile(r"^( +Message-ID: +)<sha256-[0-9a-f]+@referee\.invalid>$", re.MULTILINE),
    r"\1(none)",
)
COSMETIC_DEFECTS = (DOUBLED_RE, INVENTED_MESSAGE_ID)
KNOWN_COSMETIC: dict[str, set[str]] = {}


def mail_texts(outcome: CaseOutcome) -> list[str]:
    return [m.raw.decode("utf-8").replace("\r\n", "\n") for m in outcome.mails]


def corrected(text: str) -> str:
    for defect in COSMETIC_DEFECTS:
        text = defect.correct(text)
    return text


def cosmetic_defects_in(outcome: CaseOutcome) -> set[str]:
    return {d.name for d in COSMETIC_DEFECTS for text in mail_texts(outcome) if d.present(text)}


# -- the golden ------------------------------------------------------------------------------


def render_outcome(outcome: CaseOutcome) -> str:
    """The case's outcome as the golden shows it (sent mail with cosmetic defects corrected)."""
    row = outcome.row
    assert row is not None
    results = outcome.results
    author = results.get("author")
    address = results.get("address")
    lines = [
        f"case:        {outcome.case}",
        f"description: {outcome.expected['description']}",
        f"mailbox:     {outcome.visibility.value}",
        f"status:      {row.status}",
        f"reason:      {row.reason or '-'}",
        f"author:      {author or '(not a player)'} <{address or 'no address'}>",
        f"counted at:  {row.effective_at:%Y-%m-%d %H:%M:%S} UTC",
        f"time note:   {results.get('time_note') or '-'}",
        f"notes:       {'; '.join(results.get('notes', [])) or '-'}",
        f"answer:      {results.get('answer') or '-'}",
        "",
        "actions:" if results.get("actions") else "actions: none",
    ]
    for action in results.get("actions", []):
        lines.append(f'  line {action["line"]} "{action["text"]}" ({action["game"]})')
        lines.append(f"    {action['outcome']}: {action['summary']}")
    not_understood = results.get("not_understood", [])
    lines.append("not understood:" if not_understood else "not understood: none")
    for miss in not_understood:
        lines.append(f'  line {miss["line"]} "{miss["text"]}"')
        lines.append(f"    {miss['problem']}")
    quoted = results.get("quoted", [])
    lines.append("quoted, not performed:" if quoted else "quoted, not performed: none")
    lines += [f'  "{q["text"]}" ({q["game"]})' for q in quoted]
    lines += ["", f"mail sent: {len(outcome.mails)}"]
    texts = mail_texts(outcome)
    for number, (received, text) in enumerate(zip(outcome.mails, texts, strict=True), 1):
        lines += [
            "",
            f"--- mail {number}: from {received.mail_from} to {', '.join(received.rcpt_tos)}",
            corrected(text).rstrip("\n"),
        ]
    return "\n".join(lines) + "\n"


def check_golden(case: str, text: str) -> None:
    path = GOLDEN / f"{case}.txt"
    if os.environ.get("REFEREE_REGEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"no golden {path}; write it with REFEREE_REGEN=1 and read it by eye")
    assert text == path.read_text(encoding="utf-8")


# -- the tests -------------------------------------------------------------------------------


def _case_params() -> list[Any]:
    params = []
    for case in CASES:
        marks = []
        if case in OFFICER_DEFECTS:
            marks.append(
                pytest.mark.xfail(
                    raises=OfficerRuleBroken, strict=True, reason=OFFICER_DEFECTS[case]
                )
            )
        params.append(pytest.param(case, marks=marks, id=case))
    return params


@pytest.mark.parametrize("case", _case_params())
def test_corpus_message_through_the_pipeline(
    case: str, outcome_of: Callable[[str], CaseOutcome]
) -> None:
    outcome = outcome_of(case)
    problems = officer_findings(outcome)
    if problems:
        raise OfficerRuleBroken(f"{case}: " + "; ".join(problems))
    # A correction may only hide a defect this case is known to have.
    unexpected = cosmetic_defects_in(outcome) - KNOWN_COSMETIC.get(case, set())
    assert not unexpected, f"{case}: new cosmetic defects {sorted(unexpected)}"
    if case not in PHRASING_MISSES:
        check_golden(case, render_outcome(outcome))


def _cosmetic_params() -> list[Any]:
    params = []
    for case in CASES:
        known = KNOWN_COSMETIC.get(case)
        marks = [pytest.mark.xfail(strict=True, reason=", ".join(sorted(known)))] if known else []
        params.append(pytest.param(case, marks=marks, id=case))
    return params


@pytest.mark.parametrize("case", _cosmetic_params())
def test_answers_have_no_known_cosmetic_defect(
    case: str, outcome_of: Callable[[str], CaseOutcome]
) -> None:
    assert cosmetic_defects_in(outcome_of(case)) == set()


def test_every_corpus_case_has_a_golden_or_a_known_defect() -> None:
    goldens = {path.name.removesuffix(".txt") for path in GOLDEN.glob("*.txt")}
    assert goldens == set(CASES) - set(OFFICER_DEFECTS) - PHRASING_MISSES
    assert set(KNOWN_COSMETIC) <= set(CASES) and set(OFFICER_DEFECTS) <= set(CASES)
    assert set(CASES) >= PHRASING_MISSES


def test_an_unknown_sender_is_told_once_how_to_register(
    tmp_path: Path, season_database: Path, corpus_sink: SmtpSink
) -> None:
    first = CORPUS / "unknown_sender.eml"
    again = tmp_path / "again.eml"
    again.write_bytes(
        first.read_bytes()
        .replace(b"<stranger020@example.com>", b"<stranger020b@example.com>")
        .replace(b"13:05:00 +0000", b"13:15:00 +0000")
        .replace(b"I place a tile at G6.", b"I place a tile at H7.")
    )
    delivery = deliver([first, again], tmp_path, season_database, corpus_sink)
    assert [row.status for row in delivery.rows] == ["done", "done"]
    assert [row.results["actions"] for row in delivery.rows if row.results] == [[], []]
    assert [(m.rcpt_tos, parsed(m)["In-Reply-To"]) for m in delivery.mails] == [
        (("stranger@example.com",), None)  # nothing of the sender's mail is repeated
    ]


def test_the_whole_corpus_in_one_season_loses_nothing(
    tmp_path: Path, season_database: Path, corpus_sink: SmtpSink
) -> None:
    """Every message together, in one referee: each is stored once and settled, and every
    mail sent goes to a person (a registered author, or an unknown sender told to register).
    The cases with a known defect are left out: their own tests track them."""
    cases = [case for case in CASES if case not in OFFICER_DEFECTS]
    delivery = deliver([CORPUS / f"{c}.eml" for c in cases], tmp_path, season_database, corpus_sink)
    assert (delivery.imported.stored, delivery.imported.failed) == (len(cases), [])
    assert len(delivery.rows) == len(cases)
    assert {row.status for row in delivery.rows} <= {"done", "quarantined"}
    assert all(row.reason for row in delivery.rows if row.status == "quarantined")
    assert delivery.send_problems == 0
    people = {*PLAYERS.values(), "stranger@example.com", "newcomer@example.com"}
    for received in delivery.mails:
        assert set(received.rcpt_tos) <= people, received.rcpt_tos
        assert not _TRACEBACK.search(readable_text(parsed(received)))
