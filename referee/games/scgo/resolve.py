"""The end of a round: steps 1 to 6 of the rule, as one pure function.

``resolve`` reads the grid, the players remaining and the round's plays and returns the new
grid and a :class:`RoundRecord` of what happened; it changes nothing itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from referee.games.scgo.grid import AT, GroupDefinition, groups_without_liberty, sort_key
from referee.games.scgo.rulesets import Tie
from referee.games.scgo.state import Attempt, Play, RoundRecord, current_plays


@dataclass(frozen=True)
class RoundInput:
    number: int
    started: datetime
    deadline: datetime
    n: int
    grid: Mapping[str, str]
    letters: Mapping[str, str]
    remaining: Sequence[str]
    plays: Sequence[Play]
    attempts: Sequence[Attempt] = ()  # refused plays: only reported, they change nothing


def resolve(
    game: RoundInput, definition: GroupDefinition, tie: Tie
) -> tuple[dict[str, str], RoundRecord]:
    """Apply steps 1-6 to one round; returns the grid afterwards and the round's record."""
    remaining = list(game.remaining)
    counted = {p: play for p, play in current_plays(tuple(game.plays)).items() if p in remaining}
    grid = dict(game.grid)

    by_square: dict[str, list[str]] = {}
    for player in remaining:  # Letter order, so collisions list players in that order
        if player in counted:
            by_square.setdefault(counted[player].square, []).append(player)
    placed: dict[str, str] = {}
    collisions: dict[str, tuple[str, ...]] = {}
    for square in sorted(by_square, key=sort_key):
        players = by_square[square]
        if len(players) == 1:  # step 1
            placed[square] = grid[square] = game.letters[players[0]]
        else:  # step 2: they are still counted as having moved
            grid[square] = AT
            collisions[square] = tuple(players)

    # step 3
    airless = {
        player: tuple(
            tuple(group)
            for group in groups_without_liberty(game.letters[player], grid, game.n, definition)
        )
        for player in remaining
    }
    airless = {player: groups for player, groups in airless.items() if groups}
    idle = tuple(p for p in remaining if p not in counted)
    doomed = tuple(p for p in remaining if p in airless or p in idle)

    counts = {p: sum(1 for held in grid.values() if held == game.letters[p]) for p in remaining}

    # step 4
    doomed_letters = {game.letters[p] for p in doomed}
    for square, held in list(grid.items()):
        if held in doomed_letters:
            grid[square] = AT

    # step 5
    survivors = tuple(p for p in remaining if p not in doomed)
    winners: tuple[str, ...] = ()
    if len(survivors) == 1:
        winners = survivors
    elif not survivors and doomed:
        most = max(counts[p] for p in doomed)
        leaders = tuple(p for p in doomed if counts[p] == most)
        if len(leaders) == 1 or tie is Tie.ALL_TIED_WIN:
            winners = leaders

    # step 6: the caller removes the doomed (``remaining`` below) and ends or goes on
    record = RoundRecord(
        number=game.number,
        started=game.started,
        deadline=game.deadline,
        plays=tuple(game.plays),
        placed=placed,
        collisions=collisions,
        idle=idle,
        airless=airless,
        doomed=doomed,
        counts=counts,
        winners=winners,
        remaining=survivors,
        attempts=tuple(game.attempts),
    )
    return grid, record
