"""Configuration: the bundled example loads; every kind of mistake names its key."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from referee.config import AckMode, SendMode, Visibility, load_settings, parse_settings
from referee.errors import ConfigError
from referee.paths import EXAMPLE_CONFIG

MINIMAL: dict[str, Any] = {"referee": {"bot_address": "referee@example.org"}}


def _settings(data: dict[str, Any], tmp_path: Path) -> Any:
    return parse_settings(data, tmp_path, None)


def test_the_bundled_example_is_the_embedded_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_CONFIG", raising=False)
    settings = load_settings()
    assert settings.source_file == EXAMPLE_CONFIG
    assert settings.database_url.startswith("sqlite:///")
    assert settings.smtp.mode is SendMode.FILE
    assert settings.smtp.outbox_dir == EXAMPLE_CONFIG.parent / "referee-data" / "outbox"
    assert [s.visibility for s in settings.directory_sources] == [
        Visibility.PUBLIC,
        Visibility.PRIVATE,
    ]
    assert settings.acknowledge is AckMode.PRIVATE
    assert {g.kind for g in settings.games} == {"commune", "scgo"}


def test_defaults(tmp_path: Path) -> None:
    settings = _settings(MINIMAL, tmp_path)
    assert settings.data_dir == tmp_path / "referee-data"
    assert settings.date_past_tolerance == timedelta(days=1)
    assert settings.lmtp.enabled is False
    assert settings.lmtp.visibility is Visibility.PRIVATE


@pytest.mark.parametrize(
    ("data", "key", "problem"),
    [
        ({}, "referee.bot_address", "is required"),
        ({"referee": {"bot_address": "not an address"}}, "referee.bot_address", "not an email"),
        ({**MINIMAL, "colour": 1}, "colour", "not a known setting"),
        (
            {"referee": {**MINIMAL["referee"], "acknowledge": "loud"}},
            "referee.acknowledge",
            "must be one of 'off', 'private', 'list'",
        ),
        (
            {"referee": {**MINIMAL["referee"], "daily_reply_cap": True}},
            "referee.daily_reply_cap",
            "whole number",
        ),
        (
            {**MINIMAL, "source": [{"name": "x", "kind": "pop3"}]},
            "source[0].kind",
            "must be 'imap'",
        ),
        (
            {**MINIMAL, "source": [{"name": "x", "host": "h", "user": "u"}]},
            "source[0].password_env",
            "is required for IMAP",
        ),
        (
            {**MINIMAL, "source": [{"name": "x", "host": "h", "user": "u", "password": "p"}]},
            "source[0].password",
            "use password_env or password_file",
        ),
        (
            {
                **MINIMAL,
                "source": [
                    {"name": "x", "host": "h", "user": "u", "password_env": "NO_SUCH_VAR_HERE"}
                ],
            },
            "source[0].password_env",
            "NO_SUCH_VAR_HERE, which is unset",
        ),
        (
            {
                **MINIMAL,
                "player": [
                    {"name": "a", "addresses": ["a@x.org"]},
                    {"name": "A", "addresses": ["b@x.org"]},
                ],
            },
            "player.name",
            "names 'A' twice",
        ),
        (
            {**MINIMAL, "offices": {"surveyor": "nobody"}},
            "offices.surveyor",
            "not a player",
        ),
        (
            {
                **MINIMAL,
                "game": [
                    {
                        "name": "g",
                        "kind": "commune",
                        "ruleset": "v1.3",
                        "officer": "surveyor",
                        "start": "2023-04-19T00:00:00",
                    }
                ],
            },
            "game[0].start",
            "needs a time zone",
        ),
    ],
)
def test_mistakes_name_the_key_and_the_problem(
    data: dict[str, Any], key: str, problem: str, tmp_path: Path
) -> None:
    with pytest.raises(ConfigError) as caught:
        _settings(data, tmp_path)
    assert caught.value.key == key
    assert problem in caught.value.problem


def test_password_from_file_is_never_shown(tmp_path: Path) -> None:
    secret_file = tmp_path / "imap.pass"
    secret_file.write_text("hunter2\n", encoding="utf-8")
    data = {
        **MINIMAL,
        "source": [{"name": "x", "host": "h", "user": "u", "password_file": "imap.pass"}],
    }
    settings = _settings(data, tmp_path)
    source = settings.imap_sources[0]
    assert source.password.value == "hunter2"
    assert "hunter2" not in repr(settings)
    assert "hunter2" not in str(source.password)


def test_game_start_is_utc(tmp_path: Path) -> None:
    text = """
    [referee]
    bot_address = "r@example.org"
    [[game]]
    name = "C"
    kind = "commune"
    ruleset = "v1.3"
    officer = "surveyor"
    start = 2023-04-19T02:00:00+02:00
    """
    settings = _settings(tomllib.loads(text), tmp_path)
    assert settings.games[0].start == datetime(2023, 4, 19, 0, 0, tzinfo=UTC)


def test_missing_and_broken_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_settings(tmp_path / "absent.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[referee\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(broken)


def test_lists_by_address_and_by_table(tmp_path: Path) -> None:
    data = {
        "referee": {
            "bot_address": "referee@example.org",
            "list_addresses": ["Agora-Business@agoranomic.org"],
        },
        "list": [
            {
                "address": "agora-official@agoranomic.org",
                "list_id": "<agora-official.agoranomic.org>",
                "signed_by": "agoranomic.org.",
            },
            {"address": "games@groups.example", "list_id": "games.groups.example"},
        ],
    }
    settings = _settings(data, tmp_path)
    assert settings.list_addresses == (
        "agora-business@agoranomic.org",
        "agora-official@agoranomic.org",
        "games@groups.example",
    )
    assert [(m.list_id, m.signed_by) for m in settings.lists] == [
        ("agora-business.agoranomic.org", None),
        ("agora-official.agoranomic.org", "agoranomic.org"),
        ("games.groups.example", None),
    ]


@pytest.mark.parametrize(
    ("table", "key"),
    [
        ({"list_id": "x.y"}, "list[0].address"),
        ({"address": "a@b.org", "list_id": "two words"}, "list[0].list_id"),
        ({"address": "a@b.org", "signed_by": "localhost"}, "list[0].signed_by"),
        ({"address": "a@b.org", "signs": "b.org"}, "list[0].signs"),
    ],
)
def test_a_bad_list_names_its_key(table: dict[str, Any], key: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as error:
        _settings({**MINIMAL, "list": [table]}, tmp_path)
    assert key in str(error.value)


def test_a_list_named_twice_is_refused(tmp_path: Path) -> None:
    data = {
        "referee": {"bot_address": "referee@example.org", "list_addresses": ["a@b.org"]},
        "list": [{"address": "A@b.org"}],
    }
    with pytest.raises(ConfigError) as error:
        _settings(data, tmp_path)
    assert "list.address" in str(error.value)


def test_the_future_tolerance_is_ignored_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = {"referee": {**MINIMAL["referee"], "date_future_tolerance_minutes": 15}}
    settings = _settings(data, tmp_path)
    assert settings.date_past_tolerance == timedelta(days=1)
    assert "date_future_tolerance_minutes is no longer used" in caplog.text
