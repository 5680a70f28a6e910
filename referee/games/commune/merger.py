"""Mergers: which community acquires, who gains how many Accolades, and the merge itself.

Accolades use exact integer arithmetic: X = tiles x owned / total, rounded down, computed
as ``(tiles * owned) // total``; the text rounds X itself, not the share per investment.
A community with no investments at all (its investors ceased to participate) gives no
Accolades: nobody "had an investment in" it, so the division never arises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from referee.games.commune.state import CommuneState


@dataclass(frozen=True)
class Award:
    player: str
    community: int
    owned: int
    total: int
    tiles: int

    @property
    def accolades(self) -> int:
        return (self.tiles * self.owned) // self.total


@dataclass(frozen=True)
class MergerPlan:
    acquiring: int
    acquired: tuple[int, ...]
    sizes: dict[int, int]
    """Tiles of each involved community immediately before the merger."""
    tie: bool
    """Whether the acquiring community was chosen by the tie-break."""
    awards: tuple[Award, ...]


def plan_merger(
    state: CommuneState, involved: Iterable[int], *, placements_only: bool = False
) -> MergerPlan:
    """Work out a merger of ``involved`` communities without changing anything."""
    numbers = sorted(set(involved))
    sizes = {n: state.tile_count(n) for n in numbers}
    most = max(sizes.values())
    leaders = [n for n in numbers if sizes[n] == most]
    acquiring = min(
        leaders,
        key=lambda n: state.communities[n].last_gain(placements_only=placements_only),
    )
    acquired = tuple(n for n in numbers if n != acquiring)
    awards: list[Award] = []
    for number in acquired:
        holders = {
            p.name: p.investments.get(number, 0)
            for p in state.participants.values()
            if p.investments.get(number, 0) > 0
        }
        total = sum(holders.values())
        awards.extend(
            Award(name, number, owned, total, sizes[number])
            for name, owned in sorted(holders.items(), key=lambda item: item[0].casefold())
        )
    return MergerPlan(acquiring, acquired, sizes, len(leaders) > 1, tuple(awards))


def apply_merger(
    state: CommuneState, plan: MergerPlan, can_hold: Callable[[str], bool]
) -> list[Award]:
    """Move the tiles, grant the Accolades, destroy the acquired communities and every
    investment in them. Returns the awards actually granted (Clean-Up destroys the rest)."""
    granted: list[Award] = []
    for award in plan.awards:
        if award.accolades and can_hold(award.player):
            state.participants[award.player].accolades += award.accolades
            granted.append(award)
    acquired = set(plan.acquired)
    moved = False
    for location, owner in state.board.items():
        if owner in acquired:
            state.board[location] = plan.acquiring
            moved = True
    if moved:
        state.communities[plan.acquiring].gained_stamp = state.next_stamp()
    for number in plan.acquired:
        del state.communities[number]
        for holder in state.participants.values():
            holder.investments.pop(number, None)
    return granted
