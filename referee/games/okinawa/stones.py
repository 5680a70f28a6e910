"""Stones coming and going without a play: the weekly award, the cap of 10 airborne Stones,
and Shouri, which destroys them all.

"At the beginning of each week, every active first-class player is awarded 3 Stones": the
standing is the Register's at that instant (the ``players`` of the tick's context). "If a
person ever owns more than 10 airborne Stones, they lose airborne Stones until they have
only 10": checked after every change, so the award never leaves anyone above 10.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from referee.games.base import PlayerStatus
from referee.games.okinawa.state import OkinawaState, Win, sort_names

AWARD = 3
CAP = 10
SHOURI = 7


def award(state: OkinawaState, players: Mapping[str, PlayerStatus]) -> str:
    """Award 3 Stones to every active first-class player, then apply the cap; the summary."""
    awarded = sort_names(
        [p.name for p in players.values() if p.registered and p.active and p.first_class]
    )
    skipped = sort_names(
        [p.name for p in players.values() if p.registered and p.name not in awarded]
    )
    for name in awarded:
        state.meet(name)
        state.airborne[name] += AWARD
    text = (
        f"the week began: {AWARD} Stones awarded to each active first-class player "
        f"({', '.join(awarded)})"
        if awarded
        else "the week began: no active first-class player, so no Stones awarded"
    )
    if skipped:
        text += f"; none to {', '.join(skipped)} (not active, or not first-class)"
    lost = cap(state)
    return f"{text}{lost}"


def cap(state: OkinawaState) -> str:
    """Take every person down to 10 airborne Stones; the summary's tail, or ""."""
    over = {name: count - CAP for name, count in state.airborne.items() if count > CAP}
    for name in over:
        state.airborne[name] = CAP
    if not over:
        return ""
    return "; " + "; ".join(
        f"{name} lost {lost} airborne Stone{'s' if lost != 1 else ''} to the cap of {CAP}"
        for name, lost in sorted(over.items(), key=lambda item: item[0].casefold())
    )


@dataclass(frozen=True)
class Shouri:
    winner: str
    stones: int
    destroyed_on_grid: int
    destroyed_airborne: int


def stones_counted(state: OkinawaState, person: str, *, airborne: bool) -> int:
    return state.on_grid(person) + (state.airborne.get(person, 0) if airborne else 0)


def check_shouri(
    state: OkinawaState,
    players: Mapping[str, PlayerStatus],
    at: datetime,
    *,
    airborne: bool,
) -> Shouri | None:
    """If exactly one player has at least seven Stones in Okinawa, e wins and every Stone is
    destroyed (recorded in ``state.wins``); else nothing happens."""
    counts = {
        person: stones_counted(state, person, airborne=airborne)
        for person in state.persons()
        if person in players and players[person].registered
    }
    reaching = [person for person, count in counts.items() if count >= SHOURI]
    if len(reaching) != 1:
        return None
    (winner,) = reaching
    result = Shouri(winner, counts[winner], len(state.grid), sum(state.airborne.values()))
    state.grid.clear()
    for person in state.airborne:
        state.airborne[person] = 0
    state.wins.append(Win(at, winner, result.stones))
    return result


def shouri_text(result: Shouri, *, airborne: bool) -> str:
    where = "Stones (on the grid and airborne)" if airborne else "Stones in Okinawa"
    return (
        f"{result.winner} has {result.stones} {where} and no other player has seven: "
        f"{result.winner} satisfies the Victory Condition of Shouri, and all Stones are "
        f"destroyed ({result.destroyed_on_grid} on the grid, {result.destroyed_airborne} "
        "airborne)"
    )
