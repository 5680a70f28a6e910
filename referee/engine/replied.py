"""The message a reply answers, as the store holds it (In-Reply-To, else References).

"I support." or "As do I." with no quoted text answers the message named in the reply's
In-Reply-To header. Only a public message the referee has stored, not quarantined, that
takes effect before the reply is read: a private one may hold a secret, and a header is
only a claim, so the lines come from the store, never from the reply.

When the message answered says nothing but agreement itself ("Me too." under an action),
the reply agrees with what that one agreed with: its quoted text, or else the message it
answered in turn, followed a few messages up the thread (docs/rulings.md P19).
"""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Callable
from email.message import Message

from sqlalchemy.orm import Session

from referee.config import Visibility
from referee.engine.context import MessageContext
from referee.ingress.inbox import Status, reused_base
from referee.ingress.reuse import REUSED_MARK
from referee.mailtext.body import author_text
from referee.parsing.finder import only_answers
from referee.store import queries
from referee.store.models import InboundMessage

_MESSAGE_ID = re.compile(r"<([^<>\s]{1,900})>")

CHAIN_HOPS = 4
"""How many messages up a thread of bare agreements ("Me too.", "As do I.") a reply is
followed to the message that holds the action; an officer reading a long thread of
"+1"s stops somewhere, and so does the referee."""


def replied_key(message: MessageContext) -> str | None:
    """The Message-ID the reply answers: In-Reply-To's, else the last of References."""
    return _key_from(message.read.header_text)


def _key_from(header_text: Callable[[str], str]) -> str | None:
    for header, pick in (("In-Reply-To", 0), ("References", -1)):
        found = _MESSAGE_ID.findall(header_text(header))
        if found:
            return str(found[pick])
    return None


def replied_lines(session: Session, message: MessageContext) -> list[tuple[int, str]]:
    """The own lines of the stored message the reply answers, or none; when that message
    only agrees, the lines it agreed with."""
    key = replied_key(message)
    reply_at = (message.row.effective_at, message.row.id)
    seen = {message.row.id}
    for _ in range(CHAIN_HOPS):
        if key is None:
            return []
        original = public_under(session, key)
        if (
            original is None
            or original.id in seen
            or original.visibility != Visibility.PUBLIC.value
            or original.status == Status.QUARANTINED.value
            or (original.effective_at, original.id) > reply_at
        ):
            return []
        parsed = email.message_from_bytes(original.raw, policy=email.policy.compat32)
        text = author_text(parsed)
        own = [(line.number, line.text) for line in text.lines]
        if not only_answers([line for _, line in own]):
            return own
        if text.quoted:
            return [(line.number, line.text) for line in text.quoted]
        seen.add(original.id)
        key = _key_from(_header_reader(parsed))
    return []


def public_under(session: Session, key: str) -> InboundMessage | None:
    """The stored message a reply naming ``key`` answers: the one under that key, unless it
    is private and a post from a public source reusing its Message-ID stands under a key of
    its own (SEC-3-2): the list's readers answer the post they read."""
    found = queries.message_by_key(session, key)
    if found is None or found.visibility == Visibility.PUBLIC.value:
        return found
    for post in queries.messages_keyed_after(session, key + REUSED_MARK, Visibility.PUBLIC.value):
        if reused_base(post.message_key, post.raw) == key:
            return post
    return found


def _header_reader(parsed: Message) -> Callable[[str], str]:
    def header_text(name: str) -> str:
        return str(parsed.get(name, ""))

    return header_text
