"""The state of the Arcadia contract, and its canonical JSON form.

The Tournament Template is kept as every version it has had, each with who made it, when,
by which message and why; the first is the TOURNAMENT section of the draft. Arcadian
Proposals are numbered; each is also the intent, in the contract's own intent book, to
apply it (the numbers are the same: only proposals are tabled in that book).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from referee.games.base import JsonData
from referee.games.kit.codecs import dump_time, load_time
from referee.games.tabled import IntentBook, dump_book, load_book


@dataclass
class TemplateVersion:
    number: int
    text: str
    at: datetime
    by: str | None
    message: str | None
    why: str


@dataclass
class ArcadianProposal:
    number: int
    by: str
    text: str
    at: datetime
    applied_as: int | None = None
    """The Template version its application made, once applied."""


@dataclass
class Begun:
    """A Free Tournament the Lord-Ruler began under the contract."""

    at: datetime
    by: str
    template_version: int


@dataclass
class ContractState:
    template: list[TemplateVersion]
    parties: list[str] = field(default_factory=list)
    proposals: dict[int, ArcadianProposal] = field(default_factory=dict)
    intents: IntentBook = field(default_factory=IntentBook)
    iteration_date: date | None = None
    """None: Never (the default)."""
    reminded: date | None = None
    """The Iteration Date the Lord-Ruler was last reminded of."""
    consent: IntentBook = field(default_factory=IntentBook)
    """The intents to begin a new Free Tournament (rule 2566), apart from the proposals."""
    begun: list[Begun] = field(default_factory=list)

    @property
    def current(self) -> TemplateVersion:
        return self.template[-1]


@dataclass(frozen=True)
class ContractView:
    """What a tournament reads of the contract: the Template's current version."""

    template_version: int
    template_text: str


def view_state(state: ContractState) -> ContractView:
    return ContractView(state.current.number, state.current.text)


def dump_state(state: ContractState) -> JsonData:
    return {
        "template": [
            {
                "number": v.number,
                "text": v.text,
                "at": dump_time(v.at),
                "by": v.by,
                "message": v.message,
                "why": v.why,
            }
            for v in state.template
        ],
        "parties": list(state.parties),
        "proposals": {
            str(n): {
                "by": p.by,
                "text": p.text,
                "at": dump_time(p.at),
                "applied_as": p.applied_as,
            }
            for n, p in sorted(state.proposals.items())
        },
        "intents": dump_book(state.intents),
        "iteration_date": None
        if state.iteration_date is None
        else state.iteration_date.isoformat(),
        "reminded": None if state.reminded is None else state.reminded.isoformat(),
        "consent": dump_book(state.consent),
        "begun": [
            {"at": dump_time(b.at), "by": b.by, "template_version": b.template_version}
            for b in state.begun
        ],
    }


def load_state(data: JsonData) -> ContractState:
    """The exact inverse of :func:`dump_state`."""
    return ContractState(
        template=[
            TemplateVersion(
                int(v["number"]),
                str(v["text"]),
                load_time(v["at"]),
                v["by"],
                v["message"],
                v["why"],
            )
            for v in data["template"]
        ],
        parties=[str(p) for p in data["parties"]],
        proposals={
            int(n): ArcadianProposal(
                int(n), p["by"], p["text"], load_time(p["at"]), p["applied_as"]
            )
            for n, p in data["proposals"].items()
        },
        intents=load_book(data["intents"]),
        iteration_date=None
        if data["iteration_date"] is None
        else date.fromisoformat(data["iteration_date"]),
        reminded=None if data["reminded"] is None else date.fromisoformat(data["reminded"]),
        consent=load_book(data["consent"]),
        begun=[
            Begun(load_time(b["at"]), str(b["by"]), int(b["template_version"]))
            for b in data["begun"]
        ],
    )
