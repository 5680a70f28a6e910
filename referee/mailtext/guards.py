"""Whether the referee may answer a message automatically.

An automatic answer to an automatic message risks a mail loop or mail to a machine
nobody reads (RFC 3834).  Suppression only affects replies: the actions in a message
are processed either way.
"""

from __future__ import annotations

import re
from email.message import Message

from referee.mailtext.sender import decode_words, header_addresses, header_values

__all__ = ["reply_suppression"]

# Local parts that belong to mail software rather than people.
_MACHINE_LOCAL_PARTS = re.compile(
    r"^(?:mailer-daemon|postmaster|no[-_.]?reply|do[-_.]?not[-_.]?reply)(?:[+-].*)?$",
    re.IGNORECASE,
)
_AUTO_SUBJECT = re.compile(
    r"^\s*(?:"
    r"out of (?:the )?office|automatic reply|auto(?:matic)?[- ]?(?:reply|response)|"
    r"autoreply|auto:|abwesenheitsnotiz|réponse automatique|respuesta automática"
    r")",
    re.IGNORECASE,
)
_AUTORESPONDER_HEADERS = ("x-autoreply", "x-autorespond", "x-autoresponder")
_BULK_PRECEDENCE = frozenset({"bulk", "junk", "list"})


def _first_token(value: str) -> str:
    # "auto-replied; owner-email=..." and "bulk (list traffic)" carry extra words.
    return re.split(r"[;\s(]", value.strip(), maxsplit=1)[0].lower()


def _is_machine(address: str) -> bool:
    return bool(_MACHINE_LOCAL_PARTS.match(address.split("@", 1)[0]))


def _sender_reason(msg: Message, bot_addresses: frozenset[str]) -> str | None:
    """Reasons found in From and Return-Path."""
    from_values = header_values(msg, "from")
    senders = header_addresses(msg, "from")
    if not senders:
        shown = from_values[0].strip() if from_values else ""
        return f"the message has no sender address (From: {shown or 'missing'})"
    address = senders[0][1]
    if address in bot_addresses:
        return f"the message comes from the referee's own address ({address})"
    if _is_machine(address):
        return f"the message comes from mail software ({address}), not a person"
    for path in header_values(msg, "return-path"):
        stripped = path.strip()
        if stripped in ("<>", ""):
            return "the message is a delivery report (its Return-Path is empty)"
        returned = header_addresses(msg, "return-path")
        if returned and _is_machine(returned[0][1]):
            return f"the message comes from mail software (Return-Path: {returned[0][1]})"
    return None


def _automatic_reason(msg: Message) -> str | None:
    """Reasons found in the headers automatic senders are asked to set."""
    for value in header_values(msg, "auto-submitted"):
        token = _first_token(value)
        if token and token != "no":
            kind = "an automatic reply" if token == "auto-replied" else "sent automatically"
            return f"the message is {kind} (Auto-Submitted: {value.strip()})"
    for header in _AUTORESPONDER_HEADERS:
        for value in header_values(msg, header):
            if _first_token(value) not in ("no", "false", "0"):
                return f"the message is an automatic reply ({header.title()}: {value.strip()})"
    for value in header_values(msg, "subject"):
        subject = decode_words(value).strip()
        if _AUTO_SUBJECT.match(subject):
            return f"the message is an automatic reply (Subject: {subject[:80]})"
    return None


def _loop_reason(msg: Message, bot_addresses: frozenset[str]) -> str | None:
    for value in header_values(msg, "x-loop"):
        lowered = value.lower()
        for address in sorted(bot_addresses):
            if address and address in lowered:
                return f"the message has already been through the referee (X-Loop: {value.strip()})"
    return None


def reply_suppression(
    msg: Message, bot_addresses: frozenset[str], addressed_to_bot: bool
) -> str | None:
    """A reason not to answer ``msg`` automatically, or None if an answer is fine.

    Suppressed: mail from the bot itself or carrying its X-Loop; mail with no sender,
    an empty Return-Path, or a mailer-daemon/postmaster/noreply sender; Auto-Submitted
    other than "no"; X-Autoreply/X-Autorespond; out-of-office style subjects; and
    Precedence bulk/junk/list unless ``addressed_to_bot`` (then the sender asked the
    referee directly, and is answered).  Never raises.
    """
    bots = frozenset(address.lower() for address in bot_addresses)
    try:
        for check in (_loop_reason(msg, bots), _sender_reason(msg, bots), _automatic_reason(msg)):
            if check is not None:
                return check
        if not addressed_to_bot:
            for value in header_values(msg, "precedence"):
                token = _first_token(value)
                if token in _BULK_PRECEDENCE:
                    return f"the message was sent as bulk mail (Precedence: {value.strip()})"
    except Exception as exc:  # when in doubt, stay silent rather than risk a loop
        return f"the message headers could not be read ({exc!r})"
    return None
