"""Okinawa played through the mail: four weeks and more, five players, from the first award
to a Shouri win, beside the Alliances game it reads.

Real mail goes into the stored inbox as the list delivers it; the processor applies it on a
real database (SQLite and PostgreSQL). Each Monday the referee publishes the Sensei's map
to the list (``publish = "list"``); every map and the answer to each kind of refused
action are pinned as whole mails in ``tests/golden/okinawa_season_*.eml`` (REFEREE_REGEN=1
rewrites them; read each one you regenerate). Replaying the stored mail gives the same
state and history.

The season, as the mail plays it (Plots as the referee writes them):
- week of 1 May: everyone is awarded 3 Stones; nix joins Janet's alliance With the Support
  of all its existing members; nix and Janet build the chain (0, 0) (0, +1) (0, +2) (+1, 0)
  through each other's Stones; nix, with no airborne Stone left, is refused a fourth play;
  Janet is refused an occupied Plot;
- week of 8 May: Murphy plays into the north-west corner and Aspen captures it
  automatically; Murphy plays into the south-east corner, putting eir own chain in jeopardy,
  then becomes inactive; Janet's "near the centre" is not understood;
- week of 15 May: Murphy (inactive) gets no award; the map shows eir chain in jeopardy;
  Murphy is refused a play by the ban, then captures eir own chain by announcement;
- week of 22 May: Kate, who never plays, reaches the cap of 10 by awards alone; Aspen's
  seventh Stone on the grid wins Shouri and destroys every Stone;
  the Sensei hands the office to Kate by mail;
- 29 May: the last map shows the empty grid and the win.

The pipeline hands a game the views of the games it reads only once the engine fills
``Context.views``; until then Okinawa sees every person alone, which changes nothing in
this season but the chains of nix and Janet and the maps' alliances. Those checks are in
their own tests, marked to fail until the views are filled.
"""

from __future__ import annotations

import email
import email.policy
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select
from support import ADDRESSES, LIST, FixedClock, app_for, mail, settings_for

from referee.app import App
from referee.config import Visibility
from referee.engine.history import canonical_dump, reset_derived
from referee.games.register.plugin import REGISTER_NAME
from referee.store.models import OutboundMessage

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
START = datetime(2023, 4, 30, tzinfo=UTC)  # a Sunday: the first award is Monday 1 May
END = datetime(2023, 5, 29, 1, tzinfo=UTC)  # after the fifth map
PLAYERS = {name: ADDRESSES[name] for name in ("nix", "Janet", "Murphy", "Aspen", "Kate")}
OKINAWA = {
    "name": "Okinawa",
    "kind": "okinawa",
    "ruleset": "igora",
    "start": START.isoformat(),
    "officer": "sensei",
    "publish": "list",
}
ALLIANCES = {
    "name": "Alliances",
    "kind": "alliances",
    "ruleset": "igora",
    "start": START.isoformat(),
    "officer": "registrar",
    "publish": "list",
}


@dataclass(frozen=True)
class Post:
    when: datetime
    author: str
    body: str
    case: str | None = None
    """The name of a pinned answer (``okinawa_season_<case>.eml``)."""


def day(month: int, date: int, hour: int) -> datetime:
    return datetime(2023, month, date, hour, tzinfo=UTC)


SEASON = [
    Post(day(5, 1, 10), "nix", "I intend to join Janet's alliance with support."),
    Post(day(5, 1, 11), "Janet", "I support intent 1."),
    Post(day(5, 1, 12), "nix", "I join Janet's alliance with support."),
    Post(day(5, 2, 9), "nix", "I play a Stone at (0, 0)."),
    Post(day(5, 2, 10), "Janet", "I play a stone on the plot at latitude 0, longitude 1."),
    Post(day(5, 3, 9), "nix", "I play a Stone at (0, 2) and a Stone at 1N 0E."),
    Post(day(5, 3, 10), "nix", "I play a Stone at (2, 2).", "no_airborne_stone"),
    Post(day(5, 4, 9), "Janet", "I play a Stone at (0, 2).", "occupied_plot"),
    Post(day(5, 9, 9), "Murphy", "I play a Stone at (4, -4)."),
    Post(day(5, 9, 10), "Aspen", "I play a Stone at (3, -4)."),
    Post(day(5, 10, 9), "Aspen", "I play a Stone at 4N 3W."),
    Post(day(5, 11, 9), "Aspen", "I play Stones at (-3, 4) and (-4, 3)."),
    Post(day(5, 13, 9), "Murphy", "I play a Stone at (-4, 4)."),
    Post(day(5, 13, 11), "Murphy", "I become inactive."),
    Post(day(5, 13, 12), "Janet", "I play a Stone near the centre.", "not_understood"),
    Post(day(5, 16, 9), "Murphy", "I play a Stone at (0, -4).", "jeopardy_ban"),
    Post(day(5, 16, 10), "Murphy", "I capture the chain containing (-4, 4)."),
    Post(day(5, 17, 9), "Aspen", "I play a Stone at (-2, 4)."),
    Post(day(5, 23, 9), "Aspen", "I play Stones at (-1, 4) and (0, 4)."),
    Post(day(5, 24, 9), "Aspen", "I appoint Kate as the Sensei."),
]
MAPS = ["2023-05-01", "2023-05-08", "2023-05-15", "2023-05-22", "2023-05-29"]


def _check(name: str, raw: bytes) -> None:
    path = GOLDEN / name
    text = raw.decode("utf-8").replace("\r\n", "\n")
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def _body(raw: bytes) -> str:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


@dataclass
class Season:
    app: App
    live: dict[str, Any]
    outbox: list[OutboundMessage]

    def events(self, game: str = "Okinawa") -> list[dict[str, Any]]:
        return list(self.live["games"][game]["events"])

    def summaries(self) -> list[str]:
        return [str(e["summary"]) for e in self.events()]

    def acks(self) -> list[OutboundMessage]:
        return [r for r in self.outbox if r.kind == "ack"]

    def maps(self) -> list[OutboundMessage]:
        return [r for r in self.outbox if r.kind == "notice:okinawa/weekly"]


def play(tmp_path: Path, database_url: str) -> Season:
    settings = settings_for(
        tmp_path,
        database_url,
        games=[ALLIANCES, OKINAWA],
        players=PLAYERS,
        extra={
            "offices": {"sensei": "Aspen", "registrar": "Kate"},
            # The Sensei's From address proves em (this test is not about proofs).
            "powers": {"offices": {"sensei": ["address"]}},
        },
    )
    app = app_for(settings, FixedClock(END))
    for number, post in enumerate(SEASON, 1):
        raw = mail(
            post.author,
            post.body,
            post.when,
            subject="Okinawa",
            message_id=f"<okinawa-{number}@example.org>",
        )
        app.inbox.accept(
            raw, "imap:list/INBOX", Visibility.PUBLIC, post.when + timedelta(minutes=1)
        )
    processor = app.processor()
    assert processor.process_pending().quarantined == 0
    processor.advance_clock(END)
    with app.db.transaction() as session:
        live = canonical_dump(session)
        rows = list(session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))
        session.expunge_all()
    return Season(app, live, rows)


def test_a_season_from_the_first_award_to_shouri(tmp_path: Path, database_url: str) -> None:
    season = play(tmp_path, database_url)
    try:
        _the_season_is_refereed(season)
    finally:
        season.app.close()


def _the_season_is_refereed(season: Season) -> None:
    summaries = season.summaries()
    ticks = [e["summary"] for e in season.events() if e["outcome"] == "tick"]
    # Every active first-class player is awarded 3 Stones each Monday; Murphy, inactive
    # from 13 May, gets nothing; Kate, who never plays, reaches the cap by awards alone.
    assert ticks[0] == (
        "the week began: 3 Stones awarded to each active first-class player (Aspen, Janet, "
        "Kate, Murphy, nix)"
    )
    assert ticks[2] == (
        "the week began: 3 Stones awarded to each active first-class player (Aspen, Janet, "
        "Kate, nix); none to Murphy (not active, or not first-class)"
    )
    assert ticks[3].endswith(
        "none to Murphy (not active, or not first-class); Janet lost 1 airborne Stone to the "
        "cap of 10; Kate lost 2 airborne Stones to the cap of 10"
    )
    outcomes = [(e["actor"], e["outcome"]) for e in season.events() if e["actor"]]
    assert outcomes == [
        ("nix", "applied"),
        ("Janet", "applied"),
        ("nix", "applied"),
        ("nix", "applied"),
        ("nix", "rejected"),  # no airborne Stone
        ("Janet", "rejected"),  # an occupied Plot
        ("Murphy", "applied"),
        ("Aspen", "applied"),
        ("Aspen", "applied"),  # the automatic capture
        ("Aspen", "applied"),
        ("Aspen", "applied"),
        ("Murphy", "applied"),  # into jeopardy
        ("Murphy", "rejected"),  # the ban
        ("Murphy", "applied"),  # the capture by announcement
        ("Aspen", "applied"),
        ("Aspen", "applied"),
        ("Aspen", "applied"),  # Shouri
    ]
    assert (
        "Aspen played an airborne Stone on (+4, -3) (4 airborne left); it brought into "
        "jeopardy, and so captured, the chain of Murphy's 1 Stone at (+4, -4) (all their "
        "Stones destroyed)"
    ) in summaries
    assert (
        "Murphy captured the chain of Murphy's 1 Stone at (-4, +4) (all its Stones destroyed)"
    ) in summaries
    (won,) = [s for s in summaries if "Shouri" in s]
    assert won.endswith(
        "Aspen has 7 Stones in Okinawa and no other player has seven: Aspen satisfies the "
        "Victory Condition of Shouri, and all Stones are destroyed (11 on the grid, "
        "38 airborne)"
    )
    alliances = season.live["games"]["Alliances"]["state"]["alliances"]
    assert ["Janet", "nix"] in alliances.values()  # formed with tabled actions
    # The Sensei is an office of the Register, handed on by mail like the others.
    assert season.live["games"][REGISTER_NAME]["state"]["offices"]["sensei"] == "Kate"
    state = season.live["games"]["Okinawa"]["state"]
    assert state["grid"] == []
    assert state["wins"] == [{"at": "2023-05-23T09:00:00+00:00", "player": "Aspen", "stones": 7}]
    assert state["airborne"] == {"Aspen": 3, "Janet": 3, "Kate": 3, "Murphy": 0, "nix": 3}

    # Each refusal is answered with the clause quoted; the unparsed line with the forms.
    acks = season.acks()
    assert [r.recipients for r in acks] == [[PLAYERS[p.author]] for p in SEASON]
    for post, ack in zip(SEASON, acks, strict=True):
        if post.case is not None:
            _check(f"okinawa_season_{post.case}.eml", ack.raw)
    texts = {
        p.case: " ".join(_body(a.raw).split()) for p, a in zip(SEASON, acks, strict=True) if p.case
    }
    assert (
        '"A person CAN, by announcement, Play any Stone that e owns' in texts["no_airborne_stone"]
    )
    assert '"It is IMPOSSIBLE for two Stones to occupy the same Plot."' in texts["occupied_plot"]
    assert "e CANNOT place a Stone on a Plot, the above notwithstanding" in texts["jeopardy_ban"]
    assert "I play a Stone at (+2, -3)" in texts["not_understood"]

    # The Sensei's announcement of the winner, and the maps, go to the list.
    (announcement,) = [r for r in season.outbox if r.kind == "notice:okinawa/shouri"]
    assert announcement.recipients == [LIST]
    _check("okinawa_season_shouri.eml", announcement.raw)
    maps = season.maps()
    assert len(maps) == len(MAPS) and all(r.recipients == [LIST] for r in maps)
    third = _body(maps[2].raw)
    assert "CHAINS IN JEOPARDY\n\n  the chain of Murphy's 1 Stone at (-4, +4)" in third
    assert "Murphy: 4" in third and "Kate: 6" in third  # drafted before the award
    assert "Aspen, with 7 Stones" in _body(maps[4].raw)
    _check(f"okinawa_season_map_{MAPS[0]}.eml", maps[0].raw)

    # Replaying the stored mail rebuilds the same state and history, sending nothing new.
    with season.app.db.transaction() as session:
        reset_derived(session)
    replay = season.app.processor(silent=True)
    replay.process_pending()
    replay.advance_clock(END)
    with season.app.db.transaction() as session:
        assert canonical_dump(session) == season.live
        assert len(list(session.scalars(select(OutboundMessage)))) == len(season.outbox)


def test_the_allies_stones_make_one_chain_and_the_maps_show_the_alliance(
    tmp_path: Path, database_url: str
) -> None:
    season = play(tmp_path, database_url)
    try:
        _the_alliances_are_seen(season)
    finally:
        season.app.close()


def _the_alliances_are_seen(season: Season) -> None:
    second = _body(season.maps()[1].raw)
    assert "ALLIANCES WITH MORE THAN ONE MEMBER" in second
    assert "\n  Janet and nix\n" in second
    assert (
        "the chain of Janet and nix's 4 Stones at (+1, 0), (0, 0), (0, +1), (0, +2): "
        "9 unoccupied adjacent Plots"
    ) in " ".join(second.split())
    for date, row in zip(MAPS[1:], season.maps()[1:], strict=True):
        _check(f"okinawa_season_map_{date}.eml", row.raw)
