"""The JSON kept on each message: every field, and back again."""

from __future__ import annotations

import json
from dataclasses import asdict

from referee.engine.events import EventOutcome
from referee.engine.results import ActionResult, MessageResults, NotUnderstoodLine, QuotedAction


def full_results() -> MessageResults:
    return MessageResults(
        author="nix",
        address="nix@example.org",
        effective_at="2026-11-21T10:00:00+00:00",
        time_note="the Date header was 3 days off",
        actions=[
            ActionResult("Commune", "I place a tile at G6", 2, EventOutcome.APPLIED, "placed"),
            ActionResult(
                "Go",
                "I play e5",
                3,
                EventOutcome.REJECTED,
                "occupied",
                "Rule 1",
                "private",
                secret=True,
            ),
        ],
        not_understood=[NotUnderstoodLine("I plase a tile", 4, "odd", ["I place a tile at G6"])],
        quoted=[QuotedAction("Commune", "I place a tile at A1")],
        notes=["the signature was removed"],
        answer="sent",
    )


def test_to_json_has_every_field_as_asdict_would() -> None:
    results = full_results()
    assert results.to_json() == asdict(results)


def test_to_json_shares_no_list_with_the_results() -> None:
    results = full_results()
    data = results.to_json()
    data["not_understood"][0]["expected"].append("changed")
    data["notes"].append("changed")
    assert results.not_understood[0].expected == ["I place a tile at G6"]
    assert results.notes == ["the signature was removed"]


def test_round_trip() -> None:
    results = full_results()
    assert MessageResults.from_json(results.to_json()) == results


def test_outcomes_are_stored_as_their_plain_strings() -> None:
    data = json.loads(json.dumps(full_results().to_json()))
    assert [a["outcome"] for a in data["actions"]] == ["applied", "rejected"]
    assert MessageResults.from_json(data).actions[0].outcome is EventOutcome.APPLIED
