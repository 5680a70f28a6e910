"""The typed actions of the Arcadia contract. Supporting, objecting to and applying an
Arcadian Proposal are the tabled-action library's own actions (the proposal is the intent:
docs/rulings.md, A12), so only what is the contract's own is here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from referee.games.base import Action


@dataclass(frozen=True)
class JoinContract(Action):
    pass


@dataclass(frozen=True)
class LeaveContract(Action):
    pass


@dataclass(frozen=True)
class CreateProposal(Action):
    text: str


@dataclass(frozen=True)
class ApplyProposal(Action):
    """The action an Arcadian Proposal's intent is for: applying its changes."""

    number: int


@dataclass(frozen=True)
class SetIterationDate(Action):
    when: date | None
    """None: Never."""


@dataclass(frozen=True)
class BeginTournament(Action):
    """Beginning a new Free Tournament (rule 2566) with the Template's regulations."""
