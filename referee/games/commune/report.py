"""The Surveyor's weekly report: the playboard, the participants and all their assets,
the communities, open trade offers (the pipeline adds the period's history).

Each tile is drawn as its community's initial; an unnamed community is drawn as a lowercase
letter fixed by its number (#1 a, #2 b, ... skipping x, which marks an empty location),
a tile belonging to no community as ``#``.
"""

from __future__ import annotations

from typing import Any

from referee.clock import format_utc
from referee.games.commune.board import LETTERS, NUMBERS, SYMBOLS
from referee.games.commune.common import end_time, join_words, plural
from referee.games.commune.investments import investment_limit
from referee.games.commune.state import SIDES, CommuneState, Community
from referee.games.commune.trading import describe

EMPTY = "x"
NO_COMMUNITY = "#"
_PLACEHOLDERS = "abcdefghijklmnopqrstuvwyz"


def mark(community: Community) -> str:
    """The character that shows the community's tiles on the playboard."""
    if community.name is not None:
        return community.name[0].upper()
    return _PLACEHOLDERS[(community.number - 1) % len(_PLACEHOLDERS)]


def board_lines(state: CommuneState) -> list[str]:
    """The playboard drawn as the regulation's example draws it."""
    header = "   " + " ".join(LETTERS)
    rule = "  +" + "-" * (2 * len(LETTERS) - 1) + "+"
    lines = [header, rule]
    for y in NUMBERS:
        cells = []
        for x in LETTERS:
            location = x + y
            if location not in state.board:
                cells.append(EMPTY)
            else:
                owner = state.board[location]
                cells.append(NO_COMMUNITY if owner is None else mark(state.communities[owner]))
        lines.append(f" {y}|{' '.join(cells)}|{y}")
    lines += [rule, header]
    return lines


def _tokens(counts: dict[str, int]) -> str:
    """Every token by its Symbol, letters then digits as the Symbols are listed: "E, 3, 3"
    (each one written out, so the count of each is there to see)."""
    shown = [symbol for symbol in SYMBOLS for _ in range(counts.get(symbol, 0))]
    if not shown:
        return "none"
    return f"{', '.join(shown)} ({plural(len(shown), 'token')})"


def _investments(held: dict[int, int], labels: dict[int, str]) -> str:
    """ "2 in Cerulean, 1 in Indigo (3 in all)"; "none"."""
    parts = [f"{n} in {labels[c]}" for c, n in sorted(held.items()) if n]
    if not parts:
        return "none"
    total = f" ({sum(held.values())} in all)" if len(parts) > 1 else ""
    return ", ".join(parts) + total


_END_REASONS = {
    "end_time": "it had been 3 months since the tournament started",
    "end_half": "more than half of the tiles belonged to a single community",
}


def report_context(state: CommuneState) -> dict[str, Any]:
    communities = sorted(state.communities.values(), key=lambda c: c.number)
    labels = {c.number: c.label for c in communities}
    participants = []
    for p in sorted(state.participants.values(), key=lambda p: p.name.casefold()):
        participants.append(
            {
                "name": p.name,
                "tokens": _tokens(p.tokens),
                "constructors": {side: p.constructors.get(side) or "nothing" for side in SIDES},
                "investments": _investments(p.investments, labels),
                "investment_total": p.investment_total(),
                "accolades": p.accolades,
            }
        )
    return {
        "board": board_lines(state),
        "legend": [
            {
                "mark": mark(c),
                "label": c.label,
                "founder": c.founder,
                "tiles": state.tile_count(c.number),
                "number": c.number,
            }
            for c in communities
        ],
        "has_unowned_tiles": any(owner is None for owner in state.board.values()),
        "has_unnamed": any(c.name is None for c in communities),
        "participants": participants,
        "communities": [
            {
                "number": c.number,
                "name": c.name or "(unnamed)",
                "mark": mark(c),
                "founder": c.founder,
                "tiles": state.tile_count(c.number),
                "investments": sum(
                    p.investments.get(c.number, 0) for p in state.participants.values()
                ),
            }
            for c in communities
        ],
        "investment_limit": investment_limit(state),
        "tiles_placed": len(state.board),
        "offers": [
            {"number": o.number, "offerer": o.offerer, "text": describe(o)}
            for o in sorted(state.offers.values(), key=lambda o: o.number)
            if o.open
        ],
        "ended": state.over,
        "ended_at": state.ended_at,
        "started_at": state.started_at,
        "winners": join_words(list(state.winners)) if state.winners else "nobody",
        "winner_count": len(state.winners),
        "winning_accolades": (
            state.participants[state.winners[0]].accolades
            if state.winners and state.winners[0] in state.participants
            else None
        ),
        "end_reason": _END_REASONS.get(state.end_reason or "", state.end_reason),
        "ends_by": end_time(state),
        "ends_by_text": format_utc(end_time(state)),
    }
