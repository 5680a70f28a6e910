"""The typed actions of the tabled-action phrasing (grammar/tabled.lark).

Each wraps or refers to the game's own typed action: tabling "join Janet's alliance" is a
:class:`TableIntent` whose ``action`` is the game's ``JoinAlliance``. A game's ``apply``
hands these to its :class:`~referee.games.tabled.procedure.TabledProcedure`.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Action
from referee.games.tabled.methods import Method


@dataclass(frozen=True)
class IntentRef:
    """Which intent a sentence means.

    ``number`` ("intent 3"); or ``action`` with an optional ``sponsor`` ("nix's intent to
    join Janet's alliance", "the intent to ..."); or nothing at all ("I do so", "perform
    it"): the intent the author just tabled or supported in the same message, or else eir
    only open one.
    """

    number: int | None = None
    sponsor: str | None = None
    action: Action | None = None
    mine: bool = False
    """ "my intent": the author's own (the sponsor is whoever performs the action)."""
    ordinal: int | None = None
    """Which of the sponsor's open intents, oldest first from 1; -1 is the newest."""

    @property
    def implicit(self) -> bool:
        return self.number is None and self.action is None and not self.owned

    @property
    def owned(self) -> bool:
        """Named by its sponsor alone ("Janet's intent", "my second intent")."""
        return self.action is None and self.number is None and (self.mine or bool(self.sponsor))

    def __str__(self) -> str:
        if self.number is not None:
            return f"intent {self.number}"
        if self.action is not None:
            owner = f"{self.sponsor}'s" if self.sponsor else "the"
            return f'{owner} intent to "{self.action.source.text}"'
        if self.owned:
            owner = "your" if self.mine else f"{self.sponsor}'s"
            which = "" if self.ordinal is None else f" {ordinal_word(self.ordinal)}"
            return f"{owner}{which} intent"
        return "the intent you just named"


_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth")


def ordinal_word(ordinal: int) -> str:
    """1 → "first", -1 → "last", 7 → "7th"."""
    if ordinal == -1:
        return "last"
    if 1 <= ordinal <= len(_ORDINAL_WORDS):
        return _ORDINAL_WORDS[ordinal - 1]
    return f"{ordinal}th"


@dataclass(frozen=True)
class TableIntent(Action):
    action: Action
    methods: tuple[Method, ...]
    conditions: str | None = None


@dataclass(frozen=True)
class SupportIntent(Action):
    ref: IntentRef


@dataclass(frozen=True)
class ObjectToIntent(Action):
    ref: IntentRef


@dataclass(frozen=True)
class WithdrawSupport(Action):
    ref: IntentRef


@dataclass(frozen=True)
class WithdrawObjection(Action):
    ref: IntentRef


@dataclass(frozen=True)
class WithdrawIntent(Action):
    ref: IntentRef


@dataclass(frozen=True)
class PerformIntent(Action):
    """ "I do so", "I perform intent 3", or the action itself ("I join Janet's alliance with
    support"): ``ref.action`` is then the action and ``methods`` the methods named, if any."""

    ref: IntentRef
    methods: tuple[Method, ...] = ()


NAMING_AN_INTENT: tuple[type[Action], ...] = (
    SupportIntent,
    ObjectToIntent,
    WithdrawSupport,
    WithdrawObjection,
    WithdrawIntent,
    PerformIntent,
)
"""The actions that name an intent already tabled (each has a ``ref``)."""

TABLED_ACTIONS: tuple[type[Action], ...] = (TableIntent, *NAMING_AN_INTENT)
