"""Refused plays as "moves ... attempted in the last round": noted secretly, told after it."""

from __future__ import annotations

import json
from dataclasses import replace

from test_scgo_table import HOUR, REFEREE, START, Table, roundtrip

from referee.games.base import Route, SourceText
from referee.games.scgo.actions import PlaySquare
from referee.games.scgo.state import AttemptKind

NO_PROOF = frozenset({"address"})
NOT_FROM_ADDRESS: frozenset[str] = frozenset()


def second_round(**options: bool | str) -> Table:
    """Three players; after round 1, A holds a1, B b1, C c1 and @ is on d4 (a collision)."""
    table = Table(["nix", "Janet", "Murphy"], options)
    table.begin()
    table.play({"nix": "a1", "Janet": "b1", "Murphy": "c1"}, at=START + HOUR)
    table.send("nix", "I play d4", at=START + 2 * HOUR)
    table.send("Janet", "I play d4", at=START + 2 * HOUR)
    table.send("nix", "I play a1", at=START + 3 * HOUR)
    table.send("Janet", "I play b1", at=START + 3 * HOUR)
    table.end_round()
    table.play({"Murphy": "e5"}, at=table.now + HOUR)  # only Murphy plays: A, B doomed later
    table.end_round()
    return table


def test_every_kind_of_refused_play_is_listed_once_the_round_has_ended() -> None:
    table = Table(["nix", "Janet", "Murphy"], {"move_proof": "passphrase"})
    table.begin()
    passphrase = frozenset({"address", "passphrase"})
    table.send("nix", "I play a1", at=START + HOUR, credentials=passphrase)
    table.send("Janet", "I play b2", at=START + HOUR, credentials=passphrase)
    table.send("Murphy", "I play c3", at=START + HOUR, credentials=passphrase)
    table.end_round()
    at = table.now
    reasons = [
        table.attempt("nix", "I play e5", at=at + HOUR, route=Route.PUBLIC),
        table.attempt("Janet", "I play a1", at=at + 2 * HOUR, credentials=passphrase),
        table.attempt("Murphy", "I play g1", at=at + 3 * HOUR, credentials=passphrase),
        table.attempt("nix", "My move for round 1 is e6", at=at + 4 * HOUR, credentials=passphrase),
        table.attempt("Janet", "I play f6", at=at + 5 * HOUR, credentials=NO_PROOF),
        table.attempt("Murphy", "I play f5", at=at + 6 * HOUR, credentials=NOT_FROM_ADDRESS),
    ]
    assert "privately" in reasons[0]
    assert "holds the Letter A" in reasons[1]
    assert [a.kind for a in table.state.attempts] == [
        AttemptKind.PUBLIC,
        AttemptKind.OCCUPIED,
        AttemptKind.OFF_GRID,
        AttemptKind.WRONG_ROUND,
        AttemptKind.MISSING_PROOF,
        AttemptKind.NOT_FROM_ADDRESS,
    ]
    table.send("nix", "I play d4", at=at + 7 * HOUR, credentials=passphrase)
    table.end_round()
    announcement = table.announcements()[-1]
    attempted = announcement.split("Attempted, and refused (these did not count):\n")[1]
    assert attempted.split("\n\n")[0].splitlines() == [
        "  A nix: e5 (posted to the list, not mailed privately)",
        "  B Janet: a1 (occupied by a Letter)",
        "  C Murphy: g1 (not on the grid)",
        "  A nix: e6 (named round 1)",
        "  B Janet: f6 (in eir name, without the passphrase or DKIM signature required)",
        "  C Murphy: f5 (in eir name, not from eir registered address)",
    ]
    assert "  A nix: played d4 (A placed)" in announcement
    assert "  B Janet: no play" in announcement
    assert "  B Janet: did not play" in announcement  # an attempt is not a play (ruling 12)
    assert table.state.attempts == []  # the next round starts with none


def test_a_square_holding_at_is_an_attempt_where_the_ruleset_forbids_it() -> None:
    table = Table(["nix", "Janet"], {"at_squares_playable": False})
    table.begin()
    table.play({"nix": "c3", "Janet": "c3"}, at=START + HOUR)
    table.end_round()
    table.attempt("nix", "I play c3", at=table.now + HOUR)
    table.play({"nix": "a1", "Janet": "e5"}, at=table.now + HOUR)
    table.end_round()
    assert "  A nix: c3 (held @, which this ruleset makes unplayable)" in table.announcements()[-1]


def test_attempts_stay_secret_until_the_round_ends() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    published = len(table.public)
    table.attempt("nix", "I play e4", at=START + HOUR, route=Route.PUBLIC)
    table.attempt("nix", "I play k9", at=START + 2 * HOUR)
    assert len(table.state.attempts) == 2
    assert not [text for text in table.public[published:] if "e4" in text or "k9" in text]
    decoy = replace(table.state, attempts=[replace(a, square="a1") for a in table.state.attempts])
    assert table.game.public_view(decoy) == table.game.public_view(table.state)
    assert table.game.render(decoy) == table.game.render(table.state)
    secret = table.game.render(table.state, reveal_secrets=True)
    assert "nix e4 (posted to the list, not mailed privately)" in secret
    assert "nix k9 (not on the grid)" in secret
    roundtrip(table)


def test_refusals_that_are_no_attempt_in_the_round_are_not_noted() -> None:
    table = Table(["nix", "Janet", "Murphy"])
    table.attempt("nix", "I play a1", at=START - HOUR)  # before the game began
    table.begin()
    table.attempt(REFEREE, "I play a1", at=START + HOUR)  # the referee is not playing
    table.play({"nix": "a1", "Janet": "b1"}, at=START + HOUR)
    table.end_round()  # Murphy did not play: removed
    table.attempt("Murphy", "I play e5", at=table.now + HOUR)
    assert table.state.attempts == []
    late = PlaySquare(SourceText("I play a2", 1, 1), "a2")
    stale = replace(table.context("nix"), at=START + 2 * HOUR)  # mailed during round 1
    before = json.dumps(table.game.dump(table.state), sort_keys=True)
    assert not table.game.note_refusal(table.state, late, stale, "sent before round 2 began")
    assert json.dumps(table.game.dump(table.state), sort_keys=True) == before
    table.end_round()  # nobody plays: the game ends
    table.attempt("nix", "I play a2", at=table.now + HOUR)
    assert table.state.attempts == []
    assert all("Attempted" not in text for text in table.announcements())


def test_note_refusal_reports_whether_it_changed_the_state() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    action = PlaySquare(SourceText("I play a1", 1, 1), "a1")
    public = table.context("nix", Route.PUBLIC)
    before = table.game.dump(table.state)
    assert table.game.note_refusal(table.state, action, public, "public")
    assert table.game.dump(table.state) != before
    valid = table.context("nix")  # nothing wrong with it: not an attempt to note
    assert not table.game.note_refusal(table.state, action, valid, "")
    assert len(table.state.attempts) == 1


def test_a_state_stored_before_attempts_were_kept_loads_with_none() -> None:
    table = second_round()
    data = table.game.dump(table.state)
    assert data["attempts"] == []
    del data["attempts"]
    for record in data["history"]:
        del record["attempts"]
    again = table.game.load(data)
    assert again.attempts == []
    assert [r.attempts for r in again.history] == [(), ()]
    assert again.grid == table.state.grid
