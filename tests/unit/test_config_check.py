"""Every problem of a configuration is told at once, with the key and what is wrong; the
environment overrides the file's deployment keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.config import ConfigProblems, load_settings, parse_settings
from referee.errors import ConfigError

MINIMAL: dict[str, Any] = {"referee": {"bot_address": "referee@example.org"}}


def _problems(data: dict[str, Any], tmp_path: Path) -> list[str]:
    with pytest.raises(ConfigProblems) as caught:
        parse_settings(data, tmp_path, None)
    return [str(problem) for problem in caught.value.problems]


def test_every_problem_is_told_at_once(tmp_path: Path) -> None:
    data = {
        "referee": {
            "bot_adress": "referee@example.org",
            "daily_reply_cap": -1,
            "administrators": ["admin@example.org", "half@"],
            "acknowledge": "loud",
        },
        "lmtp": {"port": 0, "recipients": ["referee@"]},
        "smtp": {"retry_seconds": -5, "bounce_address": "@example.org"},
        "player": [
            {"name": "a", "addresses": ["a@x.org"], "colour": "red"},
            {"name": "b"},
        ],
        "source": [{"name": "s", "kind": "imap", "host": "h", "user": "u", "port": 70000}],
    }
    assert _problems(data, tmp_path) == [
        "referee.bot_address: is required (the file has referee.bot_adress: misspelt?)",
        "referee.acknowledge: must be one of 'off', 'private', 'list', not 'loud'",
        "referee.administrators[1]: is not an email address: 'half@'",
        "referee.daily_reply_cap: must be at least 0, not -1",
        "source[0].port: must be from 1 to 65535, not 70000",
        "source[0].password_env: or password_file is required for IMAP",
        "lmtp.recipients[0]: is not an email address: 'referee@'",
        "lmtp.port: must be from 1 to 65535, not 0",
        "smtp.bounce_address: is not an email address: '@example.org'",
        "smtp.retry_seconds: must be above 0, not -5",
        "player[0].colour: is not a known setting (misspelt?)",
        "player[1].addresses: is required",
    ]


@pytest.mark.parametrize(
    "address",
    ["referee@", "@example.org", "referee", "two words@example.org", "a@b..org", "a@-b.org"],
)
def test_half_addresses_are_refused(address: str, tmp_path: Path) -> None:
    problems = _problems({"referee": {"bot_address": address}}, tmp_path)
    assert problems == [f"referee.bot_address: is not an email address: {address!r}"]


def test_a_single_problem_keeps_its_key(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_settings({**MINIMAL, "lmtp": {"port": -1}}, tmp_path, None)
    assert caught.value.key == "lmtp.port"


def test_report_and_bounce_addresses(tmp_path: Path) -> None:
    data = {
        "referee": {
            **MINIMAL["referee"],
            "list_addresses": ["agora-business@example.org"],
            "report_address": "Agora-Official@example.org",
        },
        "smtp": {"bounce_address": "bounces@example.org"},
    }
    settings = parse_settings(data, tmp_path, None)
    assert settings.published_to == "agora-official@example.org"
    assert settings.smtp.bounce_address == "bounces@example.org"
    plain = parse_settings(
        {"referee": {**MINIMAL["referee"], "list_addresses": ["l@example.org"]}}, tmp_path, None
    )
    assert plain.published_to == "l@example.org"
    assert plain.smtp.bounce_address is None
    assert plain.lmtp.recipients == ("referee@example.org",)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "referee.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_environment_overrides_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, '[referee]\nbot_address = "r@example.org"\n[lmtp]\nport = 8024\n')
    monkeypatch.setenv("REFEREE_DATABASE_URL", "postgresql+psycopg://referee@db/referee")
    monkeypatch.setenv("REFEREE_LMTP_PORT", "2424")
    monkeypatch.setenv("REFEREE_LMTP_ENABLED", "yes")
    monkeypatch.setenv("REFEREE_SMTP_HOST", "")  # empty: as if unset
    monkeypatch.setenv("REFEREE_IMAP_PASSWORD", "not a setting")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REFEREE_DATA_DIR", "state")
    settings = load_settings(path)
    assert settings.database_url == "postgresql+psycopg://referee@db/referee"
    assert settings.lmtp.port == 2424
    assert settings.lmtp.enabled is True
    assert settings.smtp.host == "localhost"
    assert settings.data_dir == tmp_path / "state"


def test_a_bad_environment_value_names_the_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, '[referee]\nbot_address = "r@example.org"\n')
    monkeypatch.setenv("REFEREE_LMTP_PORT", "twenty")
    monkeypatch.setenv("REFEREE_LMTP_ENABLED", "perhaps")
    with pytest.raises(ConfigProblems) as caught:
        load_settings(path)
    assert [str(p) for p in caught.value.problems] == [
        "$REFEREE_LMTP_ENABLED: must be true or false, not 'perhaps'",
        "$REFEREE_LMTP_PORT: must be a whole number, not 'twenty'",
    ]
    monkeypatch.setenv("REFEREE_LMTP_PORT", "0")
    monkeypatch.delenv("REFEREE_LMTP_ENABLED")
    with pytest.raises(ConfigError, match=r"lmtp\.port: must be from 1 to 65535, not 0"):
        load_settings(path)
