"""The state of the Arcadian Tournament, and its canonical JSON form.

The Map holds exactly one Land Unit for each location (Latitude and Longitude 1 to 9):
the two consistency clauses of the text ("Exactly one Land Unit can exist for each
combination ..."; a missing one "is created") are kept by construction, since the map is
one entry per location and nothing adds or removes entries. The dump writes only the units
that differ from a fresh one (Aether, no Facility, Public Land), so a young map is small.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from referee.games.arcadia.actions import Location
from referee.games.base import JsonData
from referee.games.kit.codecs import dump_optional_time, dump_time, load_optional_time, load_time
from referee.games.tabled import IntentBook, dump_book, load_book

SIZE = 9
LOCATIONS: tuple[Location, ...] = tuple(
    (lat, lon) for lat in range(1, SIZE + 1) for lon in range(1, SIZE + 1)
)
AETHER = "Aether"
BLACK = "Black"
WHITE = "White"
LAND_TYPES = (BLACK, WHITE, AETHER)
NO_FACILITY = "None"
FACILITIES = ("Farm", "Mine", "Orchard", "Monument")
CURRENCIES = ("Food", "Stone", "Lumber")
AGORA = "Agora"
LOST_AND_FOUND = "the Lost and Found Department"
MIDNIGHT_ENERGY = 6


@dataclass
class LandUnit:
    land_type: str = AETHER
    facility: str = NO_FACILITY
    owner: str | None = None
    """None: ownership never defined, so the unit is Agora's (Public Land)."""

    @property
    def public(self) -> bool:
        return self.owner is None

    def is_fresh(self) -> bool:
        return self.land_type == AETHER and self.facility == NO_FACILITY and self.owner is None


@dataclass
class Player:
    joined_at: datetime
    energy: int = 0
    currencies: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CURRENCIES, 0))


def fresh_map() -> dict[Location, LandUnit]:
    return {location: LandUnit() for location in LOCATIONS}


@dataclass
class ArcadiaState:
    alternating: str
    land: dict[Location, LandUnit] = field(default_factory=fresh_map)
    players: dict[str, Player] = field(default_factory=dict)
    lost_and_found: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CURRENCIES, 0))
    """The Food, Stone and Lumber the Lost and Found Department owns: a deregistered
    person's, whose owner is no longer one the backing document allows (rule 2576; R3-1)."""
    others: dict[str, dict[str, int]] = field(default_factory=dict)
    """The Food, Stone and Lumber of owners outside the tournament that rule 2576 allows:
    Agora, and players of Agora who are not (or no longer) its players, given them by
    transfer (R5-1). Only non-empty purses are kept."""
    streak_player: str | None = None
    """Who performed the last claim (None before the first)."""
    streak: int = 0
    """How many times the streak player has claimed since another player last claimed."""
    winner: str | None = None
    ended_at: datetime | None = None
    intents: IntentBook = field(default_factory=IntentBook)
    """Intents to conclude the tournament with no winner (rule 2566; R4-3)."""
    no_winner_by: str | None = None
    """Who concluded the tournament with no winner without 3 objections (rule 2566)."""
    last_midnight: datetime | None = None
    """The last midnight applied (None before the first), so that the next one is found
    from the game's own record, not from the pipeline's clock (a report drafted at the same
    instant moves that clock past it)."""

    @property
    def over(self) -> bool:
        return self.ended_at is not None

    def claims_since_another(self, player: str) -> int:
        return self.streak if player == self.streak_player else 0

    def purse(self, owner: str) -> dict[str, int]:
        """The currencies ``owner`` holds (a tournament player's, or another's: R5-1)."""
        player = self.players.get(owner)
        if player is not None:
            return player.currencies
        return self.others.setdefault(owner, dict.fromkeys(CURRENCIES, 0))

    def tidy_others(self) -> None:
        """Forget the empty purses of owners outside the tournament, so the record stays
        the same whether or not someone once held and gave away a currency."""
        for owner in [o for o, p in self.others.items() if not any(p.values())]:
            del self.others[owner]

    def owned_by(self, player: str) -> list[tuple[Location, LandUnit]]:
        return [(loc, unit) for loc, unit in sorted(self.land.items()) if unit.owner == player]


@dataclass(frozen=True)
class ArcadiaView:
    """What the Arcadia contract reads of a tournament: whether it is in play."""

    in_play: bool
    winner: str | None


def view_state(state: ArcadiaState) -> ArcadiaView:
    return ArcadiaView(in_play=not state.over, winner=state.winner)


def sort_names(names: list[str]) -> list[str]:
    return sorted(names, key=lambda n: (n.casefold(), n))


def location_text(location: Location) -> str:
    return f"({location[0]}, {location[1]})"


def on_map(location: Location) -> bool:
    return all(1 <= c <= SIZE for c in location)


def adjacent(one: Location, other: Location) -> bool:
    """Same Latitude and Longitudes one apart, or same Longitude and Latitudes one apart."""
    return abs(one[0] - other[0]) + abs(one[1] - other[1]) == 1


def _key(location: Location) -> str:
    return f"{location[0]},{location[1]}"


def _location(key: str) -> Location:
    lat, lon = key.split(",")
    return int(lat), int(lon)


def dump_state(state: ArcadiaState) -> JsonData:
    found: JsonData = (
        {"lost_and_found": {c: state.lost_and_found[c] for c in CURRENCIES}}
        if any(state.lost_and_found.values())
        else {}
    )
    # Written only when used, so that older records load and dump unchanged (R4-3).
    book = dump_book(state.intents)
    if book != dump_book(IntentBook()):
        found["intents"] = book
    if state.no_winner_by is not None:
        found["no_winner_by"] = state.no_winner_by
    others = {o: p for o, p in sorted(state.others.items()) if any(p.values())}
    if others:
        found["others"] = {o: {c: p[c] for c in CURRENCIES} for o, p in others.items()}
    return {
        "alternating": state.alternating,
        "land": {
            _key(loc): {"type": u.land_type, "facility": u.facility, "owner": u.owner}
            for loc, u in sorted(state.land.items())
            if not u.is_fresh()
        },
        "players": {
            name: {
                "joined_at": dump_time(p.joined_at),
                "energy": p.energy,
                "currencies": {c: p.currencies[c] for c in CURRENCIES},
            }
            for name, p in sorted(state.players.items())
        },
        "streak_player": state.streak_player,
        "streak": state.streak,
        "winner": state.winner,
        "ended_at": dump_optional_time(state.ended_at),
        "last_midnight": dump_optional_time(state.last_midnight),
        **found,
    }


def load_state(data: JsonData) -> ArcadiaState:
    """The exact inverse of :func:`dump_state`; a unit off the Map is refused."""
    land = fresh_map()
    for key, unit in data["land"].items():
        location = _location(key)
        if location not in land:
            raise ValueError(f"Land Unit {key} is not on the Map (Latitude, Longitude 1-9)")
        if unit["type"] not in LAND_TYPES or unit["facility"] not in (*FACILITIES, NO_FACILITY):
            raise ValueError(f"Land Unit {key} has an impossible value: {unit}")
        land[location] = LandUnit(str(unit["type"]), str(unit["facility"]), unit["owner"])
    players = {
        str(name): Player(
            joined_at=load_time(p["joined_at"]),
            energy=int(p["energy"]),
            currencies={c: int(p["currencies"][c]) for c in CURRENCIES},
        )
        for name, p in data["players"].items()
    }
    found = data.get("lost_and_found", {})
    return ArcadiaState(
        alternating=str(data["alternating"]),
        land=land,
        players=players,
        lost_and_found={c: int(found.get(c, 0)) for c in CURRENCIES},
        streak_player=data["streak_player"],
        streak=int(data["streak"]),
        winner=data["winner"],
        ended_at=load_optional_time(data["ended_at"]),
        last_midnight=load_optional_time(data["last_midnight"]),
        intents=load_book(data["intents"]) if "intents" in data else IntentBook(),
        no_winner_by=data.get("no_winner_by"),
        others={
            str(o): {c: int(p[c]) for c in CURRENCIES} for o, p in data.get("others", {}).items()
        },
    )
