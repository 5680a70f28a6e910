"""Helpers shared by the sub-commands."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from typing import Any

from referee.clock import utc
from referee.errors import RefereeError

Commands = Any  # argparse's private _SubParsersAction


def parse_instant(text: str) -> datetime:
    """An ISO 8601 instant; without a zone it is UTC (all Agoran time is UTC)."""
    try:
        return utc(datetime.fromisoformat(text.replace("Z", "+00:00")))
    except (ValueError, OverflowError):  # OverflowError: out of range once moved to UTC
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date and time such as 2023-05-01T12:00:00Z"
        ) from None


def positive_seconds(text: str) -> float:
    """A number of seconds greater than zero."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above zero")
    return value


def progress_enabled(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "progress", True)) and sys.stderr.isatty()


class CommandError(RefereeError):
    pass
