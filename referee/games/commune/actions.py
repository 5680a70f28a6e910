"""The typed actions of Commune, as the grammar's transformer produces them."""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Action


@dataclass(frozen=True)
class CommunityRef:
    """How a sentence names a community: by name, by a location of one of its tiles, or
    as "my community" (the one the speaker founded)."""

    name: str | None = None
    location: str | None = None
    number: int | None = None

    @property
    def mine(self) -> bool:
        return self.name is None and self.location is None and self.number is None

    def __str__(self) -> str:
        if self.name is not None:
            return self.name
        if self.location is not None:
            return f"the community at {self.location}"
        if self.number is not None:
            return f"community #{self.number}"
        return "your community"


@dataclass(frozen=True)
class BecomeParticipant(Action):
    pass


@dataclass(frozen=True)
class CeaseParticipant(Action):
    pass


@dataclass(frozen=True)
class BeginConstructing(Action):
    side: str  # "left", "middle" or "right"
    symbol: str


@dataclass(frozen=True)
class GrantConstructed(Action):
    side: str
    symbol: str | None = None
    """The Symbol the player said e gets, if e named one (it must be the one constructed)."""


@dataclass(frozen=True)
class PlaceTile(Action):
    location: str
    paying: tuple[str, ...] | None = None
    """The tokens the player said e pays, if e named them."""


@dataclass(frozen=True)
class NameCommunity(Action):
    community: CommunityRef
    colour: str


@dataclass(frozen=True)
class GrantInvestment(Action):
    community: CommunityRef


@dataclass(frozen=True)
class MakeOffer(Action):
    token: str
    wanted: tuple[str, ...]
    allowed: tuple[str, ...] | None = None


@dataclass(frozen=True)
class AcceptOffer(Action):
    number: int
    token: str


@dataclass(frozen=True)
class WithdrawOffer(Action):
    number: int
