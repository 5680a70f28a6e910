"""Turning a raw email into what later stages need: text, author, time, reply policy.

Pure functions over parsed messages (:class:`email.message.EmailMessage` from
``email.policy.default`` in practice; any :class:`email.message.Message` works).
No I/O, no database, and none of them raises on malformed mail.

The names below are imported from their modules on first use: the configuration needs
only :mod:`referee.mailtext.lists`, and a command that reads no mail should not pay for
the rest.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.mailtext.body import AuthorText, TextLine, author_text
    from referee.mailtext.guards import reply_suppression
    from referee.mailtext.html import html_to_text
    from referee.mailtext.quoting import LineKind, QuoteSplit, split_quoted
    from referee.mailtext.sender import AddressBook, Attribution, identify_author
    from referee.mailtext.timing import EffectiveTime, arrival_from_received, effective_time

_HOMES = {
    "AddressBook": "sender",
    "Attribution": "sender",
    "AuthorText": "body",
    "EffectiveTime": "timing",
    "LineKind": "quoting",
    "QuoteSplit": "quoting",
    "TextLine": "body",
    "arrival_from_received": "timing",
    "author_text": "body",
    "effective_time": "timing",
    "html_to_text": "html",
    "identify_author": "sender",
    "reply_suppression": "guards",
    "split_quoted": "quoting",
}

__all__ = [
    "AddressBook",
    "Attribution",
    "AuthorText",
    "EffectiveTime",
    "LineKind",
    "QuoteSplit",
    "TextLine",
    "arrival_from_received",
    "author_text",
    "effective_time",
    "html_to_text",
    "identify_author",
    "reply_suppression",
    "split_quoted",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
