"""What processing one message did, kept as JSON on the message and used for the answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.engine.events import EventOutcome


@dataclass
class ActionResult:
    game: str
    text: str
    line: int
    outcome: EventOutcome  # applied or rejected
    summary: str
    rule: str | None = None
    private_summary: str | None = None
    secret: bool = False


@dataclass
class NotUnderstoodLine:
    text: str
    line: int
    problem: str
    expected: list[str]
    games: list[str] = field(default_factory=list)


@dataclass
class QuotedAction:
    game: str
    text: str


@dataclass
class MessageResults:
    author: str | None
    address: str | None
    effective_at: str
    time_note: str | None = None
    actions: list[ActionResult] = field(default_factory=list)
    not_understood: list[NotUnderstoodLine] = field(default_factory=list)
    quoted: list[QuotedAction] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    answer: str | None = None  # why no answer was sent, or "sent"

    def to_json(self) -> dict[str, Any]:
        # By hand rather than ``dataclasses.asdict``, whose generic deep copy was a visible
        # share of a replay; every field is a str, int, bool, None or list of str.
        return {
            "author": self.author,
            "address": self.address,
            "effective_at": self.effective_at,
            "time_note": self.time_note,
            "actions": [dict(vars(a)) for a in self.actions],
            "not_understood": [
                {**vars(n), "expected": list(n.expected), "games": list(n.games)}
                for n in self.not_understood
            ],
            "quoted": [dict(vars(q)) for q in self.quoted],
            "notes": list(self.notes),
            "answer": self.answer,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MessageResults:
        return cls(
            author=data["author"],
            address=data["address"],
            effective_at=data["effective_at"],
            time_note=data.get("time_note"),
            actions=[
                ActionResult(**{**a, "outcome": EventOutcome(a["outcome"])})
                for a in data.get("actions", [])
            ],
            not_understood=[NotUnderstoodLine(**n) for n in data.get("not_understood", [])],
            quoted=[QuotedAction(**q) for q in data.get("quoted", [])],
            notes=list(data.get("notes", [])),
            answer=data.get("answer"),
        )

    @property
    def has_content(self) -> bool:
        """Whether the author said anything the referee acted on or could not read."""
        return bool(self.actions or self.not_understood)
