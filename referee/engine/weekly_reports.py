"""The officer's weekly report of a game: when it is due, its draft, and its publication.

A report is drafted at each Agoran week boundary (rule 1023) from the state at that instant.
What it reports besides the state is every change since the last report the players have
seen: the last one drafted when reports go straight to the list, else the last one an
officer published.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from typing import Any

from referee.clock import WEEK, next_week_start
from referee.engine.events import REPORT_TICK, EventKind, EventOutcome
from referee.engine.history import history
from referee.engine.timeline import GameTimeline
from referee.games.base import Audience, Context, Notice, Outcome, Tick
from referee.store import queries

_CACHE_KEY = "referee.weekly_reports"

UNPUBLISHED_HISTORY = WEEK
"""How far back a draft's history reaches when no report was ever published (an imported
archive, an officer who never publishes): one report period (an Agoran week), so that each
draft reads a bounded record instead of the whole record again; what is older is counted,
not listed."""


class _ReportContext(Mapping[str, Any]):
    """A report's template context whose costly part is computed on first use only."""

    def __init__(self, known: dict[str, Any], later: Callable[[], dict[str, Any]]) -> None:
        self._known = known
        self._later: Callable[[], dict[str, Any]] | None = later

    def _whole(self) -> dict[str, Any]:
        if self._later is not None:
            self._known = {**self._known, **self._later()}
            self._later = None
        return self._known

    def __getitem__(self, key: str) -> Any:
        return self._whole()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())


class WeeklyReports:
    """One game's weekly reports, recorded as events of its timeline."""

    def __init__(self, timeline: GameTimeline) -> None:
        self.timeline = timeline
        self.game = timeline.game
        self.session = timeline.session
        # When the last weekly report was drafted; looked up once, then kept up to date,
        # because the question is asked before every message. A rewind forgets it.
        self._last_report: datetime | None = None
        self._known_for: int | None = None

    def _last_drafted(self) -> datetime | None:
        if self._known_for != self.timeline.generation:
            self._last_report = queries.last_event_at(
                self.session, self.game.name, kind=EventKind.REPORT
            )
            self._known_for = self.timeline.generation
        return self._last_report

    def next_due(self) -> datetime | None:
        """When the next weekly report is due, or None (no report, or the game is over)."""
        if self.game.report_template is None:
            return None
        last = self._last_drafted()
        if self.game.is_over(self.timeline.state) and last is not None:
            last_change = self.timeline.last_change_at()
            if last_change is None or last >= last_change:
                return None  # the report after the end has been drafted: no more
        return next_week_start(last if last is not None else self.game.setup.start)

    def draft(self, at: datetime, instant: Context) -> tuple[Tick, Outcome]:
        """Draft the report of the week ending at ``at`` (``instant``: its context, with the
        games this one reads as they stand then); the notice carries it."""
        template = self.game.report_template
        assert template is not None
        # The state part is taken now (later ticks of this advance change the state); the
        # history part is read only if the draft is rendered, which a replay skips for every
        # draft it already sent, and it is rendered before any later message is applied.
        context = _ReportContext(
            {
                **self.game.report_context_at(self.timeline.state, instant),
                "period_start": max(at - WEEK, self.game.setup.start),
                "period_end": at,
            },
            lambda: self._history(at),
        )
        week = f"{at - WEEK:%d %b %Y} to {at:%d %b %Y}"
        summary = f"the {self.game.setup.officer}'s weekly report for {week} was drafted"
        self.timeline.record_event(
            at,
            kind=EventKind.REPORT,
            text="weekly report",
            outcome=EventOutcome.REPORT,
            summary=summary,
            tick=REPORT_TICK,
            changed=False,
        )
        self._last_report = at
        self._known_for = self.timeline.generation
        tick = Tick(at, REPORT_TICK, week)
        board = None
        if self.game.setup.attach_board:
            # Drawn now, from the state the text reports (later ticks change the state).
            picture = self.game.picture_at(self.timeline.state, instant)
            board = picture.board if picture is not None else None
        notice = Notice(Audience.LIST, template, context, board=board)
        return tick, Outcome(summary, notices=(notice,))

    def _history(self, at: datetime) -> dict[str, Any]:
        """What a draft reports besides the state: every change since the last published
        report (the players have seen nothing later), up to the draft's instant.

        When nothing was ever published the history is bounded (see
        :data:`UNPUBLISHED_HISTORY`), and the draft says how many earlier changes it leaves
        out: otherwise each draft would read the whole record again.
        """
        published = self._last_published(before=at)
        since = published or self.game.setup.start
        left_out = 0
        bound = at - UNPUBLISHED_HISTORY
        if published is None and since < bound:
            left_out = queries.count_events(
                self.session, self.game.name, since, bound, without_kind=EventKind.REPORT
            )
            left_out_since, since = since, bound
        else:
            left_out_since = since
        return {
            "changes_since": since,
            "history_left_out": left_out,
            "history_left_out_since": left_out_since,
            "history": [
                entry
                for entry in history(self.session, self.game.name, since, at)
                if entry.outcome != EventOutcome.REPORT
            ],
        }

    def _last_published(self, before: datetime) -> datetime | None:
        """The end of the period of the last report the players had seen before the report
        drafted at ``before``.

        A report that goes straight to the list is published when drafted: the one before
        ``before`` is the last the players saw, never the draft being rendered itself (which
        is already recorded, and would leave an empty period).
        """
        if self.game.setup.publish_directly:
            return queries.last_event_at(
                self.session, self.game.name, kind=EventKind.REPORT, before=before
            )
        tick = queries.last_tick_of_kind(self.session, self.game.name, EventKind.PUBLICATION)
        return datetime.fromisoformat(tick) if tick else None

    def publication_of(self, period_end: datetime) -> datetime | None:
        """When the report drafted at ``period_end`` was published, or None."""
        return queries.event_at_with_tick(
            self.session, self.game.name, EventKind.PUBLICATION, period_end.isoformat()
        )

    def record_publication(
        self, period_end: datetime, summary: str, context: Context, inbound_id: int | None
    ) -> None:
        self.timeline.record_event(
            context.at,
            kind=EventKind.PUBLICATION,
            text=f"publish the report drafted at {period_end.isoformat()}",
            outcome=EventOutcome.PUBLISHED,
            summary=summary,
            inbound_id=inbound_id,
            actor=context.actor,
            tick=period_end.isoformat(),
            changed=False,
        )


def reports_for(timeline: GameTimeline) -> WeeklyReports:
    """The weekly reports of a loaded timeline, kept as long as the timeline is."""
    cache: dict[str, WeeklyReports] = timeline.session.info.setdefault(_CACHE_KEY, {})
    reports = cache.get(timeline.game.name)
    if reports is None or reports.timeline is not timeline:
        reports = cache[timeline.game.name] = WeeklyReports(timeline)
    return reports
