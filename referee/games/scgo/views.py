"""What announcements, acknowledgements and ``referee state`` show: plain data and text.

Everything here is built from public data only, except :func:`move_ack_context` (for the
mover alone) and the ``reveal_secrets`` part of :func:`state_text`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from referee.clock import format_utc
from referee.games.scgo.grid import AT, picture
from referee.games.scgo.state import (
    Attempt,
    AttemptKind,
    Phase,
    RoundRecord,
    ScgoState,
    current_plays,
)

# What became of each kind of refused attempt, as the round's summary says it.
_ATTEMPT_WORDS = {
    AttemptKind.PUBLIC: "posted to the list, not mailed privately",
    AttemptKind.NOT_FROM_ADDRESS: "in eir name, not from eir registered address",
    AttemptKind.MISSING_PROOF: "in eir name, without the passphrase or DKIM signature required",
    AttemptKind.WRONG_ROUND: "named round {round}",
    AttemptKind.OFF_GRID: "not on the grid",
    AttemptKind.OCCUPIED: "occupied by a Letter",
    AttemptKind.AT_SQUARE: "held @, which this ruleset makes unplayable",
}


def _by_letter(state: ScgoState, players: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(players, key=lambda p: state.letters[p])


def players_list(state: ScgoState, players: list[str] | tuple[str, ...]) -> list[dict[str, str]]:
    return [{"letter": state.letters[p], "name": p} for p in _by_letter(state, players)]


def move_lines(state: ScgoState, record: RoundRecord) -> list[str]:
    """One line per player of the round: what e sent and what became of it."""
    counted = current_plays(record.plays)
    lines: list[str] = []
    for player in _by_letter(state, list(record.counts)):
        who = state.labelled(player)
        sent = [play for play in record.plays if play.player == player]
        if player not in counted:
            lines.append(f"{who}: no play")
            continue
        square = counted[player].square
        if square in record.collisions:
            others = [state.labelled(p) for p in record.collisions[square] if p != player]
            effect = f"also played by {', '.join(others)}: {AT} placed"
        else:
            effect = f"{state.letters[player]} placed"
        line = f"{who}: played {square} ({effect})"
        replaced = [play.square for play in sent if play is not counted[player]]
        if replaced:
            line += f"; earlier plays replaced: {', '.join(replaced)}"
        lines.append(line)
    return lines


def attempt_text(attempt: Attempt) -> str:
    """``"b1 (posted to the list, not mailed privately)"``: a refused attempt and why."""
    words = _ATTEMPT_WORDS[attempt.kind].format(round=attempt.named_round)
    return f"{attempt.square} ({words})"


def attempt_lines(state: ScgoState, record: RoundRecord) -> list[str]:
    """One line per refused attempt of the round, in the order they were received."""
    return [f"{state.labelled(a.player)}: {attempt_text(a)}" for a in record.attempts]


def doom_lines(state: ScgoState, record: RoundRecord) -> list[str]:
    lines: list[str] = []
    for player in _by_letter(state, record.doomed):
        reasons: list[str] = []
        if player in record.idle:
            reasons.append("did not play")
        for group in record.airless.get(player, ()):
            reasons.append(f"Group {', '.join(group)} has no Liberty")
        lines.append(f"{state.labelled(player)}: {'; '.join(reasons)}")
    return lines


def result_lines(state: ScgoState, record: RoundRecord) -> list[str]:
    lines: list[str] = []
    if not record.remaining and record.doomed:
        # One player a line: twelve counts on one line would not fit a fixed-width report.
        lines.append("Every player is doomed. Letters on the grid before they became @:")
        lines.extend(
            f"  {state.labelled(p)}: {record.counts[p]}" for p in _by_letter(state, record.doomed)
        )
        if not record.winners:
            lines.append("Several players had the most Letters: nobody wins.")
    if record.winners:
        names = " and ".join(state.labelled(p) for p in record.winners)
        lines.append(f"{names} {'wins' if len(record.winners) == 1 else 'win'} the game.")
    return lines


def record_context(state: ScgoState, record: RoundRecord) -> dict[str, Any]:
    return {
        "number": record.number,
        "deadline": record.deadline,
        "moves": move_lines(state, record),
        "attempts": attempt_lines(state, record),
        "doomed": doom_lines(state, record),
        "result": result_lines(state, record),
    }


def round_context(state: ScgoState, game: str) -> dict[str, Any]:
    """The context of ``templates/scgo/round``: the round that has just begun."""
    previous = record_context(state, state.history[-1]) if state.history else None
    return {
        "game": game,
        "round": state.round,
        "started": state.round_started,
        "deadline": state.deadline,
        "n": state.n,
        "grid": picture(state.grid, state.n),
        "players": players_list(state, state.remaining),
        "previous": previous,
    }


def result_context(state: ScgoState, game: str) -> dict[str, Any]:
    """The context of ``templates/scgo/result``: the game has ended."""
    return {
        "game": game,
        "ended": state.ended,
        "n": state.n,
        "grid": picture(state.grid, state.n),
        "winners": players_list(state, state.winners),
        "previous": record_context(state, state.history[-1]),
    }


def move_ack_context(
    state: ScgoState, game: str, player: str, square: str, replaced: str | None
) -> dict[str, Any]:
    return {
        "game": game,
        "player": player,
        "letter": state.letters[player],
        "round": state.round,
        "square": square,
        "replaced": replaced,
        "deadline": state.deadline,
    }


def _when(moment: datetime | None) -> str:
    return "-" if moment is None else format_utc(moment)


def state_text(state: ScgoState, game: str, *, reveal_secrets: bool) -> str:
    """``referee state``: a fixed-width picture of the game."""
    lines = [f"Single-Capture Go: {game} ({state.phase.value})"]
    if state.phase is Phase.WAITING:
        lines.append(f"Players who agreed to play: {', '.join(state.agreed) or 'none'}")
        return "\n".join(lines) + "\n"
    lines.append(f"Grid {state.n} x {state.n}:")
    lines.extend(picture(state.grid, state.n))
    everyone = _by_letter(state, list(state.letters))
    lines.append("Letters: " + ", ".join(state.labelled(p) for p in everyone))
    remaining = ", ".join(state.labelled(p) for p in _by_letter(state, state.remaining))
    lines.append(f"Players remaining: {remaining or 'none'}")
    if state.phase is Phase.OVER:
        winners = ", ".join(state.labelled(p) for p in state.winners) or "nobody"
        lines.append(f"The game ended {_when(state.ended)}; winner: {winners}")
        return "\n".join(lines) + "\n"
    lines.append(
        f"Round {state.round} began {_when(state.round_started)}, ends {_when(state.deadline)}"
    )
    senders = sorted({play.player for play in state.plays}, key=lambda p: state.letters[p])
    lines.append("Plays received from: " + (", ".join(senders) or "nobody yet"))
    if reveal_secrets:
        lines.append("Plays (secret):")
        for play in state.plays:
            lines.append(f"  {play.player} {play.square} at {_when(play.at)}")
        if state.attempts:
            lines.append("Attempts refused (secret):")
            for attempt in state.attempts:
                lines.append(f"  {attempt.player} {attempt_text(attempt)} at {_when(attempt.at)}")
    return "\n".join(lines) + "\n"
