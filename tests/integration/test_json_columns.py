"""The JSON columns read back exactly what was written, on SQLite and on PostgreSQL.

They are written by ``orjson`` (a third of the standard library's time on a replay's
states) and, for what it refuses, by the standard library: a number beyond 64 bits, as a
player may write, must be stored as ``json.dumps`` would store it, never refused.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select

from referee.store.db import Database, encode_json
from referee.store.models import GameRecord

CLOCK = datetime(2026, 1, 1, tzinfo=UTC)

STATES: list[dict[str, Any]] = [
    {"board": {"C4": "nix", "D5": None}, "tokens": {"7": 2}, "names": ["Ærøskøbing", "𝔊o"]},
    {"huge": 2**80, "negative": -(2**70), "nested": [[1, [2, [3]]], {"deep": {"er": True}}]},
    {"text": 'quotes " and \\ and \n newlines \u2028 and NUL \u0000', "empty": {}},
]


@pytest.mark.parametrize("state", STATES)
def test_a_state_reads_back_as_written(database: Database, state: dict[str, Any]) -> None:
    with database.transaction() as session:
        session.add(
            GameRecord(name="Commune", kind="commune", ruleset="v1.3", state=state, clock=CLOCK)
        )
    with database.transaction() as session:
        stored = session.scalar(select(GameRecord.state).where(GameRecord.name == "Commune"))
    assert stored == state


def test_the_text_is_the_standard_librarys_but_for_spacing() -> None:
    for state in STATES:
        assert json.loads(encode_json(state)) == json.loads(json.dumps(state)) == state
    # orjson refuses an integer beyond 64 bits; the standard library writes it.
    assert encode_json({"n": 2**64}) == json.dumps({"n": 2**64})
    # Keys that are not strings are written as json.dumps writes them.
    keyed = {1: "a", 2.5: "b", None: "c"}
    assert json.loads(encode_json(keyed)) == json.loads(json.dumps(keyed))
