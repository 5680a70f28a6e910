"""The four methods of a tabled action (rule 1728) and their parameters N and T.

N is kept in tenths as an integer, because Agoran Consent's N "is a positive integer
multiple of 0.1" and the stored state holds no floats: "with 2 support" is 20 tenths,
"with 1.5 Agoran Consent" 15. T is kept in whole hours.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from typing import Any

TENTHS = 10
HOURS_PER_DAY = 24


class MethodKind(enum.StrEnum):
    SUPPORT = "support"
    OBJECTIONS = "objections"
    CONSENT = "consent"
    NOTICE = "notice"


@dataclass(frozen=True)
class Method:
    """A method as an intent or a rule states it; an omitted parameter is None.

    ``of_all`` is the "With the Support of all its existing members" form: N is however many
    persons are eligible to support when the action is performed (the game says who).
    """

    kind: MethodKind
    n_tenths: int | None = None
    notice_hours: int | None = None
    of_all: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "n_tenths": self.n_tenths,
            "notice_hours": self.notice_hours,
            "of_all": self.of_all,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Method:
        return _method(data["kind"], data["n_tenths"], data["notice_hours"], data["of_all"])

    def describe(self, everyone: str = "all eligible persons") -> str:
        """The method in the rules' own style: "With 2 Support", "Without Objection"."""
        if self.kind is MethodKind.SUPPORT:
            if self.of_all:
                return f"With the Support of {everyone}"
            return (
                "With Support" if self.n_tenths is None else f"With {tenths(self.n_tenths)} Support"
            )
        if self.kind is MethodKind.OBJECTIONS:
            if self.n_tenths is None:
                return "Without Objection"
            return f"Without {tenths(self.n_tenths)} Objections"
        if self.kind is MethodKind.CONSENT:
            if self.n_tenths is None:
                return "With Agoran Consent"
            return f"With {tenths(self.n_tenths)} Agoran Consent"
        if self.notice_hours is None:
            return "With Notice"
        return f"With {hours(self.notice_hours)} Notice"


def tenths(value: int) -> str:
    """20 -> "2", 15 -> "1.5"."""
    whole, rest = divmod(value, TENTHS)
    return str(whole) if rest == 0 else f"{whole}.{rest}"


def hours(value: int) -> str:
    """96 -> "4 days", 36 -> "36 hours", 24 -> "1 day"."""
    days, rest = divmod(value, HOURS_PER_DAY)
    if rest:
        return f"{value} hour" if value == 1 else f"{value} hours"
    return "1 day" if days == 1 else f"{days} days"


def describe_all(methods: tuple[Method, ...], everyone: str = "all eligible persons") -> str:
    """Several methods as one phrase: "With 2 Support and Without 2 Objections"."""
    return " and ".join(m.describe(everyone) for m in methods) or "no method"


@cache
def _method(kind: str, n_tenths: int | None, notice_hours: int | None, of_all: bool) -> Method:
    # Methods are immutable and few ("with 2 support", "without objection"...), while every
    # load of a game's state decodes one per intent: each is built once.
    return Method(
        kind=MethodKind(kind),
        n_tenths=None if n_tenths is None else int(n_tenths),
        notice_hours=None if notice_hours is None else int(notice_hours),
        of_all=bool(of_all),
    )
