"""What every game shares (``referee.games.kit``): grids over any labels, codecs, options."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from enum import StrEnum

import pytest

from referee.errors import OptionError
from referee.games.base import Ruleset, RulesetOption
from referee.games.kit.codecs import (
    dump_optional_time,
    dump_time,
    load_optional_time,
    load_time,
)
from referee.games.kit.grid import Axis, Grid
from referee.games.kit.options import Options, check_options

SIGNED = Axis.of([str(n) for n in range(-4, 5)])
MAP = Grid(columns=SIGNED, rows=SIGNED, separator=",")
"""A board numbered from -4 to 4 both ways, named "long,lat" (as a signed map would be)."""

NINE = Grid(columns=Axis.of("123456789"), rows=Axis.of("123456789"), separator="-")


def test_a_grid_with_signed_labels_names_and_parses_its_cells() -> None:
    assert MAP.name((0, 0)) == "-4,-4"
    assert MAP.parse(" -1,3 ") == (3, 7)
    assert MAP.parse("-5,0") is None
    assert MAP.parse("0") is None
    assert len(list(MAP.cells())) == 81
    assert [MAP.name(c) for c in MAP.neighbours(MAP.parse("4,0") or (0, 0))] == [
        "4,-1",
        "3,0",
        "4,1",
    ]


def test_a_one_to_nine_grid_and_drawing_order() -> None:
    assert NINE.normalise("9-9") == "9-9"
    assert NINE.parse("10-1") is None
    names = list(NINE.names())
    assert names[:2] == ["1-1", "2-1"]
    assert sorted(names, key=lambda n: NINE.sort_key(NINE.parse(n) or (0, 0))) == names


def test_names_are_matched_without_regard_to_case_and_written_canonically() -> None:
    board = Grid(columns=Axis.of("ABC"), rows=Axis.of("abc"), row_first=True)
    assert board.normalise("Ca") == "cA"
    assert board.neighbours((0, 0)) == [(1, 0), (0, 1)]


def test_instants_are_written_in_utc_and_read_back_exactly() -> None:
    moment = datetime(2023, 4, 19, 12, 30, tzinfo=timezone(timedelta(hours=2)))
    assert dump_time(moment) == "2023-04-19T10:30:00+00:00"
    assert load_time(dump_time(moment)) == moment
    assert load_time(dump_time(moment)).tzinfo is UTC
    assert dump_optional_time(None) is None
    assert load_optional_time(None) is None


class Speed(StrEnum):
    SLOW = "slow"
    FAST = "fast"


BASE = Ruleset(
    "v1",
    "Toy v1",
    (
        RulesetOption("strict", False, "a flag"),
        RulesetOption("days", 4, "a number"),
        RulesetOption("speed", "slow", "a choice"),
    ),
)


def test_options_are_checked_once_by_name_type_and_choice() -> None:
    with pytest.raises(OptionError, match=r"options\.fast: is not an option of Toy v1"):
        check_options(BASE, {"fast": True})
    with pytest.raises(OptionError, match="must be int like its default 4"):
        check_options(BASE, {"days": True})  # a bool is no number here
    with pytest.raises(OptionError, match=r'must be one of "slow", "fast", not \'quick\''):
        check_options(BASE, {"speed": "quick"}, {"speed": Speed})
    checked = check_options(BASE, {"days": 7, "speed": "fast"}, {"speed": Speed})
    options = Options(checked)
    assert options.number("days") == 7
    assert options.flag("strict") is False
    assert options.choice("speed", Speed) is Speed.FAST
    with pytest.raises(OptionError, match="not a bool"):
        options.flag("days")
