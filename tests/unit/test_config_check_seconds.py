"""``check_seconds`` of an IMAP source: off by default, a NOOP interval when set, and never
so short that it would load the server for nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.config import parse_settings
from referee.errors import ConfigError


def _imap(**extra: Any) -> dict[str, Any]:
    source = {"name": "list", "host": "h", "user": "u", "password_env": "HOME", **extra}
    return {"referee": {"bot_address": "referee@example.org"}, "source": [source]}


def test_off_unless_set(tmp_path: Path) -> None:
    settings = parse_settings(_imap(), tmp_path, None)
    assert settings.imap_sources[0].check_seconds == 0.0


@pytest.mark.parametrize("value", [0, 0.05, 0.1, 2])
def test_set_to_an_interval(value: float, tmp_path: Path) -> None:
    settings = parse_settings(_imap(check_seconds=value), tmp_path, None)
    assert settings.imap_sources[0].check_seconds == value


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (0.01, "must be 0 (off) or at least 0.05, not 0.01"),
        (-1, "must be at least 0, not -1"),
        ("fast", "number"),
    ],
)
def test_a_wrong_interval_names_the_key(value: Any, problem: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_settings(_imap(check_seconds=value), tmp_path, None)
    assert caught.value.key == "source[0].check_seconds"
    assert problem in caught.value.problem
