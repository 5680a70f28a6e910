"""The state of one game of Single-Capture Go, and its canonical JSON form.

The state is mutable; the plug-in validates an action completely before it changes
anything, so a rejected action leaves the state as it was. Plays of the current round, and
the refused attempts of the round, are secret until the round is resolved:
:func:`public_data` leaves them out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from referee.games.base import JsonData
from referee.games.kit.codecs import dump_optional_time, load_optional_time, load_time


class Phase(StrEnum):
    WAITING = "waiting"  # players may agree; the referee has not announced the beginning
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True)
class Play:
    """A valid play received by the referee (a later one of the same player replaces it)."""

    player: str
    square: str
    at: datetime
    message_key: str | None = None


class AttemptKind(StrEnum):
    """Why a player's attempted play was refused (the round's summary lists these)."""

    PUBLIC = "public"  # posted to the list instead of mailed privately
    NOT_FROM_ADDRESS = "not-from-address"  # not sent from the player's registered address
    MISSING_PROOF = "missing-proof"  # without the passphrase or DKIM signature required
    WRONG_ROUND = "wrong-round"  # named a round other than the one in progress
    OFF_GRID = "off-grid"
    OCCUPIED = "occupied"  # the square held a Letter at the beginning of the round
    AT_SQUARE = "at-square"  # the square held @ and the ruleset makes such squares unplayable


@dataclass(frozen=True)
class Attempt:
    """A play refused during the round, kept for the summary "of the moves ... attempted"."""

    player: str
    square: str
    at: datetime
    kind: AttemptKind
    named_round: int | None = None
    message_key: str | None = None


@dataclass(frozen=True)
class RoundRecord:
    """What happened in one resolved round: revealed in the next announcement."""

    number: int
    started: datetime
    deadline: datetime
    plays: tuple[Play, ...]  # every valid play received, replaced ones included, in order
    placed: Mapping[str, str]  # square -> Letter (step 1)
    collisions: Mapping[str, tuple[str, ...]]  # square -> players who played it (step 2)
    idle: tuple[str, ...]  # players who did not play (step 3)
    airless: Mapping[str, tuple[tuple[str, ...], ...]]  # player -> Groups without Liberty
    doomed: tuple[str, ...]  # in Letter order
    counts: Mapping[str, int]  # player -> Letters on the grid before step 4
    winners: tuple[str, ...]  # step 5
    remaining: tuple[str, ...]  # after step 6
    attempts: tuple[Attempt, ...] = ()  # refused plays of the round, in the order received


@dataclass
class ScgoState:
    phase: Phase = Phase.WAITING
    agreed: list[str] = field(default_factory=list)
    referee: str | None = None
    began: datetime | None = None
    n: int = 0
    letters: dict[str, str] = field(default_factory=dict)  # player -> Letter, all who began
    remaining: list[str] = field(default_factory=list)  # in Letter order
    grid: dict[str, str] = field(default_factory=dict)  # occupied squares only
    round: int = 0
    round_started: datetime | None = None
    deadline: datetime | None = None
    plays: list[Play] = field(default_factory=list)  # this round, secret
    attempts: list[Attempt] = field(default_factory=list)  # this round's refusals, secret
    history: list[RoundRecord] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    ended: datetime | None = None

    def letter_of(self, player: str) -> str:
        return self.letters[player]

    def labelled(self, player: str) -> str:
        """``"A nix"``: the Letter and the name, as announcements show a player."""
        return f"{self.letters[player]} {player}"


def current_plays(plays: list[Play] | tuple[Play, ...]) -> dict[str, Play]:
    """Each player's play that counts: the latest sent (II: "only the latter one shall count")."""
    latest: dict[str, Play] = {}
    for play in plays:
        held = latest.get(play.player)
        if held is None or play.at >= held.at:
            latest[play.player] = play
    return latest


def _play_data(play: Play) -> JsonData:
    return {
        "at": dump_optional_time(play.at),
        "message_key": play.message_key,
        "player": play.player,
        "square": play.square,
    }


def _load_play(data: Mapping[str, Any]) -> Play:
    return Play(data["player"], data["square"], load_time(data["at"]), data["message_key"])


def _attempt_data(attempt: Attempt) -> JsonData:
    return {
        "at": dump_optional_time(attempt.at),
        "kind": attempt.kind.value,
        "message_key": attempt.message_key,
        "named_round": attempt.named_round,
        "player": attempt.player,
        "square": attempt.square,
    }


def _load_attempt(data: Mapping[str, Any]) -> Attempt:
    return Attempt(
        player=data["player"],
        square=data["square"],
        at=load_time(data["at"]),
        kind=AttemptKind(data["kind"]),
        named_round=data["named_round"],
        message_key=data["message_key"],
    )


def _load_attempts(data: Mapping[str, Any]) -> list[Attempt]:
    # States stored before attempts were recorded have none.
    return [_load_attempt(a) for a in data.get("attempts", [])]


def _record_data(record: RoundRecord) -> JsonData:
    return {
        "airless": {p: [list(g) for g in gs] for p, gs in sorted(record.airless.items())},
        "attempts": [_attempt_data(a) for a in record.attempts],
        "collisions": {s: list(ps) for s, ps in sorted(record.collisions.items())},
        "counts": dict(sorted(record.counts.items())),
        "deadline": dump_optional_time(record.deadline),
        "doomed": list(record.doomed),
        "idle": list(record.idle),
        "number": record.number,
        "placed": dict(sorted(record.placed.items())),
        "plays": [_play_data(p) for p in record.plays],
        "remaining": list(record.remaining),
        "started": dump_optional_time(record.started),
        "winners": list(record.winners),
    }


def _load_record(data: Mapping[str, Any]) -> RoundRecord:
    return RoundRecord(
        number=data["number"],
        started=load_time(data["started"]),
        deadline=load_time(data["deadline"]),
        plays=tuple(_load_play(p) for p in data["plays"]),
        placed=dict(data["placed"]),
        collisions={s: tuple(ps) for s, ps in data["collisions"].items()},
        idle=tuple(data["idle"]),
        airless={p: tuple(tuple(g) for g in gs) for p, gs in data["airless"].items()},
        doomed=tuple(data["doomed"]),
        counts=dict(data["counts"]),
        winners=tuple(data["winners"]),
        remaining=tuple(data["remaining"]),
        attempts=tuple(_load_attempts(data)),
    )


def public_data(state: ScgoState) -> JsonData:
    """Everything but the secret plays and refused attempts of the round in progress."""
    return {
        "agreed": list(state.agreed),
        "began": dump_optional_time(state.began),
        "deadline": dump_optional_time(state.deadline),
        "ended": dump_optional_time(state.ended),
        "grid": dict(sorted(state.grid.items())),
        "history": [_record_data(r) for r in state.history],
        "letters": dict(sorted(state.letters.items())),
        "n": state.n,
        "phase": state.phase.value,
        "referee": state.referee,
        "remaining": list(state.remaining),
        "round": state.round,
        "round_started": dump_optional_time(state.round_started),
        "winners": list(state.winners),
    }


def dump_state(state: ScgoState) -> JsonData:
    data = public_data(state)
    data["plays"] = [_play_data(p) for p in state.plays]
    data["attempts"] = [_attempt_data(a) for a in state.attempts]
    return data


def load_state(data: Mapping[str, Any]) -> ScgoState:
    return ScgoState(
        phase=Phase(data["phase"]),
        agreed=list(data["agreed"]),
        referee=data["referee"],
        began=load_optional_time(data["began"]),
        n=data["n"],
        letters=dict(data["letters"]),
        remaining=list(data["remaining"]),
        grid=dict(data["grid"]),
        round=data["round"],
        round_started=load_optional_time(data["round_started"]),
        deadline=load_optional_time(data["deadline"]),
        plays=[_load_play(p) for p in data["plays"]],
        attempts=_load_attempts(data),
        history=[_load_record(r) for r in data["history"]],
        winners=list(data["winners"]),
        ended=load_optional_time(data["ended"]),
    )
