"""Confirmation requests: a held command is performed when its author replies with a token.

The token is an HMAC of the configured secret and the held message's key, so it needs no
table: a replay of the stored mail finds the same message and decides the same way. That a
token was used is read from the stored results of the mail before it, in processing order.
"""

from __future__ import annotations

import email
import email.policy
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.utils import getaddresses

from sqlalchemy.orm import Session

from referee.clock import day_start
from referee.config import Settings, Visibility
from referee.egress.compose import compose, new_message_id
from referee.egress.outbox import enqueue
from referee.engine.powers import PROOF_RULE, Powers
from referee.engine.results import ActionResult
from referee.games.register.plugin import ADMINISTRATOR
from referee.ingress.inbox import Status
from referee.store import queries
from referee.store.models import InboundMessage

CONFIRMED_NOTE = "confirmed the commands held from message {key}"
REQUEST_KIND = "confirmation-request"
# At most this many confirmation requests a day to one address: forged commands cannot
# flood an officer's mailbox.
DAILY_REQUESTS = 5
_LOOKBACK = 10  # confirmation windows searched for the message a token names


def is_held(result: ActionResult) -> bool:
    """Whether a stored result is a command held for want of proof."""
    return result.outcome == "rejected" and result.rule == str(PROOF_RULE)


@dataclass(frozen=True)
class Found:
    """The message a token confirms, or why the token confirms nothing."""

    row: InboundMessage | None
    refusal: str | None


def find_confirmed(
    session: Session,
    powers: Powers,
    token: str,
    reply: InboundMessage,
    person: tuple[str | None, str | None],
) -> Found:
    """The held message ``token`` confirms, if ``person`` (the reply's author and address)
    is its author, within the time allowed, and the token was not used before."""
    window = powers.settings.powers.confirmation_window
    keys = queries.message_keys_newest_first(
        session,
        Status.DONE.value,
        # Far enough back to tell an expired token from a made-up one, no further.
        since=reply.effective_at - _LOOKBACK * window,
        until=reply.effective_at,
        excluding=reply.id,
    )
    match = next((row_id for row_id, key in keys if powers.matches(token, key)), None)
    if match is None:
        return Found(None, "that token confirms no message of yours that I hold")
    held = session.get(InboundMessage, match)
    assert held is not None
    results = held.results or {}
    author, address = person
    if (
        author is None
        or results.get("author") != author
        or (author == ADMINISTRATOR and results.get("address") != address)
    ):
        return Found(None, "that token confirms no message of yours that I hold")
    if reply.effective_at - held.effective_at > window:
        return Found(None, "that confirmation has expired: send the command again")
    if not any(is_held(ActionResult(**a)) for a in results.get("actions", [])):
        return Found(None, "that message holds no command waiting for confirmation")
    if _used(session, held, reply):
        return Found(None, "that confirmation was already used; a token works once")
    if _published(session, token, held, reply, powers.settings.list_addresses):
        return Found(
            None,
            "that token was posted to a list, so anyone may have written this reply: send "
            "the command again, and keep its new confirmation to yourself",
        )
    return Found(held, None)


def _published(
    session: Session,
    token: str,
    held: InboundMessage,
    reply: InboundMessage,
    lists: Sequence[str],
) -> bool:
    """Whether ``token`` stood in mail that went to a list before ``reply`` (SEC-2): the
    person forwarded the request to ask who sent the command, or quoted it in a post.
    Everyone who reads the list then holds the token, and a reply in the person's name
    proves nothing. Any stored message counts, read or not, in processing order."""
    lowered = {address.lower() for address in lists}
    for row in queries.messages_in_effect_between(
        session, since=held.effective_at, until=reply.effective_at, excluding=reply.id
    ):
        if (row.effective_at, row.id) >= (reply.effective_at, reply.id):
            continue
        # Private mail a list also brought a copy of (SEC-3-4) went to the list as well.
        if row.visibility == Visibility.PRIVATE.value and not _sent_to(row.raw, lowered):
            continue
        if _holds_token(row.raw, token):
            return True
    return False


def _sent_to(raw: bytes, lists: set[str]) -> bool:
    message = email.message_from_bytes(raw, policy=email.policy.compat32)
    values = [str(v) for name in ("To", "Cc") for v in message.get_all(name, [])]
    return any(address.lower() in lists for _, address in getaddresses(values))


def _holds_token(raw: bytes, token: str) -> bool:
    """Whether ``token`` can be read in ``raw``: in its bytes or any part decoded."""
    wanted = token.lower()
    if wanted.encode("ascii") in raw.lower():
        return True
    try:
        message = email.message_from_bytes(raw, policy=email.policy.compat32)
        for part in message.walk():
            payload = part.get_payload(decode=True)
            if isinstance(payload, bytes) and wanted.encode("ascii") in payload.lower():
                return True
    except Exception:  # mail too broken to decode: its bytes were searched
        return False
    return False


def _used(session: Session, held: InboundMessage, reply: InboundMessage) -> bool:
    note = CONFIRMED_NOTE.format(key=held.message_key)
    later = queries.messages_between(
        session,
        Status.DONE.value,
        since=held.effective_at,
        until=reply.effective_at,
        excluding=reply.id,
    )
    return any(
        (row.effective_at, row.id) < (reply.effective_at, reply.id)
        and note in (row.results or {}).get("notes", [])
        for row in later
    )


def request_confirmation(
    session: Session,
    settings: Settings,
    *,
    token: str,
    to: str,
    person: str,
    held: list[ActionResult],
    row: InboundMessage,
    at: datetime,
    silent: bool,
) -> bool:
    """Mail the confirmation request to the person's registered address (only there)."""
    if not silent and not _within_cap(session, to, at):
        return False
    hours = int(settings.powers.confirmation_window.total_seconds() // 3600)
    quoted = "\n".join(f'    "{r.text}" ({r.game})' for r in held)
    body = (
        f"A message that names you, {person}, as its author asks me to use your powers:\n\n"
        f"{quoted}\n\n"
        "Nothing in it proved that you wrote it, so nothing has been done. If you did, "
        "reply to this mail with this line as your own text (not quoted), within "
        f"{hours} hours:\n\n"
        f"    confirm {token}\n\n"
        "If you did not, ignore this mail: nothing will happen. Do not forward it; the line "
        "above works once.\n\n"
        "-- \nThe referee (an automatic program).\n"
    )
    message = compose(
        sender=settings.bot_address,
        sender_name=settings.bot_name,
        to=(to,),
        subject="Confirm your command to the referee",
        body=body,
        message_id=new_message_id(settings.bot_address, "confirm", row.message_key),
        date=at,
        auto_reply=True,
    )
    enqueue(
        session, message, (to,), kind=REQUEST_KIND, inbound_id=row.id, now=at, suppressed=silent
    )
    return True


def _within_cap(session: Session, address: str, at: datetime) -> bool:
    counter = queries.reply_counter(session, f"confirm:{address}", day_start(at))
    if counter.count >= DAILY_REQUESTS:
        return False
    counter.count += 1
    return True
