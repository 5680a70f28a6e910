"""What dispatch is told (how to apply a message) and what it gives back."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.results import ActionResult, NotUnderstoodLine
from referee.store.models import InboundMessage


@dataclass(frozen=True)
class Confirming:
    """Commands held from an earlier message, performed now that its author confirmed them:
    the (line, text) of each held result."""

    keys: frozenset[tuple[int, str]]

    def holds(self, line: int, text: str) -> bool:
        return (line, text) in self.keys


@dataclass(frozen=True)
class Mode:
    """How a message is applied: the first time, or again for rewound games."""

    only: frozenset[str] | None = None
    """None: the message is met for the first time (every game; late mail rewinds; Register
    changes are told to the other games). Else the names of the rewound games it is applied
    to again, which alone change."""
    silent: bool = False
    """The mail it causes is recorded as suppressed, never sent (a replay)."""
    confirming: Confirming | None = None
    """Applying the held commands of an earlier message, which this one confirms."""

    @property
    def first_time(self) -> bool:
        return self.only is None

    def includes(self, game: str | None) -> bool:
        return self.only is None or game in self.only


@dataclass
class Dispatched:
    """What applying a message did."""

    actions: list[ActionResult] = field(default_factory=list)
    not_understood: list[NotUnderstoodLine] = field(default_factory=list)
    rewound: dict[str, list[InboundMessage]] = field(default_factory=dict)
    """Games rewound because the message was late, with the mail to apply to them again."""
    held: list[ActionResult] = field(default_factory=list)
    """Commands held for want of proof (their results are among ``actions`` too)."""
    notes: list[str] = field(default_factory=list)

    def add(self, other: Dispatched) -> None:
        self.actions.extend(other.actions)
        self.not_understood.extend(other.not_understood)
        for name, later in other.rewound.items():
            self.rewound.setdefault(name, later)
        self.held.extend(other.held)
        self.notes.extend(note for note in other.notes if note not in self.notes)
