"""Commune 2023 played through the mail, from the first join to the winner.

A scripted season of five participants over the tournament's three months, fed as real mail
through the real pipeline (inbox, reading, parsing, the game, the outbox) on a real
database. Each Monday the referee drafts the weekly report for the Surveyor, who answers
"publish" and so publishes it to the list unedited. Every draft is pinned as a whole mail
(``tests/golden/commune_season_week<NN>.eml``), and so is the answer to each kind of
illegal action (``tests/golden/commune_season_reject_<case>.eml``). REFEREE_REGEN=1
rewrites them; read every one you regenerate: it is a claim that the output is right.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from support import ADDRESS_IS_PROOF, FixedClock, app_for, mail, settings_for

from referee.app import App
from referee.cli.admin import cmd_replay
from referee.config import Visibility
from referee.engine.history import canonical_dump, reset_derived
from referee.store.models import InboundMessage, OutboundMessage

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
GAME_NAME = "Commune 2023"
START = datetime(2023, 4, 19, tzinfo=UTC)
"""Commune 2023 was initiated on Wednesday 19 Apr 2023; it ends 3 months later."""
END = datetime(2023, 7, 19, tzinfo=UTC)


SEASON_READINGS: dict[str, bool] = {
    "founding_tile_joins_community": True,
    "merger_tile_joins_acquirer": True,
    "limit_includes_above": True,
    "tied_participants_win": True,
}
"""The season is played with the intended readings of Commune 2023 (the text as written
gives no community a tile): its officer configures them, and its goldens show them."""


def commune_2023(ruleset: str = "v1.3", **options: bool) -> dict[str, Any]:
    game: dict[str, Any] = {
        "name": GAME_NAME,
        "kind": "commune",
        "ruleset": ruleset,
        "start": START.isoformat(),
        "officer": "surveyor",
        "options": {**SEASON_READINGS, **options},
    }
    return game


@dataclass(frozen=True)
class Post:
    """One message to the list: when, who, what; ``case`` names a pinned rejection."""

    when: datetime
    author: str
    body: str
    case: str | None = None


def at(month: int, day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2023, month, day, hour, minute, tzinfo=UTC)


GRANT_ALL = (
    "With my left constructor, I grant myself the token it is constructing.\n"
    "With my middle constructor, I grant myself the token it is constructing.\n"
    "With my right constructor, I grant myself the token it is constructing."
)

SEASON: list[Post] = [
    # ---- week 1 (from Wed 19 Apr): everyone joins and sets up eir constructors ----------
    Post(
        at(4, 19, 10),
        "nix",
        "Hello all, let's play.\n\n"
        "I become a participant in Commune.\n"
        "I begin constructing an E with my Left Token Constructor, begin constructing a 3 "
        "with my Middle Token Constructor and begin constructing an 8 with my Right Token "
        "Constructor.\n"
        "I place a tile at E3.",
        case="tokens_not_owned",
    ),
    Post(
        at(4, 19, 11),
        "Janet",
        "I become a participant in Commune.\n"
        "I begin constructing a C with my left constructor.\n"
        "I begin constructing a 5 with my middle constructor.\n"
        "I begin constructing a D with my right constructor.",
    ),
    Post(
        at(4, 19, 12),
        "Kate",
        "I join Commune.\n"
        "With my left constructor, I begin constructing a G.\n"
        "With my middle constructor, I begin constructing a 5.\n"
        "With my right constructor, I begin constructing an F.",
    ),
    Post(
        at(4, 20, 9),
        "Murphy",
        "I become a participant in Commune. I begin constructing an E with my left "
        "constructor and begin constructing a 5 with my middle constructor. I begin "
        "constructing a 4 with my right constructor.\n"
        "I place a tile at K4.",
        case="nonexistent_location",
    ),
    Post(
        at(4, 21, 16),
        "Kate",
        "I name my cat Rex. She likes the board.\n"
        "I begin constructing an H with my left constructor.",
        case="second_constructor_use",
    ),
    # ---- week 2 (from Mon 24 Apr): the first tokens; three communities are founded -------
    Post(
        at(4, 24, 9),
        "nix",
        f"{GRANT_ALL}\n"
        "I place a tile at E3. I name my community Jade.\n"
        "I grant myself an investment in Jade.",
        case="investment_over_limit",
    ),
    Post(
        at(4, 24, 10),
        "Janet",
        "I grant myself the token from my left constructor, grant myself the token from my "
        "middle constructor and grant myself the token from my right constructor.\n"
        "I place a tile at C5.\n"
        "I name my community Jasmine.\n"
        "I name my community Cerulean.",
        case="taken_initial",
    ),
    Post(at(4, 24, 11), "Kate", f"{GRANT_ALL}\nI place a tile at G5."),
    Post(
        at(4, 24, 12),
        "Murphy",
        f"{GRANT_ALL}\n"
        "I grant myself an investment in Cerulean.\n"
        "I offer my 4 for any of 3, 8, and 9.",
    ),
    Post(
        at(4, 25, 8),
        "nix",
        "There are three communities now. I grant myself an investment in Jade.",
    ),
    # ---- week 3 (from Mon 1 May) ---------------------------------------------------------
    Post(
        at(5, 1, 8),
        "Aspen",
        "Kate has not named eir community.\nI name the community at G5 Amber.",
    ),
    Post(
        at(5, 1, 9),
        "nix",
        f"{GRANT_ALL}\n"
        "I place a tile at E8.\n"
        "I accept trade offer 1 with my 8.\n"
        "I place a tile at E4.",
        case="founder_founds_again",
    ),
    Post(
        at(5, 1, 10),
        "Murphy",
        f"{GRANT_ALL}\nI place a tile at E4.",
        case="occupied_location",
    ),
    Post(
        at(5, 1, 11),
        "Janet",
        f"{GRANT_ALL}\n"
        "I offer my D for a 4 or a 6.\n"
        "I place a tile at D5.\n"
        "I grant myself an investment in Jade.",
    ),
    Post(
        at(5, 1, 12),
        "Kate",
        f"{GRANT_ALL}\n"
        "I place a tile at F5 and grant myself an investment in Jade.\n"
        "I offer my G for a B or an E.",
    ),
    Post(
        at(5, 2, 9),
        "ais523",
        "I become a participant in Commune.\n"
        "I begin constructing a B with my left constructor.\n"
        "I begin constructing a 6 with my middle constructor.\n"
        "I begin constructing a 2 with my right constructor.\n"
        "I grant myself an investment in Amber.",
    ),
    Post(at(5, 3, 9), "Kate", "I withdraw trade offer 3."),
    Post(
        at(5, 4, 9),
        "Murphy",
        "I accept trade offer 3 with my E.",
        case="withdrawn_offer",
    ),
    # ---- week 4 (from Mon 8 May): Cerulean and Jade reach 3 tiles; a three-way merger ----
    Post(at(5, 8, 8), "Janet", GRANT_ALL),
    Post(at(5, 8, 9), "ais523", f"{GRANT_ALL}\nI accept trade offer 2 with my 6."),
    Post(
        at(5, 8, 10),
        "Janet",
        "I place a tile at C6. I grant myself an investment in Cerulean.",
    ),
    Post(
        at(5, 8, 11),
        "nix",
        "I begin constructing an H with my left constructor.\n"
        "With my middle constructor, I grant myself the token it is constructing.\n"
        "With my right constructor, I grant myself the token it is constructing.\n"
        "I offer my 8 for any of D, F, or 2 (only to Kate and ais523).",
    ),
    Post(at(5, 8, 12), "Kate", f"{GRANT_ALL}\nI accept trade offer 4 with my F."),
    Post(at(5, 9, 9), "nix", "I place a tile at F3."),
    Post(
        at(5, 10, 9),
        "Murphy",
        f"{GRANT_ALL}\nI place a tile at E5.",
    ),
    # ---- week 5 (from Mon 15 May): two new communities -----------------------------------
    Post(
        at(5, 15, 9),
        "nix",
        "With my left constructor, I grant myself the token it is constructing. With my "
        "middle constructor, I grant myself the token it is constructing.\n"
        "I begin constructing a 7 with my right constructor.\n"
        "I place a tile at H8 and name my community Indigo.",
    ),
    Post(
        at(5, 15, 10),
        "ais523",
        f"{GRANT_ALL}\n"
        "I place a tile at B2. I name my community Orange.\n"
        "I grant myself an investment in Indigo.",
    ),
    Post(
        at(5, 15, 12),
        "Kate",
        f"{GRANT_ALL}\nI grant myself an investment in Indigo.\nI offer my 5 for a 6 or a 7.",
    ),
    Post(at(5, 15, 13), "Murphy", f"{GRANT_ALL}\nI offer my 4 for a 2 or a 6."),
    Post(
        at(5, 16, 9),
        "ais523",
        "I accept trade offer 6 with my 2, and accept trade offer 5 with my 6.",
    ),
    Post(at(5, 17, 9), "Murphy", "I place a tile at E2."),
    Post(at(5, 17, 10), "Kate", "I place a tile at G6."),
    Post(
        at(5, 17, 11),
        "Janet",
        f"{GRANT_ALL}\nI withdraw trade offer 2. I offer my C for a B.",
    ),
    Post(at(5, 18, 9), "ais523", "I accept trade offer 7 with my B."),
    Post(
        at(5, 18, 10),
        "Janet",
        "I place a tile at B5. I grant myself an investment in Indigo.",
    ),
    # ---- week 6 (from Mon 22 May): Indigo grows; Murphy leaves ---------------------------
    Post(at(5, 22, 9), "nix", f"{GRANT_ALL}\nI place a tile at H7."),
    Post(at(5, 22, 10), "Kate", f"{GRANT_ALL}\nI grant myself an investment in Indigo."),
    Post(
        at(5, 22, 11),
        "ais523",
        "I begin constructing an I with my left constructor.\n"
        "With my middle constructor, I grant myself the token it is constructing.\n"
        "With my right constructor, I grant myself the token it is constructing.\n"
        "I offer my 5 for an 8 (only to Kate).",
    ),
    Post(
        at(5, 22, 12),
        "Murphy",
        "Thanks all, it was fun.\nI cease to be a participant in Commune.",
    ),
    Post(at(5, 23, 9), "Kate", "I accept trade offer 8 with my 8."),
    Post(at(5, 24, 9), "Janet", GRANT_ALL),
    # ---- week 7 (from Mon 29 May) --------------------------------------------------------
    Post(
        at(5, 29, 9),
        "nix",
        "I begin constructing a 9 with my middle constructor.\n"
        "With my left constructor, I grant myself the token it is constructing.\n"
        "With my right constructor, I grant myself the token it is constructing.\n"
        "I offer my 7 for a 4 or a 6.",
    ),
    Post(at(5, 29, 10), "ais523", f"{GRANT_ALL}\nI place a tile at I8."),
    Post(at(5, 29, 11), "Kate", f"{GRANT_ALL}\nI grant myself an investment in Indigo."),
    Post(at(5, 30, 9), "Janet", GRANT_ALL),
    # ---- week 8 (from Mon 5 Jun) ---------------------------------------------------------
    Post(at(6, 5, 9), "nix", f"{GRANT_ALL}\nI place a tile at H9."),
    Post(
        at(6, 5, 10),
        "ais523",
        f"{GRANT_ALL}\nI accept trade offer 9 with my 4. I place a tile at I7.",
    ),
    Post(at(6, 6, 9), "Kate", GRANT_ALL),
    # ---- week 9 (from Mon 12 Jun) --------------------------------------------------------
    Post(at(6, 12, 9), "ais523", f"{GRANT_ALL}\nI place a tile at I6."),
    Post(at(6, 12, 10), "nix", f"{GRANT_ALL}\nI offer my 7 for a 5 (only to Kate)."),
    Post(at(6, 13, 9), "Kate", f"{GRANT_ALL}\nI accept trade offer 10 with my 5."),
    # ---- week 10 (from Mon 19 Jun): Cerulean acquires Indigo ------------------------------
    Post(at(6, 19, 9), "Kate", "I place a tile at G7."),
    # ---- week 11 (from Mon 26 Jun): nix founds again, Jade and Indigo being gone ----------
    Post(
        at(6, 28, 9),
        "nix",
        "I place a tile at H3 and another at H4.\nI name my community Lavender.",
    ),
    # ---- week 12 (from Mon 3 Jul) --------------------------------------------------------
    Post(at(7, 3, 9), "Janet", f"{GRANT_ALL}\nI offer my 5 for a 6."),
    Post(at(7, 3, 10), "ais523", "I accept trade offer 11 with my 6."),
    Post(at(7, 4, 9), "Janet", "I place a tile at D6."),
    # ---- after the end (Wed 19 Jul 00:00) ------------------------------------------------
    Post(at(7, 20, 9), "Kate", "I place a tile at G8.", case="after_the_end"),
]


@dataclass
class SeasonRun:
    app: App
    clock: FixedClock
    reports: dict[int, str] = field(default_factory=dict)
    """The weekly report drafted for the Surveyor, by week (1 = the week of Mon 17 Apr)."""
    published: dict[int, str] = field(default_factory=dict)
    """The same reports as the referee published them to the list on Aspen's "publish"."""
    answers: dict[str, str] = field(default_factory=dict)
    """The answer to each post that has a ``case``, by case."""


FIRST_MONDAY = datetime(2023, 4, 17, tzinfo=UTC)
WEEKS = 14
"""Thirteen weeks of play and the week in which the tournament ends (Wed 19 Jul)."""
WEEKLY = "notice:commune/weekly"
PUBLISH_AFTER = timedelta(hours=8)
"""The Surveyor reads each Monday's draft and publishes it at 08:00."""


def _message_id(index: int) -> str:
    return f"<commune-2023-{index:03d}@example.org>"


def _text(raw: bytes) -> str:
    return raw.decode("utf-8").replace("\r\n", "\n")


def _week(drafted_at: datetime) -> int:
    """The week a report covers: it is drafted when that week ends."""
    return (drafted_at - FIRST_MONDAY).days // 7


def _publish_drafts(app: App, published: set[str]) -> None:
    """Aspen, the Surveyor, answers each new draft with "publish", as it is."""
    with app.db.transaction() as session:
        drafts = [
            (row.message_id, row.created_at)
            for row in session.scalars(select(OutboundMessage).order_by(OutboundMessage.id))
            if row.kind == WEEKLY and row.message_id not in published
        ]
    for message_id, drafted_at in drafts:
        when = drafted_at + PUBLISH_AFTER
        raw = mail(
            "Aspen",
            "publish",
            when,
            subject="Re: weekly report",
            message_id=f"<commune-2023-publish-{_week(drafted_at):02d}@example.org>",
            via_list=False,
            headers={"In-Reply-To": message_id},
        )
        app.inbox.accept(raw, "lmtp", Visibility.PRIVATE, when)
        published.add(message_id)


def run_season(tmp_path: Path, database_url: str, game: dict[str, Any] | None = None) -> SeasonRun:
    """Deliver the season week by week as ``referee run`` would see it: the week's mail
    arrives (with the Surveyor's "publish" of the last draft), is processed, and time passes
    to the next week, drafting its report."""
    # The season's mail predates proofs of powers: the Surveyor's own From is taken as
    # proof by the operator's explicit opt-in (the default asks for more).
    settings = settings_for(
        tmp_path, database_url, games=[game or commune_2023()], extra=ADDRESS_IS_PROOF
    )
    clock = FixedClock(START)
    app = app_for(settings, clock)
    cases: dict[str, str] = {}
    published: set[str] = set()
    for week in range(WEEKS):
        monday = FIRST_MONDAY + timedelta(days=7 * week)
        _publish_drafts(app, published)
        for index, post in enumerate(SEASON, 1):
            if monday <= post.when < monday + timedelta(days=7):
                key = _message_id(index)
                raw = mail(post.author, post.body, post.when, message_id=key)
                app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, post.when)
                if post.case is not None:
                    cases[key.strip("<>")] = post.case
        clock.moment = monday + timedelta(days=7, minutes=1)
        processor = app.processor()
        processor.process_pending()
        processor.advance_clock(clock.moment)
    _publish_drafts(app, published)  # the report drafted after the end, on Mon 24 Jul
    clock.moment += PUBLISH_AFTER
    app.processor().process_pending()
    run = SeasonRun(app, clock)
    with app.db.transaction() as session:
        keys = {row.id: row.message_key for row in session.scalars(select(InboundMessage))}
        for row in session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)):
            if row.kind == WEEKLY:
                run.reports[_week(row.created_at)] = _text(row.raw)
            elif row.kind == "report":
                run.published[_week(row.created_at - PUBLISH_AFTER)] = _text(row.raw)
            elif row.kind == "ack" and row.inbound_id is not None:
                case = cases.get(keys[row.inbound_id])
                if case is not None:
                    run.answers[case] = _text(row.raw)
    return run


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SeasonRun]:
    folder = tmp_path_factory.mktemp("season")
    run = run_season(folder, f"sqlite:///{folder / 'referee.sqlite3'}")
    yield run
    run.app.close()


def _check(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), name


def _game_state(app: App) -> dict[str, Any]:
    with app.db.transaction() as session:
        state: dict[str, Any] = canonical_dump(session)["games"][GAME_NAME]["state"]
    return state


def _events(app: App) -> list[dict[str, Any]]:
    with app.db.transaction() as session:
        events: list[dict[str, Any]] = canonical_dump(session)["games"][GAME_NAME]["events"]
    return events


CASES = sorted(post.case for post in SEASON if post.case is not None)


@pytest.mark.parametrize("week", range(1, WEEKS + 1))
def test_each_weekly_report_is_pinned(season: SeasonRun, week: int) -> None:
    report = season.reports[week]
    assert "Subject: [draft for surveyor] Commune 2023 weekly report" in report
    _check(f"commune_season_week{week:02d}.eml", report)


def _body(text: str) -> str:
    return text.split("\n\n", 1)[1]


def _subject(text: str) -> str:
    return text.split("Subject: ", 1)[1].split("\n", 1)[0]


def test_the_surveyor_publishes_every_report_unedited(season: SeasonRun) -> None:
    assert sorted(season.published) == sorted(season.reports)
    for week, draft in season.reports.items():
        public = season.published[week]
        assert "To: agora-business@example.org\n" in public
        assert _subject(public) == _subject(draft).removeprefix("[draft for surveyor] ")
        assert _body(public) == _body(draft)


def test_one_report_a_week_and_one_after_the_end(season: SeasonRun) -> None:
    assert sorted(season.reports) == list(range(1, WEEKS + 1))
    assert "Winner: Kate" in season.reports[WEEKS]
    assert all("Winner" not in season.reports[week] for week in range(1, WEEKS))


@pytest.mark.parametrize("case", CASES)
def test_each_kind_of_illegal_action_is_answered_with_the_clause(
    season: SeasonRun, case: str
) -> None:
    answer = season.answers[case]
    assert "REJECTED:" in answer and 'The rule: Commune v1.3, "' in answer
    _check(f"commune_season_reject_{case}.eml", answer)


def test_every_post_was_understood_and_answered(season: SeasonRun) -> None:
    """No post is quarantined or half-read: "I name my cat Rex" is prose, not a bad action."""
    with season.app.db.transaction() as session:
        rows = list(session.scalars(select(InboundMessage)))
        answered = {
            row.inbound_id for row in session.scalars(select(OutboundMessage)) if row.kind == "ack"
        }
    assert len(rows) == len(SEASON) + WEEKS  # the posts, and the Surveyor's "publish"
    for row in rows:
        assert row.status == "done", row.message_key
        assert row.results is not None and not row.results["not_understood"], row.message_key
        assert row.id in answered, row.message_key


def test_the_tournament_ends_after_three_months_and_kate_wins(season: SeasonRun) -> None:
    state = _game_state(season.app)
    assert state["ended_at"] == END.isoformat()
    assert state["end_reason"] == "end_time"
    best = max(p["accolades"] for p in state["participants"].values())
    assert state["winners"] == ["Kate"]
    assert state["participants"]["Kate"]["accolades"] == best
    # Nothing after the end changed anything: the last change is the end itself.
    changes = [e for e in _events(season.app) if e["state_after"] is not None]
    assert changes[-1]["kind"] == "tick" and changes[-1]["at"] == END.isoformat()


def test_replay_gives_the_same_state(season: SeasonRun) -> None:
    """What ``referee replay --verify`` does: forget everything derived, rebuild it from the
    stored mail in time order (sending nothing), let time pass as far, compare."""
    with season.app.db.transaction() as session:
        live = canonical_dump(session)
        sent = session.query(OutboundMessage).count()
    with season.app.db.transaction() as session:
        reset_derived(session)
    season.app.processor(silent=True).process_pending()
    season.app.processor(silent=True).advance_clock(season.clock())
    with season.app.db.transaction() as session:
        assert canonical_dump(session) == live
        assert session.query(OutboundMessage).count() == sent


def test_the_season_on_postgresql_drafts_the_same_mail(
    tmp_path: Path, postgres_url: str, season: SeasonRun
) -> None:
    run = run_season(tmp_path, postgres_url)
    try:
        assert run.reports == season.reports
        assert run.answers == season.answers
        assert _game_state(run.app) == _game_state(season.app)
    finally:
        run.app.close()


def test_v12_with_investment_by_announcement_plays_the_same_season(
    tmp_path: Path, season: SeasonRun
) -> None:
    """Where v1.2 and v1.3 differ only in wording (accolades, mergers, lapsing and accepting
    offers), the same mail gives the same game; with the option, so does the investment."""
    game = commune_2023("v1.2", v12_investment_by_announcement=True)
    run = run_season(tmp_path, f"sqlite:///{tmp_path / 'v12.sqlite3'}", game)
    try:
        assert _game_state(run.app) == _game_state(season.app)
        for week, report in season.reports.items():
            assert run.reports[week] == report.replace("Commune v1.3", "Commune v1.2")
        # Each version quotes its own words: v1.2 lacks "trade offer" after "non-withdrawn".
        answer = " ".join(run.answers["withdrawn_offer"].split())
        assert 'The rule: Commune v1.2, "Trading": "If a participant is in the set of ' in answer
        assert "allowed by a non-withdrawn and has a token matching the wanted set, e can " in (
            answer
        )
    finally:
        run.app.close()


def test_v12_by_default_refuses_every_weekly_investment(tmp_path: Path) -> None:
    run = run_season(tmp_path, f"sqlite:///{tmp_path / 'v12.sqlite3'}", commune_2023("v1.2"))
    try:
        grants = [e for e in _events(run.app) if e["kind"] == "GrantInvestment"]
        assert grants and all(e["outcome"] == "rejected" for e in grants)
        assert all("rule 2125" in e["summary"] for e in grants)
        # v1.2's own words, which end without v1.3's "by announcement".
        assert all(
            e["rule"].startswith('Commune v1.2, "Investments"')
            and e["rule"].endswith('grant emself an investment in any specified community."')
            for e in grants
        )
        # The founders' investments are not grants "by announcement": they still happen.
        state = _game_state(run.app)
        assert state["participants"]["nix"]["investments"] == {"6": 1}
    finally:
        run.app.close()


def test_the_replay_command_verifies_the_season_and_the_weeks_after_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``referee replay --verify`` on the finished season, after ``referee run`` has let
    time pass beyond the last mail: the rebuilt record is the same."""
    run = run_season(tmp_path, f"sqlite:///{tmp_path / 'referee.sqlite3'}")
    later = END + timedelta(days=20)
    run.clock.moment = later
    run.app.processor().advance_clock(later)
    settings = run.app.settings
    run.app.close()
    code = cmd_replay(settings, argparse.Namespace(verify=True, progress=False))
    assert "the rebuilt state is identical" in capsys.readouterr().out
    assert code == 0


# The two tests below guard against events that changed nothing being taken for changes
# (GameEvent.state_after must be SQL NULL for them, never the JSON value null): a late
# message would otherwise rewind to an empty game, and reports would never stop.


def test_no_report_is_drafted_after_the_final_one(tmp_path: Path) -> None:
    run = run_season(tmp_path, f"sqlite:///{tmp_path / 'referee.sqlite3'}")
    try:
        run.app.processor().advance_clock(END + timedelta(days=20))
        with run.app.db.transaction() as session:
            assert session.query(OutboundMessage).filter_by(kind=WEEKLY).count() == WEEKS
    finally:
        run.app.close()


def test_a_late_message_after_a_refused_action_keeps_the_game(
    tmp_path: Path, sqlite_url: str
) -> None:
    settings = settings_for(tmp_path, sqlite_url, games=[commune_2023()])
    app = app_for(settings, FixedClock(START + timedelta(days=1)))
    try:
        for author, body, hour, arrived in (
            ("nix", "I become a participant in Commune.", 10, 10),
            ("nix", "I place a tile at B3.", 11, 11),  # refused: nix has no tokens
            ("nix", "I begin constructing a 7 with my left constructor.", 13, 13),
            ("Janet", "I become a participant in Commune.", 12, 14),  # delayed on its way
        ):
            when = START + timedelta(hours=hour)
            app.inbox.accept(
                mail(author, body, when), "imap:list/INBOX", Visibility.PUBLIC,
                START + timedelta(hours=arrived),
            )  # fmt: skip
            app.processor().process_pending()
        state = _game_state(app)
        assert sorted(state["participants"]) == ["Janet", "nix"]
        assert state["participants"]["nix"]["constructors"]["left"] == "7"
    finally:
        app.close()
