"""Whether a play may be accepted, and if not why: one function both for refusing a play
and, afterwards, for noting the refusal as an attempt in the round's summary.

The checks read the state and change nothing, so asking twice (once to refuse, once, on
the restored state, to note the attempt) gives the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from referee.clock import format_utc, utc
from referee.games.base import Context, Route, RuleCitation
from referee.games.scgo import quotes
from referee.games.scgo import rulesets as rules
from referee.games.scgo.actions import PlaySquare
from referee.games.scgo.grid import AT, on_grid
from referee.games.scgo.state import AttemptKind, Phase, ScgoState


@dataclass(frozen=True)
class PlayRules:
    """The ruleset options that decide what a play may be."""

    move_proof: rules.MoveProof
    at_squares_playable: bool


@dataclass(frozen=True)
class Refusal:
    """Why a play is refused: the sentence for the player, the rule, and what kind of
    attempt it was (None when it is no attempt in the round in progress)."""

    reason: str
    rule: RuleCitation | None
    attempt: AttemptKind | None


def _credentials(context: Context, options: PlayRules) -> Refusal | None:
    if context.route is Route.PUBLIC or context.published:
        return Refusal(
            "This is not a play: the rules say each player privately mails the referee eir "
            "play, and this message was public. Mail your play to the referee privately.",
            quotes.PRIVATE_PLAY,
            AttemptKind.PUBLIC,
        )
    if context.route is Route.OFFICER:
        return None
    proofs = context.credentials
    kind: AttemptKind | None = None
    if "address" not in proofs:
        kind = AttemptKind.NOT_FROM_ADDRESS
    elif not options.move_proof.satisfied_by(proofs):
        kind = AttemptKind.MISSING_PROOF
    if kind is None:
        return None
    # One wording for every case, whatever the player has or has not sent before: the
    # answer goes to the address in From, which may be someone else's forgery.
    return Refusal(
        f"The referee cannot accept this as a play: a play must {options.move_proof.wording}. "
        "Nothing about any other play is implied by this answer.",
        quotes.PRIVATE_PLAY,
        kind,
    )


def _membership(state: ScgoState, actor: str) -> Refusal | None:
    if state.phase is Phase.WAITING:
        return Refusal("The game has not begun yet.", quotes.STARTING, None)
    if state.phase is Phase.OVER:
        return Refusal("The game is over.", quotes.REMOVED, None)
    if actor not in state.remaining:
        if actor in state.letters:
            return Refusal(f"{actor} is no longer in the game.", quotes.REMOVED, None)
        return Refusal(f"{actor} is not playing this game.", quotes.STARTING, None)
    return None


def _timing(state: ScgoState, action: PlaySquare, at: datetime) -> Refusal | None:
    assert state.deadline is not None and state.round_started is not None
    if at >= state.deadline:  # the tick has not been applied yet: only in odd replays
        return Refusal(
            f"Round {state.round} ended {format_utc(state.deadline)}; send your play again "
            "once the next round is announced.",
            quotes.ROUND_LASTS,
            None,
        )
    if at < state.round_started:
        return Refusal(
            f"This play was sent {format_utc(at)}, before round {state.round} began "
            f"({format_utc(state.round_started)}), and the round it was sent in is over.",
            quotes.PRIVATE_PLAY,
            None,
        )
    if action.round is not None and action.round != state.round:
        return Refusal(
            f"This play names round {action.round}, but round {state.round} is in progress "
            f"(it ends {format_utc(state.deadline)}).",
            quotes.PRIVATE_PLAY,
            AttemptKind.WRONG_ROUND,
        )
    return None


def _square(state: ScgoState, square: str, options: PlayRules) -> Refusal | None:
    if not on_grid(square, state.n):
        return Refusal(
            f"{square} is not on the {state.n} x {state.n} grid.",
            quotes.UNOCCUPIED,
            AttemptKind.OFF_GRID,
        )
    held = state.grid.get(square)
    if held is not None and held != AT:
        return Refusal(
            f"{square} holds the Letter {held}; a play must name a square not occupied by a "
            "Letter at the beginning of the round.",
            quotes.UNOCCUPIED,
            AttemptKind.OCCUPIED,
        )
    if held == AT and not options.at_squares_playable:
        return Refusal(
            f"{square} holds @; under this ruleset a square holding @ cannot be played.",
            quotes.UNOCCUPIED,
            AttemptKind.AT_SQUARE,
        )
    return None


def check_play(
    state: ScgoState, action: PlaySquare, context: Context, actor: str, options: PlayRules
) -> Refusal | None:
    """None when the play is valid; otherwise the first rule it breaks, in this order:
    how it was sent, whether its author is in the game, when, and the square."""
    return (
        _credentials(context, options)
        or _membership(state, actor)
        or _timing(state, action, utc(context.at))
        or _square(state, action.square, options)
    )


def is_attempt_in_round(state: ScgoState, actor: str, at: datetime) -> bool:
    """Whether a play by ``actor`` at ``at`` was made "in the last round" by one of its
    players: the round in progress, and ``actor`` still in it."""
    return (
        state.phase is Phase.PLAYING
        and actor in state.remaining
        and state.round_started is not None
        and state.deadline is not None
        and state.round_started <= utc(at) < state.deadline
    )
