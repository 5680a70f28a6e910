"""Amending a game's ruleset from an instant, possibly in the past (ratification).

The amendment is stored as an input, then the game is rewound to its instant and every
later message applied again under the rules as amended; the officer is told exactly what
came out differently: the actions that now fail or now succeed, and every value of the state
that changed. A later replay applies the same amendment at the same instant.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.clock import utc
from referee.engine.eras import Eras
from referee.engine.events import EventKind, EventOutcome
from referee.engine.registry import ruleset_for
from referee.engine.runner import Runner
from referee.games.base import Audience, Game, Notice
from referee.store import queries
from referee.store.models import RulesetAmendment


@dataclass(frozen=True)
class RecordedOutcome:
    """One recorded event's result, as the difference report compares them."""

    at: datetime
    message: str | None
    text: str
    outcome: str
    summary: str


@dataclass
class AmendmentReport:
    game: str
    effective_at: datetime
    ruleset: str
    options: dict[str, Any]
    reason: str
    now_fail: list[tuple[RecordedOutcome, RecordedOutcome]] = field(default_factory=list)
    now_succeed: list[tuple[RecordedOutcome, RecordedOutcome]] = field(default_factory=list)
    now_different: list[tuple[RecordedOutcome, RecordedOutcome]] = field(default_factory=list)
    gone: list[RecordedOutcome] = field(default_factory=list)
    new: list[RecordedOutcome] = field(default_factory=list)
    state_changes: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def unchanged(self) -> bool:
        return not (
            self.now_fail
            or self.now_succeed
            or self.now_different
            or self.gone
            or self.new
            or self.state_changes
        )


def amend(
    processor: Runner,
    session: Session,
    game: Game[Any],
    *,
    effective_at: datetime,
    ruleset: str | None,
    options: Mapping[str, bool | int | str],
    reason: str,
    now: datetime,
) -> AmendmentReport:
    """Record the amendment, re-run the game from its instant, and report the difference."""
    effective_at = utc(effective_at)
    current = Eras.load(game, session).game_at(effective_at).ruleset
    version = ruleset or current.version
    merged = {**(current.option_values if version == current.version else {}), **options}
    checked = ruleset_for(type(game), version, merged, "amendment")

    record = queries.game_record(session, game.name)
    clock = record.clock if record is not None else game.setup.start
    before_events = _outcomes(session, game.name, effective_at)
    before_state = dict(record.state) if record is not None else game.dump(game.initial_state())

    session.add(
        RulesetAmendment(
            game=game.name,
            effective_at=effective_at,
            ruleset=checked.version,
            options=dict(checked.option_values),
            reason=reason,
            recorded_at=utc(now),
        )
    )
    session.flush()
    processor.rerun_game(session, game.name, effective_at, clock)

    record = queries.game_record(session, game.name)
    assert record is not None
    report = AmendmentReport(
        game.name, effective_at, checked.title, dict(checked.option_values), reason
    )
    _compare(before_events, _outcomes(session, game.name, effective_at), report)
    report.state_changes = _state_changes(before_state, dict(record.state))
    notice = Notice(Audience.OFFICER, "officer/amendment", {"report": report})
    processor.answerer.queue_notices(session, game, [notice], None, False, utc(now))
    return report


def _outcomes(session: Session, game: str, since: datetime) -> list[RecordedOutcome]:
    rows = queries.events_with_messages(
        session, game, since, without_kinds=(EventKind.REPORT, EventKind.PUBLICATION)
    )
    return [
        RecordedOutcome(event.at, key, event.text, event.outcome, event.summary)
        for event, key in rows
    ]


def _key(outcome: RecordedOutcome, seen: Counter[tuple[Any, ...]]) -> tuple[Any, ...]:
    base = (outcome.message or outcome.at.isoformat(), outcome.text)
    seen[base] += 1
    return (*base, seen[base])


def _compare(
    before: list[RecordedOutcome], after: list[RecordedOutcome], report: AmendmentReport
) -> None:
    seen_before: Counter[tuple[Any, ...]] = Counter()
    seen_after: Counter[tuple[Any, ...]] = Counter()
    old = {_key(o, seen_before): o for o in before}
    new = {_key(o, seen_after): o for o in after}
    for key, was in old.items():
        now = new.get(key)
        if now is None:
            report.gone.append(was)
        elif was.outcome == EventOutcome.APPLIED and now.outcome == EventOutcome.REJECTED:
            report.now_fail.append((was, now))
        elif was.outcome == EventOutcome.REJECTED and now.outcome == EventOutcome.APPLIED:
            report.now_succeed.append((was, now))
        elif was.summary != now.summary:
            report.now_different.append((was, now))
    report.new = [o for key, o in new.items() if key not in old]


def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict) and data:
        flat: dict[str, Any] = {}
        for key, value in data.items():
            flat.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    return {prefix: data}


def _state_changes(
    before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[tuple[str, str, str]]:
    old, new = _flatten(dict(before)), _flatten(dict(after))
    changes = []
    for path in sorted(set(old) | set(new)):
        if old.get(path, _MISSING) != new.get(path, _MISSING):
            changes.append((path, _show(old.get(path, _MISSING)), _show(new.get(path, _MISSING))))
    return changes


_MISSING = object()


def _show(value: Any) -> str:
    return "(absent)" if value is _MISSING else json.dumps(value, sort_keys=True)
