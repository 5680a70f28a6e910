"""The Arcadia contract: parties, Arcadian Proposals through the tabled-action library,
the Tournament Template's versions, and the Lord-Ruler's Iteration Date."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from referee.games.arcadia.state import ArcadiaView
from referee.games.arcadia_contract import ArcadiaContract
from referee.games.arcadia_contract.changes import ChangeError, apply_changes
from referee.games.arcadia_contract.rulesets import DRAFT, ruleset
from referee.games.arcadia_contract.state import ContractState
from referee.games.base import (
    Action,
    Context,
    GameSetup,
    GameView,
    IllegalAction,
    PlayerStatus,
    Route,
)
from referee.parsing import find_actions

START = datetime(2026, 11, 2, tzinfo=UTC)
NAMES = ("Trigon", "nix", "Janet", "snail", "Murphy", "Kate")
PLAYERS = {n: PlayerStatus(n, active=n != "snail", first_class=True) for n in NAMES}


class Contract:
    def __init__(self) -> None:
        self.game = ArcadiaContract(
            GameSetup("Arcadia contract", ruleset(DRAFT), START, "lord-ruler")
        )
        self.state: ContractState = self.game.initial_state()
        self.now = START + timedelta(hours=1)
        self.views: dict[str, GameView[Any]] = {}

    def ctx(self, actor: str | None) -> Context:
        offices = frozenset({"lord-ruler"}) if actor == "Trigon" else frozenset()
        self.now += timedelta(minutes=1)
        return Context(
            self.now,
            actor,
            offices,
            Route.PUBLIC,
            f"<{self.now.isoformat()}>",
            PLAYERS,
            views=self.views,
        )

    def parse(self, text: str) -> list[Action]:
        found = find_actions([self.game], [(1, text)], {"Arcadia contract": True})
        assert not found.not_understood, found.not_understood
        return [f.action for f in found.actions]

    def say(self, actor: str, text: str) -> str:
        (action,) = self.parse(text)
        return self.game.perform(self.state, action, self.ctx(actor)).summary

    def rejected(self, actor: str, text: str) -> IllegalAction:
        before = self.game.dump(self.state)
        (action,) = self.parse(text)
        with pytest.raises(IllegalAction) as caught:
            self.game.perform(self.state, action, self.ctx(actor))
        assert self.game.dump(self.state) == before
        return caught.value


def contract(*parties: str) -> Contract:
    c = Contract()
    for name in parties:
        c.say(name, "I become a party to the Arcadia contract")
    return c


def test_the_template_begins_as_the_drafts_tournament_section() -> None:
    c = contract()
    text = c.state.current.text
    assert text.startswith("   - Land Units are assets.")
    assert "The first player to do so wins the tournament." in text
    assert "Reply via email" not in text and "CONTRACT" not in text
    assert c.state.current.number == 1
    assert "Tournament Template, version 1" in c.game.render(c.state)


def test_parties_join_and_leave_by_announcement() -> None:
    c = contract("nix")
    assert c.rejected("nix", "I join the Arcadia contract").reason == (
        "nix is already a party to the contract"
    )
    assert c.say("nix", "I leave the Arcadia contract") == (
        "nix ceased to be a party to the Arcadia contract"
    )
    error = c.rejected("nix", "I create an Arcadian Proposal with the following text: x")
    assert error.reason == "nix is not a party to the contract"
    assert error.rule is not None and error.rule.quote.startswith("Any party to this contract")


def test_a_proposal_adopted_changes_the_template() -> None:
    c = contract("Trigon", "nix", "Janet", "Murphy")
    summary = c.say(
        "nix",
        'I create an Arcadian Proposal with the following text: replace "is set to 6" with '
        '"is set to 7"',
    )
    assert summary.startswith("nix created Arcadian Proposal 1: ")
    c.say("Janet", "I support Arcadian Proposal 1")
    error = c.rejected("nix", "I apply Arcadian Proposal 1")
    assert "it needs at least 2" in error.reason
    c.say("Murphy", "I support Arcadian Proposal 1")
    error = c.rejected("nix", "I apply Arcadian Proposal 1")
    assert error.reason.startswith("too early") or "mature" in error.reason
    c.now += timedelta(days=4)
    error = c.rejected("Janet", "I apply Arcadian Proposal 1")
    assert error.reason.startswith("only nix")
    summary = c.say("nix", "I apply Arcadian Proposal 1 to the Tournament Template")
    assert summary.startswith(
        'nix applied Arcadian Proposal 1 (replace "is set to 6" with "is set to 7"); the '
        "Tournament Template is now version 2"
    )
    assert "With 2 Support and Without 2 Objections" in summary
    assert c.state.current.number == 2
    assert "Energy is set to 7." in c.state.current.text
    assert c.state.template[0].text != c.state.current.text
    assert c.state.current.why.startswith("Arcadian Proposal 1")
    data = c.game.dump(c.state)
    assert c.game.dump(c.game.load(data)) == data


def test_a_proposal_with_2_objections_fails() -> None:
    c = contract("Trigon", "nix", "Janet", "Murphy", "snail", "Kate")
    c.say(
        "nix",
        'I create an Arcadian Proposal with the following text: replace "given 2 Stone" '
        'with "given 3 Stone"',
    )
    c.say("Janet", "I support Arcadian Proposal 1")
    c.say("Murphy", "I support Arcadian Proposal 1")
    c.say("Trigon", "I object to Arcadian Proposal 1")
    error = c.rejected("snail", "I object to Arcadian Proposal 1")  # inactive
    assert "snail" in error.reason
    c.say("Kate", "I object to Arcadian Proposal 1")
    c.now += timedelta(days=5)
    error = c.rejected("nix", "I apply Arcadian Proposal 1")
    assert "2 objectors" in error.reason
    assert c.state.current.number == 1


def test_changes_the_referee_cannot_read_are_refused_at_application() -> None:
    c = contract("nix", "Janet", "Murphy")
    c.say("nix", "I create an Arcadian Proposal with the following text: make Farms cheaper")
    c.say("Janet", "I support Arcadian Proposal 1")
    c.say("Murphy", "I support Arcadian Proposal 1")
    c.now += timedelta(days=5)
    error = c.rejected("nix", "I apply Arcadian Proposal 1")
    assert error.reason.startswith("Arcadian Proposal 1 cannot be applied: the referee can")


def test_apply_changes() -> None:
    template = "Each costs\n   2 Energy. Each costs 1 Food."
    assert apply_changes(template, 'replace "costs 2 Energy" with "costs 3 Energy"') == (
        "Each costs 3 Energy. Each costs 1 Food."
    )
    with pytest.raises(ChangeError, match="occurs 2 times"):
        apply_changes(template, 'replace "Each" with "All"')
    with pytest.raises(ChangeError, match="does not occur"):
        apply_changes(template, "replace \u201cFish\u201d with \u201cFowl\u201d")


def test_the_iteration_date_and_the_reminder() -> None:
    c = contract("Trigon", "nix")
    error = c.rejected("nix", "I set the Iteration Date to 2026-12-01")
    assert (
        error.reason == "only the Lord-Ruler can set the Iteration Date; nix is not the Lord-Ruler"
    )
    c.views["arcadia"] = GameView("Arcadia", "arcadia", c.now, ArcadiaView(True, None))
    error = c.rejected("Trigon", "I set the Iteration Date to 2026-12-01")
    assert error.reason == "an Arcadian Tournament exists, so the Iteration Date cannot be set"
    c.views["arcadia"] = GameView("Arcadia", "arcadia", c.now, ArcadiaView(False, "nix"))
    assert c.say("Trigon", "I set the Iteration Date to 2026-12-01") == (
        "Trigon set the Iteration Date to 2026-12-01"
    )
    assert c.state.iteration_date == date(2026, 12, 1)
    tick = c.game.next_tick(c.state, c.now)
    assert tick is not None and tick.at == datetime(2026, 12, 1, tzinfo=UTC)
    outcome = c.game.apply_tick(c.state, tick, c.ctx(None))
    assert outcome is not None and "the referee sent em a drafted notice" in outcome.summary
    (notice,) = outcome.notices
    assert notice.template == "arcadia_contract/iteration" and notice.context["version"] == 1
    assert c.game.next_tick(c.state, tick.at) is None
    c.now = tick.at  # Never only once the date has come (R3-2)
    c.say("Trigon", "I set the Iteration Date to Never")
    assert c.state.iteration_date is None


def test_every_example_parses_and_others_are_not_the_contracts() -> None:
    c = Contract()
    for example in c.game.examples:
        assert c.parse(example), example
    (withdraw,) = c.parse("I withdraw my support for Arcadian Proposal 2")
    assert type(withdraw).__name__ == "WithdrawSupport"
    assert not c.game.looks_like_action("I support intent 2")
    assert not c.game.looks_like_action("I destroy 2 Stone")


def test_the_lord_ruler_begins_a_free_tournament_with_2_agoran_consent() -> None:
    c = contract("Trigon", "nix")
    error = c.rejected("nix", "I intend, with 2 Agoran consent, to begin a new Free Tournament")
    assert error.reason.endswith("nix is not the Lord-Ruler")
    error = c.rejected("Trigon", "I intend to begin a new Free Tournament")
    assert "With 2 Agoran Consent" in error.reason
    assert c.say(
        "Trigon",
        "I intend, with 2 Agoran consent, to begin a new Free Tournament with the regulations "
        "of the Tournament Template",
    ).startswith("Trigon tabled intent 1: to begin a new Free Tournament, With 2 Agoran Consent")
    c.say("nix", "I support the intent to begin a new Free Tournament")
    c.say("Janet", "I support the intent to begin a new Free Tournament")
    c.say("Kate", "I object to the intent to begin a new Free Tournament")
    c.say("Kate", "I withdraw my objection to the intent to begin a new Free Tournament")
    error = c.rejected("Trigon", "I begin a new Free Tournament with 2 Agoran consent")
    assert "mature" in error.reason or error.reason.startswith("too early")
    c.now += timedelta(days=5)
    summary = c.say("Trigon", "I begin a new Free Tournament with 2 Agoran consent")
    assert summary.startswith(
        "Trigon began a new Free Tournament, the Arcadian Tournament, with the regulations of "
        "Tournament Template version 1; the referee runs it as the arcadia ruleset 'draft'"
    )
    assert [b.template_version for b in c.state.begun] == [1]
    # Proposals keep their own numbers: the Free Tournament intent is in its own book.
    c.say("nix", 'I create an Arcadian Proposal with the following text: replace "a" with "b"')
    assert 1 in c.state.proposals
    data = c.game.dump(c.state)
    assert c.game.dump(c.game.load(data)) == data
    assert "Free Tournament begun" in c.game.render(c.state)


def test_a_proposals_submitter_named_beside_its_number_is_checked() -> None:
    # "Janet's AP 1" when nix submitted it: another proposal was meant (P55-read-games-s13-3).
    c = contract("nix", "Janet", "Murphy")
    c.say("nix", 'I create an Arcadian Proposal with the following text: replace "2" with "3"')
    error = c.rejected("Murphy", "I support Janet's AP 1")
    assert error.reason == "intent 1 in Arcadia contract is nix's, not Janet's; say which you mean"
    summary = c.say("Murphy", "I support nix's Arcadian Proposal #1")
    assert summary.startswith("Murphy supported"), summary


def test_the_lord_ruler_withdraws_eir_intent_to_begin_a_free_tournament() -> None:
    """ "I withdraw my intent to begin a new Free Tournament" names the intent by its act
    (rulings P66-read-agora-s17-6); it is then the tabled procedure's to judge."""
    c = contract("Trigon", "nix")
    c.say("Trigon", "I intend, with 2 Agoran consent, to begin a new Free Tournament")
    (withdrawal,) = c.parse("I withdraw my intent to begin a new Free Tournament")
    assert type(withdrawal).__name__ == "WithdrawIntent"
    summary = c.say("Trigon", "I withdraw my intent to begin a new Free Tournament")
    assert summary.startswith("Trigon ")
    assert "intent 1" in summary
