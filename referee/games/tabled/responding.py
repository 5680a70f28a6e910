"""Tabling an intent, and the responses to it: support, objection, and their withdrawal.

Each function checks everything before it changes anything and raises
:class:`~referee.games.base.IllegalAction` quoting rule 1728 or 2124 (or the option that
decided) when the action is not possible.
"""

from __future__ import annotations

from datetime import datetime
from typing import NoReturn

from referee.clock import format_utc, utc
from referee.games.base import IllegalAction, JsonData
from referee.games.tabled import quotes
from referee.games.tabled.electorate import Electorate
from referee.games.tabled.intents import Act, Closed, Intent, IntentBook, Response, Settled
from referee.games.tabled.methods import Method
from referee.games.tabled.parameters import (
    SPONSOR_SUPPORT_COUNTS,
    WITHDRAWAL_ENDS_INTENT,
    TabledParameters,
)


def table(
    book: IntentBook,
    *,
    sponsor: str,
    text: str,
    action: JsonData,
    methods: tuple[Method, ...],
    at: datetime,
    params: TabledParameters,
    conditions: str | None = None,
    office: str | None = None,
    message: str | None = None,
) -> Intent:
    """Record a new intent under the next number (rule 1728)."""
    if not methods:
        raise IllegalAction(
            f'an intent must name its method, e.g. "I intend, with support, to {text}"',
            quotes.TABLING,
        )
    intent = Intent(
        number=book.next_number,
        sponsor=sponsor,
        text=text,
        action=action,
        methods=methods,
        tabled_at=at,
        conditions=conditions,
        office=office,
        message=message,
    )
    if params.sponsor_support_counts:
        intent.responses.append(Response(sponsor, Act.SUPPORT, at, message))
    return book.add(intent)


def ensure_open(intent: Intent) -> None:
    """Responses and performance need an intent that has not been closed."""
    if intent.closed is None:
        return
    assert intent.closed_at is not None
    refuse_closed(intent.number, Settled(intent.closed, intent.closed_at, intent.closed_by))


def refuse_closed(number: int, settled: Settled) -> NoReturn:
    """Refuse any response to, or performance of, a closed intent, saying what closed it."""
    when = format_utc(settled.at)
    if settled.closed is Closed.WITHDRAWN:
        raise IllegalAction(
            f"intent {number} was withdrawn by {settled.by} on {when}",
            quotes.option_rule(
                WITHDRAWAL_ENDS_INTENT, "a sponsor's withdrawal of eir intent ends it for everyone"
            ),
        )
    if settled.closed is Closed.PERFORMED:
        raise IllegalAction(
            f"intent {number} was already performed by {settled.by} on {when}",
            quotes.option_rule(
                "tabled_single_use", "an intent is used up when its action is performed"
            ),
        )
    raise IllegalAction(
        f"intent {number} expired on {when}: an intent is ripe only for a limited time "
        "after it is tabled",
        quotes.RIPE,
    )


def ensure_live(intent: Intent, at: datetime, params: TabledParameters) -> None:
    """Open, and still within its ripeness window: an intent past it can no longer come to
    anything, so a response to it is refused (the expiry tick closes it at that instant)."""
    ensure_open(intent)
    expiry = utc(intent.tabled_at) + params.ripe
    if utc(at) >= expiry:
        raise IllegalAction(
            f"intent {intent.number} expired on {format_utc(expiry)}: an intent is ripe only "
            f"within {params.ripe.days} days of being tabled",
            quotes.RIPE,
        )


def _eligible(intent: Intent, person: str, electorate: Electorate, verb: str) -> None:
    if electorate.can_respond(person):
        return
    if person in electorate:  # one whose support would count, but not a player now
        named = (
            f"; e is one of {electorate.description}, but cannot {verb} intent {intent.number}"
            if electorate.rule is not None
            else ""
        )
        raise IllegalAction(
            f"{person} is not a player, and only a player can {verb} an intent{named}",
            quotes.WHO_RESPONDS,
        )
    raise IllegalAction(
        f"only {electorate.description} can {verb} intent {intent.number} "
        f"({intent.sponsor}'s intent to {intent.text}); {person} is not one of them",
        electorate.rule or quotes.LIMITING,
    )


def support(
    intent: Intent,
    person: str,
    at: datetime,
    electorate: Electorate,
    params: TabledParameters,
    message: str | None = None,
) -> None:
    """``person`` becomes a supporter: "unless e tabled or previously supported it"."""
    ensure_live(intent, at, params)
    if person == intent.sponsor:
        if params.sponsor_support_counts:
            raise IllegalAction(
                f"{person} already supports intent {intent.number}: tabling it made em a supporter",
                quotes.option_rule(
                    SPONSOR_SUPPORT_COUNTS, "tabling an intent also makes its sponsor a supporter"
                ),
            )
        raise IllegalAction(
            f"{person} tabled intent {intent.number}, so e cannot support it", quotes.SUPPORTING
        )
    _eligible(intent, person, electorate, "support")
    if person in intent.supporters():
        raise IllegalAction(f"{person} already supports intent {intent.number}", quotes.SUPPORTING)
    if intent.ever(person, Act.SUPPORT) and not params.support_again:
        raise IllegalAction(
            f"{person} supported intent {intent.number} before and withdrew that support; "
            "e cannot support it again",
            quotes.SUPPORTING,
        )
    intent.responses.append(Response(person, Act.SUPPORT, at, message))


def object_to(
    intent: Intent,
    person: str,
    at: datetime,
    electorate: Electorate,
    params: TabledParameters,
    message: str | None = None,
) -> None:
    """``person`` becomes an objector: "unless e previously objected to it"."""
    ensure_live(intent, at, params)
    _eligible(intent, person, electorate, "object to")
    if person in intent.objectors():
        raise IllegalAction(f"{person} already objects to intent {intent.number}", quotes.OBJECTING)
    if intent.ever(person, Act.OBJECT) and not params.support_again:
        raise IllegalAction(
            f"{person} objected to intent {intent.number} before and withdrew that objection; "
            "e cannot object to it again",
            quotes.OBJECTING,
        )
    intent.responses.append(Response(person, Act.OBJECT, at, message))


def withdraw_support(intent: Intent, person: str, at: datetime, message: str | None = None) -> None:
    if person not in intent.supporters():
        raise IllegalAction(
            f"{person} is not a supporter of intent {intent.number}", quotes.WITHDRAWING
        )
    intent.responses.append(Response(person, Act.WITHDRAW_SUPPORT, at, message))


def withdraw_objection(
    intent: Intent, person: str, at: datetime, message: str | None = None
) -> None:
    if person not in intent.objectors():
        raise IllegalAction(
            f"{person} is not an objector to intent {intent.number}", quotes.WITHDRAWING
        )
    intent.responses.append(Response(person, Act.WITHDRAW_OBJECTION, at, message))


def withdraw_intent(
    intent: Intent, person: str, offices: frozenset[str], at: datetime, params: TabledParameters
) -> bool:
    """The sponsor withdraws eir intent. Returns whether that ended it (the option)."""
    if not is_sponsor(intent, person, offices):
        raise IllegalAction(
            f"only the sponsor of intent {intent.number} ({intent.sponsor}) can withdraw it",
            quotes.SPONSOR,
        )
    ensure_open(intent)
    if not params.withdrawal_ends_intent:
        return False
    intent.closed = Closed.WITHDRAWN
    intent.closed_at = at
    intent.closed_by = person
    return True


def is_sponsor(intent: Intent, person: str, offices: frozenset[str]) -> bool:
    """Rule 1728: e tabled it, or e holds the rule-defined position e tabled it in."""
    if person == intent.sponsor:
        return True
    held = {office.casefold() for office in offices}
    return intent.office is not None and intent.office.casefold() in held
