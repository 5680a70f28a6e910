"""Open intents piling up in Alliances do not make a later message cost more.

Through the real pipeline (the inbox, processing, the clock, SQL to SQLite and PostgreSQL),
players table a few intents or hundreds, all still ripe; then one more message is
processed. The work it costs is counted, not timed: SQL statements executed, Alliances
states loaded and dumped, intents decoded from their stored form. It must be the same
with hundreds of open intents as with a few, and a message to another game must not load
Alliances' state at all.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from email.utils import format_datetime
from pathlib import Path

import pytest
from sqlalchemy import event, select

import referee.games.alliances.state as alliances_state
import referee.games.tabled.intents as tabled_intents
from bench.fuzz import CLOCK_EVERY, HostileReferee
from bench.hostile import LIST, LIST_ID, PLAYERS, START, Hostile
from referee.store.models import GameRecord


def _mail(number: int, sender: str, body: str) -> Hostile:
    """A public message from ``sender``, carried by the list, ``number`` minutes after the
    games start (well within the 14 days an intent stays ripe)."""
    when = START + timedelta(minutes=number)
    raw = (
        f"Received: from lists.example.org by mx.example.org; {format_datetime(when)}\r\n"
        f'From: "{sender} via agora-business" <{LIST}>\r\n'
        f"Reply-To: {sender} <{PLAYERS[sender]}>\r\n"
        f"To: {LIST}\r\nList-Id: {LIST_ID}\r\n"
        f"Subject: intents {number}\r\nDate: {format_datetime(when)}\r\n"
        f"Message-ID: <intents-{number}@example.org>\r\nMIME-Version: 1.0\r\n"
        'Content-Type: text/plain; charset="utf-8"\r\n\r\n'
        f"{body}\r\n"
    ).encode()
    return Hostile("intents", raw, True, when)


@contextmanager
def _counting(referee: HostileReferee, monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Counts SQL statements, Alliances states loaded and dumped, and intents decoded from
    their stored form, while in the block."""
    work: Counter[str] = Counter()

    def statement(*_: object) -> None:
        work["sql"] += 1

    def counted(name: str) -> None:
        real = getattr(alliances_state, name)

        def wrapper(value: object) -> object:
            work[name] += 1
            return real(value)

        monkeypatch.setattr(alliances_state, name, wrapper)

    counted("load_book")
    counted("dump_book")
    decode = tabled_intents._intent

    def decoded(number: int, data: dict[str, object]) -> tabled_intents.Intent:
        work["intents decoded"] += 1
        return decode(number, data)

    monkeypatch.setattr(tabled_intents, "_intent", decoded)
    engine = referee.app.db.engine
    event.listen(engine, "before_cursor_execute", statement)
    try:
        yield work
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        monkeypatch.undo()


def _open_intents(referee: HostileReferee) -> int:
    with referee.app.db.engine.connect() as connection:
        state = connection.execute(
            select(GameRecord.state).where(GameRecord.name == "Alliances")
        ).scalar_one()
    data = json.loads(state) if isinstance(state, str) else state
    return len(data["intents"]["intents"])


def _tabling(number: int, sender: str, count: int) -> Hostile:
    players = sorted(PLAYERS)
    others = [p for p in players if p != sender]
    lines = [
        f"I intend to join {others[k % len(others)]}'s alliance with support." for k in range(count)
    ]
    return _mail(number, sender, "\r\n".join(lines))


def _measure(
    referee: HostileReferee, number: int, supporter: str, joiner: str, mp: pytest.MonkeyPatch
) -> tuple[Counter[str], Counter[str]]:
    """The work of a response to intent 1, and of a message to another game."""
    with _counting(referee, mp) as responding:
        referee.feed(_mail(number, supporter, "I support intent 1."))
    with _counting(referee, mp) as elsewhere:
        referee.feed(_mail(number + 1, joiner, "I become a participant in Commune."))
    return responding, elsewhere


def test_a_message_costs_the_same_with_hundreds_of_open_intents(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = HostileReferee(database_url, tmp_path, smtp_port=9)  # the clock sends nothing
    try:
        # Every kind of message once, so nothing measured is anything's first time.
        referee.feed(_tabling(0, "player0", 1))
        referee.feed(_mail(1, "player9", "I become a participant in Commune."))
        referee.feed(_mail(2, "player10", "I support intent 1."))
        few = _open_intents(referee)
        few_response, few_elsewhere = _measure(referee, 3, "player5", "player6", monkeypatch)
        for n, sender in enumerate(["player1", "player2", "player3"], start=5):
            referee.feed(_tabling(n, sender, 150))
        many = _open_intents(referee)
        many_response, many_elsewhere = _measure(referee, 8, "player7", "player8", monkeypatch)
    finally:
        referee.close()
    assert referee.fed < CLOCK_EVERY  # no clock run among the measured messages
    assert (few, many >= 400) == (1, True), many
    assert few_response["load_book"] >= 1  # the response did reach Alliances
    assert many_response == few_response, (few_response, many_response)
    assert many_elsewhere == few_elsewhere
    assert many_elsewhere["load_book"] == 0
