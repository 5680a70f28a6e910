"""Whether a person may perform a tabled action now, by one intent (rule 2124).

The checks run in the order a player most needs to hear them: an intent that is closed,
the wrong person, not ripe, too early (not mature, notice not yet given), then the count
of supporters and objectors. The first failure is the answer, quoting its clause.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from referee.clock import format_utc, utc
from referee.games.base import IllegalAction, RuleCitation
from referee.games.tabled import quotes
from referee.games.tabled.electorate import Electorate
from referee.games.tabled.intents import Closed, Intent, Performance
from referee.games.tabled.methods import Method, MethodKind, hours, tenths
from referee.games.tabled.parameters import NOTICE_MINIMUM_DAYS, TabledParameters
from referee.games.tabled.responding import ensure_open, is_sponsor
from referee.games.tabled.timing import ConditionJudge, Refusal, not_mature, not_ripe


@dataclass(frozen=True)
class Tally:
    """The supporters and objectors that count, in the order they responded."""

    supporters: tuple[str, ...]
    objectors: tuple[str, ...]

    def describe(self) -> str:
        return f"supporters: {_names(self.supporters)}; objectors: {_names(self.objectors)}"


@dataclass(frozen=True)
class Authorization:
    intent: Intent
    tally: Tally


def _names(names: tuple[str, ...] | list[str]) -> str:
    if not names:
        return "none"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


_SPONSOR_ONLY = {
    MethodKind.OBJECTIONS: quotes.WITHOUT_OBJECTIONS,
    MethodKind.NOTICE: quotes.WITH_NOTICE,
}
_SUPPORTERS_TOO = {MethodKind.SUPPORT: quotes.WITH_SUPPORT, MethodKind.CONSENT: quotes.WITH_CONSENT}


def _check_performer(
    intent: Intent,
    performer: str,
    offices: frozenset[str],
    methods: tuple[Method, ...],
    supporters_may_perform: bool,
) -> None:
    if is_sponsor(intent, performer, offices):
        return
    for method in methods:
        if method.kind in _SPONSOR_ONLY:
            raise IllegalAction(
                f"only the sponsor of intent {intent.number} ({intent.sponsor}) can perform it "
                f"{method.describe().lower()}; {performer} is not its sponsor",
                _SPONSOR_ONLY[method.kind],
            )
    rule = _SUPPORTERS_TOO[methods[0].kind]
    if not supporters_may_perform:
        raise IllegalAction(
            f"only {intent.sponsor}, who tabled intent {intent.number}, can perform it",
            rule,
        )
    if performer not in intent.supporters():
        raise IllegalAction(
            f"only the sponsor ({intent.sponsor}) or a supporter of intent {intent.number} can "
            f"perform it; {performer} is neither",
            rule,
        )


def _count(intent: Intent, supporters: Electorate, objectors: Electorate) -> Tally:
    return Tally(
        tuple(supporters.ordered(list(intent.supporters()))),
        tuple(objectors.ordered(list(intent.objectors()))),
    )


def _check_method(
    intent: Intent,
    method: Method,
    at: datetime,
    tally: Tally,
    supporters: Electorate,
    params: TabledParameters,
) -> Refusal | None:
    kind = method.kind
    if kind in (MethodKind.OBJECTIONS, MethodKind.CONSENT):
        refusal = not_mature(intent, at, params)
        if refusal is not None:
            return refusal
    backing = len(tally.supporters)
    against = len(tally.objectors)
    if kind is MethodKind.SUPPORT and method.of_all:
        missing = sorted(supporters.persons - set(tally.supporters), key=str.casefold)
        if missing:
            everyone = _names(sorted(supporters.persons, key=str.casefold))
            so_far = _names(list(tally.supporters)) if tally.supporters else "nobody"
            unable = [name for name in missing if name in supporters.unable()]
            cannot = (
                f" ({_names(unable)}, not {'a player' if len(unable) == 1 else 'players'}, "
                f"cannot support: only a player can, rule 2124)"
                if unable
                else ""
            )
            return Refusal(
                f"intent {intent.number} needs the support of all {supporters.description} "
                f"({everyone}); supported so far by {so_far}; still to support: "
                f"{_names(missing)}{cannot}",
                quotes.WITH_SUPPORT,
            )
        return None
    n = params.effective_n(method.n_tenths)
    if kind is MethodKind.SUPPORT and backing * 10 < n:
        return Refusal(
            f"intent {intent.number} has {backing} supporter{'s' if backing != 1 else ''} "
            f"({_names(list(tally.supporters))}); it needs at least {tenths(n)}",
            quotes.WITH_SUPPORT,
        )
    if kind is MethodKind.OBJECTIONS and against * 10 >= n:
        return Refusal(
            f"intent {intent.number} has {against} objector{'s' if against != 1 else ''} "
            f"({_names(list(tally.objectors))}); it can be performed only with fewer than "
            f"{tenths(n)}",
            quotes.WITHOUT_OBJECTIONS,
        )
    if kind is MethodKind.CONSENT and backing * 10 <= n * against:
        return Refusal(
            f"intent {intent.number} has {backing} supporter{'s' if backing != 1 else ''} and "
            f"{against} objector{'s' if against != 1 else ''}; Agoran Consent needs more than "
            f"{tenths(n)} times as many supporters as objectors",
            quotes.WITH_CONSENT,
        )
    if kind is MethodKind.NOTICE:
        stated = timedelta(
            hours=params.default_notice_hours
            if method.notice_hours is None
            else method.notice_hours
        )
        notice = params.effective_notice(method.notice_hours)
        ready = utc(intent.tabled_at) + notice
        if utc(at) < ready:
            rule: RuleCitation = quotes.WITH_NOTICE
            if notice > stated:  # the older era's minimum decided, not T itself
                rule = quotes.option_rule(
                    NOTICE_MINIMUM_DAYS,
                    f"With T Notice needs at least {params.notice_minimum.days} days whatever T is",
                )
            return Refusal(
                f"too early: intent {intent.number} was tabled on {format_utc(intent.tabled_at)} "
                f"with {hours(int(stated.total_seconds()) // 3600)} notice, so it can be "
                f"performed from {format_utc(ready)}",
                rule,
            )
    return None


def authorize(
    intent: Intent,
    *,
    performer: str,
    at: datetime,
    methods: tuple[Method, ...],
    supporters: Electorate,
    objectors: Electorate,
    params: TabledParameters,
    offices: frozenset[str] = frozenset(),
    supporters_may_perform: bool = True,
    judge: ConditionJudge | None = None,
) -> Authorization:
    """Check that ``performer`` may perform ``intent``'s action at ``at`` by ``methods``
    (the methods the game's rule authorizes); raise IllegalAction quoting why not."""
    ensure_open(intent)
    _check_performer(intent, performer, offices, methods, supporters_may_perform)
    refusal = not_ripe(intent, at, params, judge)
    if refusal is not None:
        refusal.raise_()
    tally = _count(intent, supporters, objectors)
    for method in methods:
        refusal = _check_method(intent, method, at, tally, supporters, params)
        if refusal is not None:
            refusal.raise_()
    return Authorization(intent, tally)


def record_performance(
    intent: Intent, performer: str, at: datetime, params: TabledParameters, message: str | None
) -> None:
    intent.performances.append(Performance(performer, at, message))
    if params.single_use:
        intent.closed = Closed.PERFORMED
        intent.closed_at = at
        intent.closed_by = performer
