"""Turning a raw email into what later stages need: text, author, time, reply policy.

Pure functions over parsed messages (:class:`email.message.EmailMessage` from
``email.policy.default`` in practice; any :class:`email.message.Message` works).
No I/O, no database, and none of them raises on malformed mail.
"""

from referee.mailtext.body import AuthorText, TextLine, author_text
from referee.mailtext.guards import reply_suppression
from referee.mailtext.html import html_to_text
from referee.mailtext.quoting import LineKind, QuoteSplit, split_quoted
from referee.mailtext.sender import AddressBook, Attribution, identify_author
from referee.mailtext.timing import EffectiveTime, arrival_from_received, effective_time

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
