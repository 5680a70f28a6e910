"""Settings from the environment: ``REFEREE_DATABASE_URL`` and its kind override the file.

A service run the twelve-factor way keeps what differs between deployments (the database,
the addresses, the ports) in its environment. Only the keys listed here can be set so:
an environment variable that merely begins with ``REFEREE_`` (a password named by
``password_env``, say) is never mistaken for a setting.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.errors import ConfigError

_TEXT, _NUMBER, _FLAG, _PATH = "text", "number", "flag", "path"

OVERRIDES: dict[str, tuple[str, str, str]] = {
    "REFEREE_DATA_DIR": ("referee", "data_dir", _PATH),
    "REFEREE_DATABASE_URL": ("referee", "database_url", _TEXT),
    "REFEREE_BOT_ADDRESS": ("referee", "bot_address", _TEXT),
    "REFEREE_BOT_NAME": ("referee", "bot_name", _TEXT),
    "REFEREE_REPORT_ADDRESS": ("referee", "report_address", _TEXT),
    "REFEREE_ACKNOWLEDGE": ("referee", "acknowledge", _TEXT),
    "REFEREE_DAILY_REPLY_CAP": ("referee", "daily_reply_cap", _NUMBER),
    "REFEREE_LMTP_ENABLED": ("lmtp", "enabled", _FLAG),
    "REFEREE_LMTP_HOST": ("lmtp", "host", _TEXT),
    "REFEREE_LMTP_PORT": ("lmtp", "port", _NUMBER),
    "REFEREE_SMTP_MODE": ("smtp", "mode", _TEXT),
    "REFEREE_SMTP_HOST": ("smtp", "host", _TEXT),
    "REFEREE_SMTP_PORT": ("smtp", "port", _NUMBER),
    "REFEREE_SMTP_TLS": ("smtp", "tls", _TEXT),
    "REFEREE_SMTP_USER": ("smtp", "user", _TEXT),
    "REFEREE_SMTP_OUTBOX_DIR": ("smtp", "outbox_dir", _PATH),
    "REFEREE_SMTP_BOUNCE_ADDRESS": ("smtp", "bounce_address", _TEXT),
}
"""Environment variable: (table, key, kind of value)."""

_FLAGS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}


def _value(name: str, raw: str, kind: str) -> Any:
    if kind == _NUMBER:
        try:
            return int(raw.strip())
        except ValueError:
            raise ConfigError(f"${name}", f"must be a whole number, not {raw!r}") from None
    if kind == _FLAG:
        flag = _FLAGS.get(raw.strip().lower())
        if flag is None:
            raise ConfigError(f"${name}", f"must be true or false, not {raw!r}")
        return flag
    if kind == _PATH:  # relative to where the command runs, as a shell user expects
        return str(Path(raw).expanduser().absolute())
    return raw


def apply_environment(
    data: Mapping[str, Any], environ: Mapping[str, str]
) -> tuple[dict[str, Any], list[str]]:
    """A copy of the parsed file with every set override applied, and the names applied.

    An empty variable counts as unset (``REFEREE_LMTP_PORT=`` leaves the file's port).
    """
    merged: dict[str, Any] = copy.deepcopy(dict(data))
    applied = []
    problems = []
    for name, (table, key, kind) in OVERRIDES.items():
        raw = environ.get(name, "")
        if not raw:
            continue
        try:
            value = _value(name, raw, kind)
        except ConfigError as error:
            problems.append(error)
            continue
        section = merged.setdefault(table, {})
        if not isinstance(section, dict):
            continue  # the file's own mistake, told by the checker
        section[key] = value
        applied.append(name)
    if problems:
        from referee.config import ConfigProblems

        raise ConfigProblems(problems)
    return merged, applied
