"""The typed actions of Alliances, as grammar/alliances.lark's transformer produces them.

Joining is a tabled action, so a sentence that names it becomes one of the procedure's
actions (an intent to join, a performance of one) wrapping :class:`JoinAlliance`.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Action


@dataclass(frozen=True)
class AllianceRef:
    """How a sentence names an alliance: "my alliance", "Janet's alliance" (the one Janet
    is in), or "alliance 3" (its number in the Registrar's report)."""

    member: str | None = None
    number: int | None = None

    @property
    def mine(self) -> bool:
        return self.member is None and self.number is None

    def __str__(self) -> str:
        if self.member is not None:
            return f"{self.member}'s alliance"
        if self.number is not None:
            return f"alliance {self.number}"
        return "your alliance"


@dataclass(frozen=True)
class JoinAlliance(Action):
    alliance: AllianceRef


@dataclass(frozen=True)
class LeaveAlliance(Action):
    alliance: AllianceRef
