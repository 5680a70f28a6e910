"""Links to a message by its Message-ID: a ``mid:`` URL (RFC 2392), or an archive's page.

An archive URL pattern holds ``{id}`` where the Message-ID goes (without its angle
brackets, percent-encoded): ``https://mail-archive.example/agora/{id}``.
"""

from __future__ import annotations

from urllib.parse import quote

from referee.errors import RefereeError

PLACEHOLDER = "{id}"


class LinkPatternError(RefereeError):
    pass


def check_pattern(pattern: str) -> str:
    """The pattern, if it is a web address with exactly one ``{id}`` in it."""
    if pattern.count(PLACEHOLDER) != 1:
        raise LinkPatternError(
            f"the archive URL {pattern!r} must hold {PLACEHOLDER} once, where the Message-ID "
            "goes (e.g. https://mail-archive.example/agora/{id})"
        )
    if not pattern.startswith(("https://", "http://")):
        raise LinkPatternError(f"the archive URL {pattern!r} must start with https:// or http://")
    return pattern


def bare_id(message_id: str) -> str:
    """``<abc@example.org>`` -> ``abc@example.org``."""
    return message_id.strip().removeprefix("<").removesuffix(">")


def message_link(message_id: str, pattern: str | None = None) -> str:
    """Where the message can be read: the archive's page, else its ``mid:`` URL."""
    encoded = quote(bare_id(message_id), safe="@!$&'()*+,;=-._~")
    if pattern is None:
        return f"mid:{encoded}"
    return pattern.replace(PLACEHOLDER, encoded)
