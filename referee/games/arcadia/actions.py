"""The typed actions of the Arcadian Tournament, as grammar/arcadia.lark's transformer
produces them. A location is (Latitude, Longitude) as written; whether it is on the Map is
checked by the game, not the grammar."""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Action

Location = tuple[int, int]


@dataclass(frozen=True)
class JoinTournament(Action):
    pass


@dataclass(frozen=True)
class LeaveTournament(Action):
    pass


@dataclass(frozen=True)
class ClaimLand(Action):
    location: Location
    land_type: str | None = None
    """The Land Type the author named ("I set the Land Type of (3,4) to Black ..."), if any."""


@dataclass(frozen=True)
class BuildFacility(Action):
    facility: str
    location: Location
    costs: tuple[tuple[str, int], ...] | None = None
    """The currencies the author said e destroys to build ("I destroy 1 Lumber and 1 Stone
    to build ..."), as (currency, amount) in the order written; None when e named none."""


@dataclass(frozen=True)
class DestroyFacility(Action):
    location: Location
    facility: str | None = None
    """The facility the author named ("I destroy the Farm at ..."), if e named one."""


@dataclass(frozen=True)
class FoodForEnergy(Action):
    destroyed: tuple[tuple[str, int], ...]
    """The currencies the author said e destroys, as (currency, amount) in order."""
    energy: int | None = None
    """The Energy the author said e gains ("... to increase my Energy by 3"), if any."""


@dataclass(frozen=True)
class BuildOnMyLand(Action):
    """ "I build a Farm on my Land Unit": the one Land Unit the author owns, found when the
    action is performed (refused, with the readings, unless e owns exactly one)."""

    facility: str
    costs: tuple[tuple[str, int], ...] | None = None


@dataclass(frozen=True)
class DestroyMyFacility(Action):
    """ "I destroy my Farm": the one facility of that kind (any kind when ``facility`` is
    None) on the author's land, found when the action is performed."""

    facility: str | None = None


@dataclass(frozen=True)
class TransferCurrencies(Action):
    """ "I transfer 3 Food to Janet", "I give Janet 2 Lumber": rule 2577's transfer by
    announcement by the owner of a liquid asset (rulings R4-1)."""

    amounts: tuple[tuple[str, int], ...]
    """(currency, amount) in the order written."""
    recipient: str
    """As written; the game finds whom it names."""


@dataclass(frozen=True)
class TransferLand(Action):
    """ "I transfer the Land Unit at (3, 4) to nix" (rule 2577; rulings R4-1)."""

    location: Location
    recipient: str


@dataclass(frozen=True)
class ConcludeNoWinner(Action):
    """Concluding the tournament with no winner, without 3 objections (rule 2566), a tabled
    action: what an intent names, and what performing it does (rulings R4-3)."""


@dataclass(frozen=True)
class LostAndFound(Action):
    """Transferring or destroying assets the Lost and Found Department owns, by any player
    without objection (rule 2576), a tabled action (rulings R4-2)."""

    amounts: tuple[tuple[str, int], ...]
    recipient: str | None = None
    """As written, for a transfer; None: a destruction."""
