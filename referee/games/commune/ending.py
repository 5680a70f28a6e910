"""The end of the tournament: a community holding more than half of the tiles, or 3 months
since the start; the winner is decided by Accolades immediately before the end."""

from __future__ import annotations

from datetime import datetime

from referee.clock import utc
from referee.games.commune.board import SIZE
from referee.games.commune.common import join_words, plural
from referee.games.commune.rulesets import HALF_OF_PLACED_TILES, TIED_PARTICIPANTS_WIN, Rules
from referee.games.commune.state import CommuneState


def majority_community(state: CommuneState, rules: Rules) -> int | None:
    """The community to which more than half of "the tiles" belong, if any.

    "The tiles" are the 100 locations of the playboard by default; with the option
    ``half_of_placed_tiles`` they are the tiles placed so far.
    """
    whole = len(state.board) if rules.on(HALF_OF_PLACED_TILES) else SIZE
    for number in sorted(state.communities):
        if 2 * state.tile_count(number) > whole:
            return number
    return None


def winners(state: CommuneState, rules: Rules) -> tuple[str, ...]:
    """The participant(s) with the greatest number of Accolades.

    A tie means nobody is "the participant with the greatest number", so nobody wins; with
    ``tied_participants_win`` every participant tied for the greatest number wins (each has
    a number nobody exceeds). No participants, no winner.
    """
    if not state.participants:
        return ()
    best = max(p.accolades for p in state.participants.values())
    tied = tuple(sorted(p.name for p in state.participants.values() if p.accolades == best))
    if len(tied) > 1 and not rules.on(TIED_PARTICIPANTS_WIN):
        return ()
    return tied


def end(state: CommuneState, rules: Rules, at: datetime, reason: str) -> str:
    """End the tournament now (``reason`` is the clause key); returns a public sentence."""
    state.winners = winners(state, rules)
    state.ended_at = utc(at)
    state.end_reason = reason
    if state.winners:
        best = state.participants[state.winners[0]].accolades
        won = f"{join_words(list(state.winners))} won with {plural(best, 'accolade')}"
    else:
        won = "nobody won"
    return f"the tournament ended and {won}"


def check_majority(state: CommuneState, rules: Rules, at: datetime) -> str | None:
    """End the tournament if a community now holds more than half of the tiles."""
    number = majority_community(state, rules)
    if number is None:
        return None
    community = state.communities[number]
    tiles = state.tile_count(number)
    whole = len(state.board) if rules.on(HALF_OF_PLACED_TILES) else SIZE
    text = end(state, rules, at, "end_half")
    return f"{community.label} holds {tiles} of the {whole} tiles, so {text}"
