"""The grid and the game's public tables as a picture.

Drawn from what the round announcements and the public view show, never more: the plays
and refused attempts of the round in progress are dropped before anything is read, so no
unrevealed square can reach a picture. Who has sent a play (not what) is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from referee.clock import format_utc
from referee.games.kit.palette import DISTINCT_FILLS
from referee.games.kit.picture import BoardPicture, Cell, StatePicture, Swatch, Table
from referee.games.scgo.grid import AT, board, sort_key
from referee.games.scgo.state import Phase, ScgoState

LETTER_FILLS = DISTINCT_FILLS
"""Twelve fills that stay apart for most readers, one per Letter in the order given."""
AT_FILL = "#3b3b3b"


def _public(state: ScgoState) -> ScgoState:
    """The state without the round's secrets."""
    return replace(state, plays=[], attempts=[])


def board_picture(state: ScgoState, game: str) -> BoardPicture:
    shown = _public(state)
    grid = board(shown.n)
    by_letter = sorted(shown.letters.items(), key=lambda item: item[1])
    legend: dict[str, Swatch] = {}
    for index, (player, letter) in enumerate(by_letter):
        status = "" if player in shown.remaining else " (doomed)"
        legend[letter] = Swatch(
            letter, LETTER_FILLS[index % len(LETTER_FILLS)], f"{letter} {player}{status}"
        )
    legend[AT] = Swatch(AT, AT_FILL, f"{AT}: a collision or a doomed Letter")
    cells: dict[Cell, str] = {}
    for square, held in shown.grid.items():
        cell = grid.parse(square)
        if cell is not None:
            cells[cell] = held if held in legend else AT
    return BoardPicture(
        title=f"{game}: the Single-Capture Go grid",
        description=f"The {shown.n} x {shown.n} grid of {game} after round "
        f"{_resolved_rounds(shown)}, rows lettered from the top and columns numbered "
        "from the left",
        columns=grid.columns.labels,
        rows=grid.rows.labels,
        legend=legend,
        cells=cells,
        empty="an unoccupied square",
        row_first=True,
    )


def _resolved_rounds(state: ScgoState) -> int:
    return len(state.history)


def state_picture(state: ScgoState, game: str) -> StatePicture:
    sent = {play.player for play in state.plays}  # names only: the squares stay secret
    shown = _public(state)
    if shown.phase is Phase.WAITING:
        agreed = ", ".join(shown.agreed) or "nobody yet"
        return StatePicture(
            board=None, facts=(f"The game has not begun. Players who agreed to play: {agreed}.",)
        )
    on_grid = dict.fromkeys(shown.letters.values(), 0)
    for held in shown.grid.values():
        if held in on_grid:
            on_grid[held] += 1
    players = Table(
        "Players",
        ("Letter", "Name", "Standing", "Letters on the grid", "Play this round"),
        tuple(
            (
                letter,
                player,
                "remaining" if player in shown.remaining else "doomed",
                str(on_grid[letter]),
                ("received" if player in sent else "none yet")
                if shown.phase is Phase.PLAYING and player in shown.remaining
                else "-",
            )
            for player, letter in sorted(shown.letters.items(), key=lambda item: item[1])
        ),
    )
    rounds = Table(
        "Rounds resolved",
        ("Round", "Ended", "Squares placed", "Doomed"),
        tuple(
            (
                str(record.number),
                format_utc(record.deadline),
                _placed(record.placed) or "none",
                ", ".join(f"{shown.letters[p]} {p}" for p in record.doomed) or "nobody",
            )
            for record in shown.history
        ),
    )
    facts: list[str] = []
    if shown.phase is Phase.OVER:
        winners = ", ".join(f"{shown.letters[p]} {p}" for p in shown.winners) or "nobody"
        ended = format_utc(shown.ended) if shown.ended else "-"
        facts.append(f"The game ended {ended}. Winner: {winners}.")
    elif shown.round_started is not None and shown.deadline is not None:
        facts.append(
            f"Round {shown.round} began {format_utc(shown.round_started)} and ends "
            f"{format_utc(shown.deadline)}. Plays are secret until then."
        )
    return StatePicture(
        board=board_picture(state, game), tables=(players, rounds), facts=tuple(facts)
    )


def _placed(placed: Mapping[str, str]) -> str:
    """``"a1 A, b2 @"``: the squares a round filled, in grid order."""
    return ", ".join(f"{square} {placed[square]}" for square in sorted(placed, key=sort_key))
