"""The state of one Commune game, and its canonical JSON form.

Tokens are fungible per owner and Symbol, so a participant's tokens are a count per
Symbol. Investments are fungible per owner and community, so they are a count per
community number. Communities are numbered 1, 2, 3... in founding order and never
renumbered; trade offers likewise. ``stamp`` is a counter that rises by one at every event
that can matter to the merger tie-break ("gained a tile least recently").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from referee.games.base import JsonData
from referee.games.kit.codecs import dump_time, load_time

SIDES = ("left", "middle", "right")
INVESTMENT_USE = "investment"
"""Key of the weekly investment grant in :attr:`CommuneState.uses` (beside the sides)."""


@dataclass
class Participant:
    name: str
    joined_at: datetime
    tokens: dict[str, int] = field(default_factory=dict)
    constructors: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(SIDES))
    investments: dict[int, int] = field(default_factory=dict)
    accolades: int = 0

    def token_count(self, symbol: str) -> int:
        return self.tokens.get(symbol, 0)

    def investment_total(self) -> int:
        return sum(self.investments.values())


@dataclass
class Community:
    number: int
    founder: str
    founded_at: datetime
    founded_stamp: int
    name: str | None = None
    gained_stamp: int | None = None
    """When a tile last began to belong to it (placed into it, or received in a merger)."""
    placed_stamp: int | None = None
    """When a tile was last placed into it."""

    def last_gain(self, *, placements_only: bool = False) -> int:
        """When it last gained a tile (its founding if it never did), for the tie-break."""
        stamp = self.placed_stamp if placements_only else self.gained_stamp
        return stamp if stamp is not None else self.founded_stamp

    @property
    def label(self) -> str:
        return self.name if self.name is not None else f"community #{self.number} (unnamed)"


@dataclass
class TradeOffer:
    number: int
    offerer: str
    token: str
    wanted: tuple[str, ...]
    allowed: tuple[str, ...] | None
    made_at: datetime
    open: bool = True
    closed_why: str | None = None


@dataclass
class CommuneState:
    started_at: datetime
    participants: dict[str, Participant] = field(default_factory=dict)
    board: dict[str, int | None] = field(default_factory=dict)
    """Placed tiles: location -> number of the community it belongs to (None: no community)."""
    communities: dict[int, Community] = field(default_factory=dict)
    offers: dict[int, TradeOffer] = field(default_factory=dict)
    uses: dict[str, dict[str, datetime]] = field(default_factory=dict)
    """Per player, when each Token Constructor (and the investment grant) was last used."""
    next_community: int = 1
    next_offer: int = 1
    stamp: int = 0
    ended_at: datetime | None = None
    end_reason: str | None = None
    winners: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.ended_at is not None

    def tiles_of(self, number: int) -> list[str]:
        return sorted(loc for loc, owner in self.board.items() if owner == number)

    def tile_count(self, number: int) -> int:
        return sum(1 for owner in self.board.values() if owner == number)

    def founded_by(self, player: str) -> list[Community]:
        return [c for c in self.communities.values() if c.founder == player]

    def next_stamp(self) -> int:
        self.stamp += 1
        return self.stamp


def dump_state(state: CommuneState) -> JsonData:
    """Canonical JSON data: string keys, no floats, datetimes as ISO 8601 UTC."""
    return {
        "started_at": dump_time(state.started_at),
        "participants": {
            name: {
                "joined_at": dump_time(p.joined_at),
                "tokens": {s: n for s, n in sorted(p.tokens.items()) if n},
                "constructors": dict(p.constructors),
                "investments": {str(c): n for c, n in sorted(p.investments.items()) if n},
                "accolades": p.accolades,
            }
            for name, p in sorted(state.participants.items())
        },
        "board": dict(sorted(state.board.items())),
        "communities": {
            str(c.number): {
                "founder": c.founder,
                "founded_at": dump_time(c.founded_at),
                "founded_stamp": c.founded_stamp,
                "name": c.name,
                "gained_stamp": c.gained_stamp,
                "placed_stamp": c.placed_stamp,
            }
            for c in sorted(state.communities.values(), key=lambda c: c.number)
        },
        "offers": {
            str(o.number): {
                "offerer": o.offerer,
                "token": o.token,
                "wanted": list(o.wanted),
                "allowed": None if o.allowed is None else list(o.allowed),
                "made_at": dump_time(o.made_at),
                "open": o.open,
                "closed_why": o.closed_why,
            }
            for o in sorted(state.offers.values(), key=lambda o: o.number)
        },
        "uses": {
            player: {key: dump_time(at) for key, at in sorted(keys.items())}
            for player, keys in sorted(state.uses.items())
        },
        "next_community": state.next_community,
        "next_offer": state.next_offer,
        "stamp": state.stamp,
        "ended_at": None if state.ended_at is None else dump_time(state.ended_at),
        "end_reason": state.end_reason,
        "winners": list(state.winners),
    }


def _participant(name: str, data: dict[str, Any]) -> Participant:
    return Participant(
        name=name,
        joined_at=load_time(data["joined_at"]),
        tokens={str(s): int(n) for s, n in data["tokens"].items()},
        constructors={side: data["constructors"].get(side) for side in SIDES},
        investments={int(c): int(n) for c, n in data["investments"].items()},
        accolades=int(data["accolades"]),
    )


def load_state(data: JsonData) -> CommuneState:
    """The exact inverse of :func:`dump_state`."""
    return CommuneState(
        started_at=load_time(data["started_at"]),
        participants={n: _participant(n, p) for n, p in data["participants"].items()},
        board={
            loc: (None if owner is None else int(owner)) for loc, owner in data["board"].items()
        },
        communities={
            int(number): Community(
                number=int(number),
                founder=c["founder"],
                founded_at=load_time(c["founded_at"]),
                founded_stamp=int(c["founded_stamp"]),
                name=c["name"],
                gained_stamp=c["gained_stamp"],
                placed_stamp=c["placed_stamp"],
            )
            for number, c in data["communities"].items()
        },
        offers={
            int(number): TradeOffer(
                number=int(number),
                offerer=o["offerer"],
                token=o["token"],
                wanted=tuple(o["wanted"]),
                allowed=None if o["allowed"] is None else tuple(o["allowed"]),
                made_at=load_time(o["made_at"]),
                open=bool(o["open"]),
                closed_why=o["closed_why"],
            )
            for number, o in data["offers"].items()
        },
        uses={
            player: {key: load_time(at) for key, at in keys.items()}
            for player, keys in data["uses"].items()
        },
        next_community=int(data["next_community"]),
        next_offer=int(data["next_offer"]),
        stamp=int(data["stamp"]),
        ended_at=None if data["ended_at"] is None else load_time(data["ended_at"]),
        end_reason=data["end_reason"],
        winners=tuple(data["winners"]),
    )
