"""Agoran time: UTC days and Monday weeks, across a year boundary and a DST change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from referee.clock import add_months, day_start, next_week_start, week_start


def test_week_starts_monday_midnight_utc() -> None:
    wednesday = datetime(2023, 4, 19, 13, 20, tzinfo=UTC)
    assert week_start(wednesday) == datetime(2023, 4, 17, tzinfo=UTC)
    assert next_week_start(wednesday) == datetime(2023, 4, 24, tzinfo=UTC)


def test_exact_boundary_belongs_to_the_new_week() -> None:
    monday = datetime(2023, 4, 24, tzinfo=UTC)
    assert week_start(monday) == monday
    assert next_week_start(monday) == monday + timedelta(days=7)


def test_week_across_a_year_boundary() -> None:
    new_year = datetime(2025, 1, 1, 12, tzinfo=UTC)  # a Wednesday
    assert week_start(new_year) == datetime(2024, 12, 30, tzinfo=UTC)


def test_local_offsets_and_dst_do_not_move_utc_boundaries() -> None:
    # 01:30 on Monday in UTC+2 (European summer time) is still Sunday in UTC.
    cest = timezone(timedelta(hours=2))
    moment = datetime(2023, 3, 27, 1, 30, tzinfo=cest)
    assert day_start(moment) == datetime(2023, 3, 26, tzinfo=UTC)
    assert week_start(moment) == datetime(2023, 3, 20, tzinfo=UTC)
    # The week containing the DST change (26 March 2023) is exactly 7 UTC days long.
    assert next_week_start(moment) - week_start(moment) == timedelta(days=7)


def test_add_months_moves_a_missing_day_to_the_first_of_the_next_month() -> None:
    # Rule 1023(5): an anniversary on a day that does not exist occurs on the 1st after it.
    assert add_months(datetime(2023, 4, 19, tzinfo=UTC), 3) == datetime(2023, 7, 19, tzinfo=UTC)
    assert add_months(datetime(2023, 11, 30, 12, tzinfo=UTC), 3) == datetime(
        2024, 3, 1, 12, tzinfo=UTC
    )
    assert add_months(datetime(2023, 11, 29, tzinfo=UTC), 3) == datetime(2024, 2, 29, tzinfo=UTC)
    assert add_months(datetime(2022, 11, 29, tzinfo=UTC), 3) == datetime(2023, 3, 1, tzinfo=UTC)
    assert add_months(datetime(2023, 10, 31, tzinfo=UTC), 2) == datetime(2023, 12, 31, tzinfo=UTC)
    assert add_months(datetime(2023, 12, 31, tzinfo=UTC), 2) == datetime(2024, 3, 1, tzinfo=UTC)
    assert add_months(datetime(2023, 9, 30, tzinfo=UTC), 3) == datetime(2023, 12, 30, tzinfo=UTC)
    assert add_months(datetime(2023, 11, 30, tzinfo=UTC), 1) == datetime(2023, 12, 30, tzinfo=UTC)
