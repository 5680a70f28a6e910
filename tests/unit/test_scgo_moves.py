"""Plays mailed privately to the referee: checks, secrecy of the answer, replacement, timing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_scgo_table import HOUR, REFEREE, ROUND, START, Table

from referee.errors import ConfigError
from referee.games.base import Audience, IllegalAction, Route, SourceText
from referee.games.scgo.actions import PlaySquare
from referee.games.scgo.grid import AT
from referee.games.scgo.state import current_plays
from referee.reports.render import render


def begun(**options: bool | str) -> Table:
    table = Table(["nix", "Janet", "Murphy"], options)
    table.begin()
    return table


def test_an_accepted_play_is_acknowledged_privately_and_summarised_without_its_square() -> None:
    table = begun()
    (outcome,) = table.send("nix", "I play E5", at=START + HOUR)
    assert outcome.summary == "nix sent a move for round 1"
    assert outcome.secret
    assert outcome.private_summary is not None
    assert "e5" in outcome.private_summary
    assert "round 1" in outcome.private_summary
    assert "Thu 07 Mar 2024 12:00:00 UTC" in outcome.private_summary
    (ack,) = outcome.notices
    assert (ack.audience, ack.template, ack.player) == (Audience.PLAYER, "scgo/move-ack", "nix")
    mail = render(ack.template, ack.context)
    assert "e5" in mail.body
    assert "round 1" in mail.subject
    assert current_plays(table.state.plays)["nix"].square == "e5"


def test_e7_is_off_a_six_by_six_grid_but_f6_is_on_it() -> None:
    table = begun()
    with pytest.raises(IllegalAction, match="not on the 6 x 6 grid"):
        table.send("nix", "I play g1", at=START + HOUR)
    table.send("nix", "I play f6", at=START + HOUR)


def test_a_later_play_replaces_an_earlier_one() -> None:
    table = begun()
    table.send("nix", "I play a1", at=START + HOUR)
    (outcome,) = table.send("nix", "My move is b2", at=START + 2 * HOUR)
    assert outcome.private_summary is not None
    assert "replacing a1" in outcome.private_summary
    table.play({"Janet": "c3", "Murphy": "d4"}, at=START + 3 * HOUR)
    table.end_round()
    assert table.state.grid == {"b2": "A", "c3": "B", "d4": "C"}
    record = table.state.history[-1]
    assert [p.square for p in record.plays if p.player == "nix"] == ["a1", "b2"]
    assert "earlier plays replaced: a1" in table.announcements()[-1]


def test_a_public_play_is_not_a_play() -> None:
    table = begun()
    with pytest.raises(IllegalAction, match="privately") as refused:
        table.send("nix", "I play a1", at=START + HOUR, route=Route.PUBLIC)
    assert refused.value.rule is not None
    assert "privately mail the referee" in refused.value.rule.quote
    assert table.state.plays == []


def refusal(table: Table, credentials: frozenset[str]) -> str:
    with pytest.raises(IllegalAction) as refused:
        table.send("nix", "I play c3", at=table.now + HOUR, credentials=credentials)
    return refused.value.reason


def test_a_play_needs_the_registered_address() -> None:
    table = begun()
    before = refusal(table, frozenset())
    table.send("nix", "I play a1", at=START + HOUR)
    after = refusal(table, frozenset())
    assert before == after  # the answer does not tell whether nix has already played
    assert "registered address" in before
    assert current_plays(table.state.plays)["nix"].square == "a1"


def test_by_default_a_play_needs_a_passphrase_or_dkim_as_well() -> None:
    table = begun()
    before = refusal(table, frozenset({"address"}))
    table.send("nix", "I play a1", at=START + HOUR, credentials=frozenset({"address", "dkim"}))
    after = refusal(table, frozenset({"address"}))
    assert before == after
    assert "passphrase or a valid DKIM signature" in before
    table.send(
        "Janet", "I play a2", at=START + 2 * HOUR, credentials=frozenset({"address", "passphrase"})
    )
    assert set(current_plays(table.state.plays)) == {"nix", "Janet"}


ADDRESS_ONLY = frozenset({"address"})
WITH_PASSPHRASE = frozenset({"address", "passphrase"})
WITH_DKIM = frozenset({"address", "dkim"})
WITH_BOTH = frozenset({"address", "passphrase", "dkim"})


@pytest.mark.parametrize(
    ("proof", "accepted"),
    [
        ("address", {ADDRESS_ONLY, WITH_PASSPHRASE, WITH_DKIM, WITH_BOTH}),
        ("passphrase", {WITH_PASSPHRASE, WITH_BOTH}),
        ("dkim", {WITH_DKIM, WITH_BOTH}),
        ("passphrase-or-dkim", {WITH_PASSPHRASE, WITH_DKIM, WITH_BOTH}),
        ("passphrase-and-dkim", {WITH_BOTH}),
    ],
)
def test_the_move_proof_option_decides_which_credentials_suffice(
    proof: str, accepted: set[frozenset[str]]
) -> None:
    for credentials in (ADDRESS_ONLY, WITH_PASSPHRASE, WITH_DKIM, WITH_BOTH):
        table = begun(move_proof=proof)
        if credentials in accepted:
            table.send("nix", "I play a1", at=START + HOUR, credentials=credentials)
            assert current_plays(table.state.plays)["nix"].square == "a1"
        else:
            assert "cannot accept this as a play" in refusal(table, credentials)
            assert table.state.plays == []


def test_a_misspelt_choice_is_a_configuration_error_naming_the_option() -> None:
    with pytest.raises(ConfigError, match=r"options\.move_proof: must be one of .*\"dkim\"") as bad:
        begun(move_proof="dkmi")
    assert "'dkmi'" in str(bad.value)


def test_an_officer_may_enter_a_play_from_the_command_line() -> None:
    table = begun(move_proof="passphrase-and-dkim")
    table.send(
        "nix", "I play a1", at=START + HOUR, route=Route.OFFICER, credentials=frozenset({"officer"})
    )
    assert current_plays(table.state.plays)["nix"].square == "a1"


def test_a_square_occupied_by_a_letter_cannot_be_played() -> None:
    table = begun()
    table.play({"nix": "a1", "Janet": "c3", "Murphy": "d4"}, at=START + HOUR)
    table.end_round()
    with pytest.raises(IllegalAction, match="holds the Letter A") as refused:
        table.send("Janet", "I play a1", at=table.now + HOUR)
    assert refused.value.rule is not None
    assert "not occupied by a Letter" in refused.value.rule.quote


def collided() -> Table:
    table = begun()
    table.play({"nix": "c3", "Janet": "c3", "Murphy": "d4"}, at=START + HOUR)
    table.end_round()
    assert table.state.grid["c3"] == AT
    return table


def test_a_square_holding_at_may_be_played_as_written() -> None:
    table = collided()
    table.play({"nix": "c3", "Janet": "a1", "Murphy": "f6"}, at=table.now + HOUR)
    table.end_round()
    assert table.state.grid["c3"] == "A"


def test_an_option_makes_squares_holding_at_unplayable() -> None:
    table = Table(["nix", "Janet", "Murphy"], {"at_squares_playable": False})
    table.begin()
    table.play({"nix": "c3", "Janet": "c3", "Murphy": "d4"}, at=START + HOUR)
    table.end_round()
    with pytest.raises(IllegalAction, match="holds @"):
        table.send("nix", "I play c3", at=table.now + HOUR)


def test_a_play_after_the_deadline_belongs_to_the_next_round() -> None:
    table = begun()
    table.play({"nix": "a1", "Janet": "b1", "Murphy": "c1"}, at=START + HOUR)
    (outcome,) = table.send("nix", "I play a2", at=START + ROUND + HOUR)
    assert table.state.round == 2
    assert outcome.summary == "nix sent a move for round 2"
    assert table.state.grid == {"a1": "A", "b1": "B", "c1": "C"}


def test_a_play_at_the_deadline_instant_is_late_for_that_round() -> None:
    table = begun()
    table.play({"Janet": "b1", "Murphy": "c1"}, at=START + HOUR)
    with pytest.raises(IllegalAction, match="no longer in the game"):
        table.send("nix", "I play a1", at=START + ROUND)
    assert table.state.round == 2
    assert "nix" not in table.state.remaining  # doomed in round 1 for not playing
    assert table.state.history[0].idle == ("nix",)


def test_the_late_play_refused_when_it_names_the_round_that_has_ended() -> None:
    table = begun()
    table.play({"nix": "a1", "Janet": "b1", "Murphy": "c1"}, at=START + HOUR)
    with pytest.raises(IllegalAction, match="names round 1, but round 2"):
        table.send("nix", "My move for round 1 is a2", at=START + ROUND + HOUR)
    table.send("nix", "My move for round 2 is a2", at=START + ROUND + 2 * HOUR)


def test_a_removed_player_and_a_stranger_cannot_play() -> None:
    table = Table(["nix", "Janet", "Murphy", "Aris"])
    table.begin()
    table.play({"nix": "a1", "Janet": "b1", "Murphy": "c1"}, at=START + HOUR)
    table.end_round()
    assert "Aris" not in table.state.remaining
    with pytest.raises(IllegalAction, match="no longer in the game"):
        table.send("Aris", "I play a2", at=table.now + HOUR)
    with pytest.raises(IllegalAction, match="not playing"):
        table.send(REFEREE, "I play a2", at=table.now + HOUR)


def test_no_play_before_the_beginning_or_after_the_end() -> None:
    table = Table(["nix", "Janet"])
    with pytest.raises(IllegalAction, match="not begun"):
        table.send("nix", "I play a1")
    table.begin()
    table.end_round()  # nobody played: both doomed
    assert table.game.is_over(table.state)
    with pytest.raises(IllegalAction, match="over"):
        table.send("nix", "I play a1", at=table.now + HOUR)


def test_delayed_mail_from_a_round_already_resolved_is_refused() -> None:
    table = begun()
    table.play({"nix": "a1", "Janet": "b1", "Murphy": "c1"}, at=START + HOUR)
    table.end_round()
    late = replace(table.context("nix"), at=START + 2 * HOUR)
    action = PlaySquare(SourceText("I play a2", 1, 1), "a2")
    with pytest.raises(IllegalAction, match="before round 2 began"):
        table.game.perform(table.state, action, late)
    assert table.state.plays == []


def test_address_only_proof_is_an_explicit_opt_in() -> None:
    # By default a forged From header alone is refused...
    assert "cannot accept this as a play" in refusal(begun(), ADDRESS_ONLY)
    # ...and only a game configured with move_proof = "address" trusts the address alone.
    table = begun(move_proof="address")
    table.send("nix", "I play a1", at=START + HOUR, credentials=ADDRESS_ONLY)
    assert current_plays(table.state.plays)["nix"].square == "a1"
