"""Agora's procedures through the pipeline: offices and standing changed by mail, officers
publishing their drafted reports by replying "publish", and corrections by mail and CLI."""

from __future__ import annotations

import email
import email.policy
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select
from support import COMMUNE_START, FixedClock, app_for, commune_game, mail, settings_for

from referee.app import App
from referee.config import Visibility
from referee.engine.history import canonical_dump, history, reset_derived
from referee.engine.results import MessageResults
from referee.engine.runner import REPLAY_BATCH
from referee.store.models import GameRecord, InboundMessage, OutboundMessage

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
# Wednesday 19 April 2023; the first week boundary is Monday 24 April.
FIRST_REPORT = COMMUNE_START + 5 * DAY


# Officers prove their powers with their passphrases (written on a line of their own).
PASSPHRASES = {
    "Aspen": "amber lantern quietly hums",
    "Kate": "seven copper kettles sing",
    "Murphy": "grey heron at dawn",
}
ADMIN = "admin@example.org"
ADMIN_PASSPHRASE = "orchid tunnel under sunrise"


def _app(tmp_path: Path, url: str, **extra: object) -> App:
    admin_file = tmp_path / "passphrase-admin"
    admin_file.write_text(ADMIN_PASSPHRASE + "\n", encoding="utf-8")
    settings = settings_for(
        tmp_path,
        url,
        games=[commune_game()],
        extra={
            "offices": {"registrar": "Kate"},
            "powers": {"administrator": [{"address": ADMIN, "passphrase_file": str(admin_file)}]},
            **extra,
        },
        passphrases=PASSPHRASES,
    )
    return app_for(settings, FixedClock(COMMUNE_START + 30 * DAY))


def _proved(author: str, body: str) -> str:
    """``body`` with its author's passphrase on a line of its own."""
    return f"{body}\n{PASSPHRASES.get(author, ADMIN_PASSPHRASE)}\n"


def _send(app: App, raw: bytes, at: object) -> MessageResults:
    accepted = app.inbox.accept(raw, "test", Visibility.PUBLIC, at)  # type: ignore[arg-type]
    app.processor().process_pending()
    with app.db.transaction() as session:
        row = session.get(InboundMessage, accepted.inbound_id)
        assert row is not None and row.results is not None, row and row.reason
        return MessageResults.from_json(row.results)


def _outcomes(results: MessageResults) -> list[tuple[str, str]]:
    return [(a.outcome, a.summary) for a in results.actions]


def _register(app: App) -> dict[str, object]:
    with app.db.transaction() as session:
        record = session.scalar(select(GameRecord).where(GameRecord.name == "Register"))
        assert record is not None
        return dict(record.state)


def _outbound(app: App) -> list[EmailMessage]:
    with app.db.transaction() as session:
        rows = session.scalars(select(OutboundMessage).order_by(OutboundMessage.id))
        return [email.message_from_bytes(r.raw, policy=email.policy.default) for r in rows]


def test_an_office_changes_hands_by_its_holder_or_an_administrator(
    tmp_path: Path, sqlite_url: str
) -> None:
    app = _app(tmp_path, sqlite_url)
    at = COMMUNE_START + HOUR
    refused = _send(app, mail("Janet", "I appoint Janet as the Surveyor.", at), at)
    assert refused.actions[0].outcome == "rejected"
    assert "only the surveyor (Aspen) or an administrator" in refused.actions[0].summary
    assert refused.actions[0].rule and "P10 Offices" in refused.actions[0].rule

    unproved = _send(app, mail("Aspen", "I appoint Janet as the Surveyor.", at), at)
    assert unproved.actions[0].outcome == "rejected"
    assert "nothing in this message proves that Aspen wrote it" in unproved.actions[0].summary
    handed = _send(
        app,
        mail("Aspen", _proved("Aspen", "I appoint Janet as the Surveyor."), at + HOUR),
        at + HOUR,
    )
    assert _outcomes(handed) == [("applied", "Janet is now the surveyor")]
    offices = _register(app)["offices"]
    assert isinstance(offices, dict) and offices["surveyor"] == "Janet"

    admin = _send(
        app,
        mail(ADMIN, _proved(ADMIN, "Murphy is now the Surveyor."), at + 2 * HOUR),
        at + 2 * HOUR,
    )
    assert _outcomes(admin) == [("applied", "Murphy is now the surveyor")]
    resigned = _send(
        app,
        mail("Murphy", _proved("Murphy", "I resign as Surveyor."), at + 3 * HOUR),
        at + 3 * HOUR,
    )
    assert _outcomes(resigned) == [("applied", "Murphy resigned as surveyor; the office is vacant")]


def test_office_powers_need_the_list_to_have_carried_the_mail(
    tmp_path: Path, sqlite_url: str
) -> None:
    app = _app(tmp_path, sqlite_url)
    at = COMMUNE_START + HOUR
    list_id = {"List-Id": "Agora Business <agora-business.example.org>"}
    # The list rewrote From and left no Reply-To: Aspen is only in Cc, which names whom the
    # message went to, never who wrote it. Nobody is the author: quarantined for an officer.
    raw = mail(
        "agora-business@example.org",
        "I appoint Janet as the Surveyor.",
        at,
        headers={"Cc": "aspen@example.com", **list_id},
    )
    accepted = app.inbox.accept(raw, "test", Visibility.PUBLIC, at)
    app.processor().process_pending()
    with app.db.transaction() as session:
        row = session.get(InboundMessage, accepted.inbound_id)
        assert row is not None and row.status == "quarantined"
        assert row.reason is not None and "no address in Reply-To" in row.reason
    # A list's rewriting undone through Reply-To names the holder, and eir passphrase
    # proves it (Agora's lists rewrite From), when the list carried it (its List-Id, on the
    # public route); the header alone does not.
    bare = mail(
        "agora-business@example.org",
        "I appoint Janet as the Surveyor.",
        at + HOUR,
        headers={"Reply-To": "aspen@example.com", **list_id},
    )
    assert _send(app, bare, at + HOUR).actions[0].outcome == "rejected"
    munged = mail(
        "agora-business@example.org",
        _proved("Aspen", "I appoint Janet as the Surveyor."),
        at + 2 * HOUR,
        headers={"Reply-To": "aspen@example.com"},
    )
    assert _outcomes(_send(app, munged, at + 2 * HOUR)) == [
        ("applied", "Janet is now the surveyor")
    ]


def test_becoming_inactive_reaches_every_game(tmp_path: Path, sqlite_url: str) -> None:
    app = _app(tmp_path, sqlite_url)
    at = COMMUNE_START + HOUR
    _send(app, mail("nix", "I become a participant in Commune.", at), at)
    later = at + DAY
    results = _send(app, mail("nix", "I become inactive.", later), later)
    assert _outcomes(results) == [("applied", "nix is now inactive")]
    with app.db.transaction() as session:
        commune = history(session, "Commune")
        state = session.scalar(select(GameRecord).where(GameRecord.name == "Commune"))
        assert state is not None
        assert "nix" not in state.state["participants"]
    assert commune[-1].at == later and "nix" in commune[-1].summary

    other = _send(app, mail("Janet", "I deactivate Murphy.", later + HOUR), later + HOUR)
    assert other.actions[0].outcome == "rejected"
    assert "the Registrar or an administrator" in other.actions[0].summary
    registrar = _send(
        app,
        mail("Kate", _proved("Kate", "I deactivate Murphy."), later + 2 * HOUR),
        later + 2 * HOUR,
    )
    assert _outcomes(registrar) == [("applied", "Murphy is now inactive")]


def _draft(app: App) -> EmailMessage:
    drafts = [m for m in _outbound(app) if m.get("X-Referee-Draft-Game") == "Commune"]
    assert drafts, "no draft was written"
    return drafts[-1]


def test_the_surveyor_publishes_a_draft_by_replying_publish(
    tmp_path: Path, sqlite_url: str
) -> None:
    app = _app(tmp_path, sqlite_url)
    at = COMMUNE_START + HOUR
    _send(app, mail("nix", "I become a participant in Commune.", at), at)
    app.processor().advance_clock(FIRST_REPORT)
    draft = _draft(app)
    assert str(draft["To"]) == "aspen@example.com"
    assert str(draft["Subject"]).startswith("[draft for surveyor] ")

    reply_at = FIRST_REPORT + HOUR
    reply_headers = {"In-Reply-To": str(draft["Message-ID"])}
    refused = _send(
        app, mail("Janet", "publish", reply_at, headers=reply_headers, via_list=False), reply_at
    )
    assert refused.actions[0].outcome == "rejected"
    assert "only the surveyor or an administrator" in refused.actions[0].summary

    published = _send(
        app,
        mail(
            "Aspen",
            _proved("Aspen", "Looks right.\n\npublish\n"),
            reply_at + HOUR,
            headers=reply_headers,
            via_list=False,
        ),
        reply_at + HOUR,
    )
    assert published.actions[0].outcome == "applied", published.actions
    public = [m for m in _outbound(app) if str(m["To"]) == "agora-business@example.org"]
    assert len(public) == 1
    assert str(public[0]["Subject"]) == str(draft["Subject"]).removeprefix("[draft for surveyor] ")
    body = draft.get_body(preferencelist=("plain",))
    public_body = public[0].get_body(preferencelist=("plain",))
    assert body is not None and public_body is not None
    assert public_body.get_content() == body.get_content()  # unedited

    again = _send(
        app,
        mail(
            "Aspen",
            _proved("Aspen", "publish"),
            reply_at + 2 * HOUR,
            headers=reply_headers,
            via_list=False,
        ),
        reply_at + 2 * HOUR,
    )
    assert again.actions[0].outcome == "rejected"
    assert "already published" in again.actions[0].summary
    assert len([m for m in _outbound(app) if str(m["To"]) == "agora-business@example.org"]) == 1

    # The next draft covers what changed since the published report, no more.
    week2 = FIRST_REPORT + 2 * DAY
    _send(app, mail("Janet", "I become a participant in Commune.", week2), week2)
    app.processor().advance_clock(FIRST_REPORT + 7 * DAY)
    second = _draft(app)
    text = second.get_body(preferencelist=("plain",))
    assert text is not None
    content = text.get_content()
    assert "Janet" in content
    assert "nix became a participant" not in content


def test_a_correction_by_mail_is_recorded_and_survives_a_replay(
    tmp_path: Path, sqlite_url: str
) -> None:
    app = _app(tmp_path, sqlite_url)
    at = COMMUNE_START + HOUR
    _send(app, mail("nix", "I become a participant in Commune.", at), at)
    line = "correct Commune: participants.nix.tokens.7 = 2 because the grant of 19 April was missed"
    refused = _send(app, mail("Janet", line, at + HOUR), at + HOUR)
    assert refused.actions[0].outcome == "rejected"
    assert "only the surveyor or an administrator can correct Commune" in (
        refused.actions[0].summary
    )
    bad = _send(
        app,
        mail(
            "Aspen",
            _proved("Aspen", "correct Commune: participants.kate.tokens.7 = 2 because x"),
            at + HOUR,
        ),
        at + HOUR,
    )
    assert bad.actions[0].outcome == "rejected"
    assert "there is no participants.kate in the state" in bad.actions[0].summary
    fraction = _send(
        app,
        mail(
            "Aspen",
            _proved("Aspen", "correct Commune: participants.nix.tokens.7 = 1.5 because x"),
            at + HOUR,
        ),
        at + HOUR,
    )
    assert fraction.actions[0].outcome == "rejected"  # answered, not quarantined
    assert "no fractions" in fraction.actions[0].summary
    done = _send(app, mail("Aspen", _proved("Aspen", line), at + 2 * HOUR), at + 2 * HOUR)
    assert _outcomes(done) == [
        (
            "applied",
            "Aspen corrected participants.nix.tokens.7 from (nothing) to 2: the grant of "
            "19 April was missed",
        )
    ]
    with app.db.transaction() as session:
        live = canonical_dump(session)
        corrections = [e for e in history(session, "Commune") if e.outcome == "correction"]
    assert len(corrections) == 1
    assert live["games"]["Commune"]["state"]["participants"]["nix"]["tokens"] == {"7": 2}
    with app.db.transaction() as session:
        reset_derived(session)
    app.processor(silent=True).process_pending(batch=REPLAY_BATCH)
    with app.db.transaction() as session:
        assert canonical_dump(session) == live


def test_the_command_line_gives_commands_with_an_administrators_authority(
    tmp_path: Path, sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from referee.cli.officer import give, publish_latest_draft

    app = _app(tmp_path, sqlite_url)
    settings = app.settings
    at = COMMUNE_START + HOUR
    _send(app, mail("nix", "I become a participant in Commune.", at), at)
    assert give(settings, "I appoint Janet as the Surveyor.", reply_to=None, at=at + HOUR) == 0
    assert "applied: I appoint Janet as the Surveyor" in capsys.readouterr().out
    offices = _register(app)["offices"]
    assert isinstance(offices, dict) and offices["surveyor"] == "Janet"
    assert (
        give(
            settings,
            "correct Commune: remove participants.nix because e left",
            reply_to=None,
            at=at + 2 * HOUR,
        )
        == 0
    )
    assert "corrected participants.nix" in capsys.readouterr().out
    assert give(settings, "I appoint nobody as the Surveyor.", reply_to=None, at=at) == 1
    app.processor().advance_clock(FIRST_REPORT)
    assert publish_latest_draft(app, "Commune") == 0
    assert "published the surveyor's report" in capsys.readouterr().out
    # The drafted report went to the new Surveyor.
    assert str(_draft(app)["To"]) == "janet@example.net"


def test_a_retroactive_amendment_reports_what_came_out_differently(
    tmp_path: Path, sqlite_url: str
) -> None:
    from referee.engine.amendments import amend

    app = _app(tmp_path, sqlite_url)
    at = COMMUNE_START + HOUR
    _send(app, mail("nix", "I become inactive.", at), at)
    joined = _send(app, mail("nix", "I become a participant in Commune.", at + HOUR), at + HOUR)
    assert joined.actions[0].outcome == "applied"
    _send(app, mail("Janet", "I become a participant in Commune.", at + 2 * HOUR), at + 2 * HOUR)
    app.processor().advance_clock(FIRST_REPORT)

    processor = app.processor()
    with app.db.transaction() as session:
        report = amend(
            processor,
            session,
            app.game("Commune"),
            effective_at=COMMUNE_START,
            ruleset=None,
            options={"inactive_cannot_join": True},
            reason="Proposal 9001 ratified the clean-up reading",
            now=FIRST_REPORT + DAY,
        )
    assert [(was.outcome, now.outcome, now.text) for was, now in report.now_fail] == [
        ("applied", "rejected", "I become a participant in Commune")
    ]
    assert not report.now_succeed
    assert any(path.startswith("participants.nix") for path, _, _ in report.state_changes)
    assert all("Janet" not in path for path, _, _ in report.state_changes)
    with app.db.transaction() as session:
        state = session.scalar(select(GameRecord).where(GameRecord.name == "Commune"))
        assert state is not None and set(state.state["participants"]) == {"Janet"}
        amended = canonical_dump(session)
    officer_mail = [m for m in _outbound(app) if "ruleset amended" in str(m["Subject"])]
    assert len(officer_mail) == 1 and str(officer_mail[0]["To"]) == "aspen@example.com"
    body = officer_mail[0].get_body(preferencelist=("plain",))
    assert body is not None
    text = body.get_content()
    assert "Actions that now FAIL" in text and "I become a participant in Commune" in text
    assert "Proposal 9001" in text

    # The amendment is an input: a replay applies it again at its instant.
    with app.db.transaction() as session:
        reset_derived(session)
    app.processor(silent=True).process_pending(batch=REPLAY_BATCH)
    app.processor(silent=True).advance_clock({"Commune": FIRST_REPORT, "Register": at})
    with app.db.transaction() as session:
        assert canonical_dump(session)["games"]["Commune"] == amended["games"]["Commune"]


def test_an_amendment_that_changes_nothing_says_so(tmp_path: Path, sqlite_url: str) -> None:
    from referee.engine.amendments import amend

    app = _app(tmp_path, sqlite_url)
    at = COMMUNE_START + HOUR
    _send(app, mail("Janet", "I become a participant in Commune.", at), at)
    with app.db.transaction() as session:
        report = amend(
            app.processor(),
            session,
            app.game("Commune"),
            effective_at=COMMUNE_START,
            ruleset="v1.3",
            options={"naming_once_only": True},
            reason="a clarification",
            now=at + DAY,
        )
    assert report.unchanged
