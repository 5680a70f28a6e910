"""Ripe and mature (rule 2124), with the instant each changes and why.

Every window "in the past D" is the half-open interval (now - D, now]: an intent tabled
exactly 14 days ago is no longer "tabled within the past 14 days", and an objection
withdrawn exactly 24 hours ago no longer blocks. That is also when the referee's expiry
tick runs, so a message stamped at that instant sees the intent expired (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from referee.clock import format_utc, utc
from referee.games.base import IllegalAction, RuleCitation
from referee.games.tabled import quotes
from referee.games.tabled.intents import Act, Intent
from referee.games.tabled.parameters import TabledParameters

ConditionJudge = Callable[[str], bool | None]
"""Whether an intent's conditions are met: True, False, or None when the referee cannot
tell (the game knows nothing that settles them)."""


@dataclass(frozen=True)
class Refusal:
    reason: str
    rule: RuleCitation

    def raise_(self) -> None:
        raise IllegalAction(self.reason, self.rule)


def expires_at(intent: Intent, params: TabledParameters) -> datetime:
    """The instant the intent stops being "tabled within the past 14 days"."""
    return utc(intent.tabled_at) + params.ripe


def _speaker_objections(intent: Intent, params: TabledParameters) -> list[datetime]:
    if params.speaker is None or not params.speaker_window:
        return []
    speaker = params.speaker.casefold()
    return [
        r.at for r in intent.responses if r.act is Act.OBJECT and r.person.casefold() == speaker
    ]


def not_ripe(
    intent: Intent, at: datetime, params: TabledParameters, judge: ConditionJudge | None = None
) -> Refusal | None:
    """Why the intent is not ripe at ``at``, or None if it is."""
    at = utc(at)
    if at >= expires_at(intent, params):
        return Refusal(
            f"intent {intent.number} expired on {format_utc(expires_at(intent, params))}: it was "
            f"tabled on {format_utc(intent.tabled_at)}, and an intent is ripe only within "
            f"{params.ripe.days} days of being tabled",
            quotes.RIPE,
        )
    for objected in _speaker_objections(intent, params):
        if at - utc(objected) < params.speaker_window:
            hours = int(params.speaker_window.total_seconds() // 3600)
            return Refusal(
                f"the Speaker ({params.speaker}) objected to intent {intent.number} on "
                f"{format_utc(objected)}, within the past {hours} hours; it is not ripe "
                f"before {format_utc(utc(objected) + params.speaker_window)}",
                quotes.RIPE,
            )
    if intent.conditions:
        verdict = None if judge is None else judge(intent.conditions)
        if verdict is None:
            return Refusal(
                f"intent {intent.number} is conditional ({intent.conditions!r}) and the referee "
                "cannot tell whether that is clearly and unambiguously met; only an intent "
                "whose conditions are clearly met is ripe",
                quotes.RIPE,
            )
        if not verdict:
            return Refusal(
                f"the condition of intent {intent.number} ({intent.conditions!r}) is not met",
                quotes.RIPE,
            )
    return None


def matures_at(intent: Intent, params: TabledParameters) -> datetime:
    """The earliest instant the intent is mature, as far as is known now."""
    mature = utc(intent.tabled_at) + params.mature
    for withdrawn in intent.times(Act.WITHDRAW_OBJECTION):
        mature = max(mature, utc(withdrawn) + params.objection_withdrawal)
    return mature


def not_mature(intent: Intent, at: datetime, params: TabledParameters) -> Refusal | None:
    """Why the intent is not mature at ``at``, or None if it is."""
    at = utc(at)
    ready = utc(intent.tabled_at) + params.mature
    if at < ready:
        return Refusal(
            f"too early: intent {intent.number} was tabled on {format_utc(intent.tabled_at)} "
            f"and is mature only {params.mature.days} days later, from {format_utc(ready)}",
            quotes.MATURE,
        )
    for response in intent.withdrawn_objections():
        until = utc(response.at) + params.objection_withdrawal
        if at < until:
            hours = int(params.objection_withdrawal.total_seconds() // 3600)
            return Refusal(
                f"too early: {response.person} withdrew an objection to intent {intent.number} "
                f"on {format_utc(response.at)}, within the past {hours} hours; it is mature "
                f"again from {format_utc(until)}",
                quotes.MATURE,
            )
    return None
