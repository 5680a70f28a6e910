"""Delivery failure reports that come back: recognised, and the outbox row marked.

A report (RFC 3464: ``multipart/report; report-type=delivery-status``) names each
recipient it is about, with an Action; those that "failed" are recorded against the
outgoing message whose Message-ID the report returns (in its ``message/rfc822`` or
``text/rfc822-headers`` part). The report proves nothing about who sent it, so it never
does more than that record: an operator reads it (and a later send is not stopped). Only
mail already sent can bounce: a report about mail still queued, or naming none of its
recipients, is ignored.
"""

from __future__ import annotations

import email
import email.policy
import logging
from dataclasses import dataclass
from email.message import Message

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.store.models import OutboundMessage

log = logging.getLogger("referee.bounces")

BOUNCED = "bounced"
"""The outbox status of a message a delivery failure report came back for."""
SENT = "sent"
"""The outbox status of a message the mail server accepted (``OutStatus.SENT``)."""


@dataclass(frozen=True)
class DeliveryFailure:
    message_id: str
    failed: tuple[tuple[str, str], ...]  # (address, status and diagnostic) per recipient


def _fields(part: Message) -> list[Message]:
    """The per-message and per-recipient field groups of a message/delivery-status part."""
    payload = part.get_payload()
    if isinstance(payload, list):  # the library parsed the groups as messages
        return [group for group in payload if isinstance(group, Message)]
    text = payload if isinstance(payload, str) else ""
    groups = [g for g in text.replace("\r\n", "\n").split("\n\n") if g.strip()]
    return [email.message_from_string(group + "\n") for group in groups]


def _address(value: str | None) -> str:
    text = str(value or "").strip()
    return text.split(";", 1)[1].strip().strip("<>").lower() if ";" in text else text.lower()


def _returned_message_id(report: Message) -> str | None:
    for part in report.walk():
        kind = part.get_content_type()
        if kind == "message/rfc822":
            inner = part.get_payload()
            if isinstance(inner, list) and inner and isinstance(inner[0], Message):
                found = inner[0].get("Message-ID")
                if found:
                    return str(found).strip()
        elif kind == "text/rfc822-headers":
            payload = part.get_payload(decode=True)
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
            found = email.message_from_string(text).get("Message-ID")
            if found:
                return str(found).strip()
    return None


def delivery_failure(raw: bytes, parsed: Message | None = None) -> DeliveryFailure | None:
    """The failures a delivery status report tells of, or None if ``raw`` is not one (or
    tells of no failure, or does not say which message it returns). ``parsed`` is ``raw``
    already parsed with compat32, if the caller has it."""
    try:
        report = (
            parsed
            if parsed is not None
            else email.message_from_bytes(raw, policy=email.policy.compat32)
        )
        if report.get_content_type() != "multipart/report":
            return None
        if str(report.get_param("report-type", "")).lower() != "delivery-status":
            return None
        failed = []
        for part in report.walk():
            if part.get_content_type() != "message/delivery-status":
                continue
            for group in _fields(part):
                if str(group.get("Action", "")).strip().lower() != "failed":
                    continue
                address = _address(group.get("Final-Recipient") or group.get("Original-Recipient"))
                status = str(group.get("Status", "")).strip()
                diagnostic = " ".join(str(group.get("Diagnostic-Code", "")).split())
                failed.append((address, " ".join(p for p in (status, diagnostic) if p)))
        message_id = _returned_message_id(report)
    except Exception:  # a broken report is only a message that is not a report
        log.debug("a report could not be read", exc_info=True)
        return None
    if not failed or message_id is None:
        return None
    return DeliveryFailure(message_id, tuple(failed))


def record_bounce(
    session: Session, raw: bytes, parsed: Message | None = None
) -> OutboundMessage | None:
    """Mark the outgoing message ``raw`` reports a failed delivery of; the row, or None
    when ``raw`` is no such report or returns no message the referee sent. ``parsed`` as
    for :func:`delivery_failure`."""
    failure = delivery_failure(raw, parsed)
    if failure is None:
        return None
    row = session.scalar(
        select(OutboundMessage).where(OutboundMessage.message_id == failure.message_id)
    )
    # A report can only be about mail that went out, to one of its recipients: one about
    # mail still waiting in the outbox (the server was away) is forged, by someone who
    # derived its Message-ID as the referee does, to keep it from ever being sent (SEC-2).
    if row is None or row.status != SENT:
        return None
    recipients = {str(address).lower() for address in row.recipients or ()}
    if not any(address in recipients for address, _ in failure.failed):
        return None
    told = "; ".join(f"{address}: {why}" if why else address for address, why in failure.failed)
    row.status = BOUNCED
    row.last_error = f"delivery failed ({told})"[:2000]
    log.warning("outgoing message %s bounced: %s", row.message_id, told)
    return row
