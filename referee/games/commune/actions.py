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
    founder: str | None = None
    """ "Janet's community", "the community founded by Janet": the one Janet founded."""

    @property
    def mine(self) -> bool:
        return (
            self.name is None
            and self.location is None
            and self.number is None
            and self.founder is None
        )

    def __str__(self) -> str:
        if self.name is not None:
            return self.name
        if self.location is not None:
            return f"the community at {self.location}"
        if self.number is not None:
            return f"community #{self.number}"
        if self.founder is not None:
            return f"{self.founder}'s community"
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
    number: int | None
    """None when the offer is named by its maker ("snail's offer of a 9"): the game finds
    it among the open offers, or refuses with the ones it could be."""
    token: str
    offerer: str | None = None
    offered: str | None = None


@dataclass(frozen=True)
class WithdrawOffer(Action):
    number: int | None
    """None for "my trade offer": the author's only open offer."""
    offerer: str | None = None
    """The maker named beside the number ("Murphy's trade offer 3"), checked against it."""
