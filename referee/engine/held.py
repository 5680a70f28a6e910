"""Commands held for want of proof, confirming them, and offices a player may not use.

A header names a person; only a proof lets a message use eir office (rulings P16). A
command that needs an office the message does not prove is held, not done: its result
says so and how to prove it, and a confirmation request may let its author confirm it by
a reply with the request's token.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from referee.config import Settings
from referee.engine.confirmations import CONFIRMED_NOTE, find_confirmed, is_held
from referee.engine.context import ContextBuilder, MessageContext
from referee.engine.events import EventOutcome
from referee.engine.powers import CONFIRM_RULE, PROOF_RULE, Powers, find_token, officer_plays
from referee.engine.results import ActionResult, MessageResults
from referee.engine.timeline import timeline_for
from referee.games.base import Game, Route
from referee.games.register.actions import Appoint
from referee.games.register.plugin import ADMINISTRATOR
from referee.mailtext.guards import reply_suppression


def held_result(
    powers: Powers,
    message: MessageContext,
    game: str,
    text: str,
    line: int,
    claimed: frozenset[str],
    proven: frozenset[str],
) -> ActionResult:
    """The refusal of a command that needs an office the message does not prove."""
    missing = sorted(claimed - proven, key=lambda o: (o == ADMINISTRATOR, o))
    office = missing[0]
    person = message.actor
    who = message.read.attribution.address if person == ADMINISTRATOR else person
    requested = powers.token(message.row.message_key) is not None and powers.confirmable(office)
    title = "an administrator" if office == ADMINISTRATOR else f"the {office}"
    return ActionResult(
        game=game,
        text=text,
        line=line,
        outcome=EventOutcome.REJECTED,
        summary=(
            f"held, not done: this needs the powers of {title}, and nothing in this "
            f"message proves that {person} wrote it (a From or Reply-To header can be "
            f"forged). {powers.how_to_prove(office, who, requested=requested)}"
        ),
        rule=str(PROOF_RULE),
    )


def appointment_conflict(
    session: Session, games: Sequence[Game[Any]], action: Appoint
) -> str | None:
    """Why the Register may not give ``action.office`` to ``action.player`` (rulings P17)."""
    for game in games:
        if game.setup.officer != action.office:
            continue
        if officer_plays(game, timeline_for(game, session).state, action.player):
            return (
                f"{action.player} plays {game.name}, whose officer is the "
                f"{action.office}, and a player of it cannot be its officer"
            )
    return None


@dataclass(frozen=True)
class Confirmation:
    """An earlier message whose held commands this one confirms."""

    message: MessageContext
    """The held message's words and author, at the confirming message's instant."""
    keys: frozenset[tuple[int, str]]
    """The (line, text) of each held command."""
    note: str


def confirmation(
    session: Session,
    settings: Settings,
    powers: Powers,
    contexts: ContextBuilder,
    message: MessageContext,
) -> Confirmation | ActionResult | None:
    """What a "confirm TOKEN" line in ``message`` confirms; the refusal of a token that
    confirms nothing; or None when there is no such line."""
    found_token = find_token(message.read.own_lines())
    if found_token is None:
        return None
    line, token = found_token

    def refused(reason: str) -> ActionResult:
        return ActionResult(
            "officers' commands",
            "confirm [token]",
            line,
            EventOutcome.REJECTED,
            reason,
            rule=str(CONFIRM_RULE),
        )

    if settings.powers.confirmation_secret is None:
        return refused("confirmations are not used here")
    # An auto-responder at the person's address that repeats the request's text (a
    # vacation notice, a "your message was received" robot) writes the line without the
    # person reading what it confirms: only a person's own reply confirms.
    automatic = reply_suppression(
        message.read.message, frozenset({settings.bot_address.lower()}), True
    )
    if automatic is not None:
        return refused(f"a confirmation must be your own reply, and {automatic}")
    if message.read.route is not Route.PRIVATE or message.read.copied_to_list:
        # A token is a secret between the referee and the person's mailbox: posted to a
        # list it is public, and a list's rewriting names whoever Reply-To says (SEC-2).
        return refused(
            "a confirmation counts only mailed to me privately: posted to a list, its token "
            "is public and confirms nothing; send the command again"
        )
    person = (message.actor, message.read.attribution.address)
    found = find_confirmed(session, powers, token, message.row, person)
    if found.row is None:
        return refused(found.refusal or "that token confirms nothing")
    held_row = found.row
    stored = MessageResults.from_json(held_row.results or {})
    return Confirmation(
        message=contexts.for_message(message.row, words_of=held_row),
        keys=frozenset((a.line, a.text) for a in stored.actions if is_held(a)),
        note=CONFIRMED_NOTE.format(key=held_row.message_key),
    )
