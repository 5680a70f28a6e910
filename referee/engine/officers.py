"""Carrying out officers' commands: publishing a drafted report, correcting a game's state.

They come by mail from the office's holder (or an administrator), or from the command line
(``referee command``), and are stored and replayed like any other mail, so a rebuilt record
has the same publications and corrections as the live one. Finding them in a message's text
is :mod:`referee.parsing.officer_commands`' job.
"""

from __future__ import annotations

import email
import email.policy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.utils import parsedate_to_datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.clock import format_utc, utc
from referee.config import Settings
from referee.egress.compose import Attachment, compose, new_message_id
from referee.engine.corrections import CORRECTION_RULE, correct
from referee.engine.events import EventOutcome
from referee.engine.outgoing import Outgoing
from referee.engine.results import ActionResult
from referee.engine.timeline import GameTimeline
from referee.engine.weekly_reports import reports_for
from referee.games.base import Context, Game, IllegalAction, RuleCitation
from referee.games.register.plugin import ADMINISTRATOR
from referee.parsing.officer_commands import Command, Publish, SetValue
from referee.store import queries
from referee.store.models import InboundMessage

PUBLISH_RULE = RuleCitation(
    "referee procedure",
    "P12 Publishing",
    "A drafted report is published when the holder of the office it was drafted for, or an "
    "administrator, replies to the draft with \u201cpublish\u201d.",
)


def _has_fraction(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_fraction(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_fraction(v) for v in value)
    return False


_CORRECT_VALUE_RULE = RuleCitation(
    "referee procedure", "P13 Corrections", "Game states are canonical JSON without floats."
)


@dataclass(frozen=True)
class Draft:
    """A report the referee drafted to an officer, found from a reply's In-Reply-To."""

    message_id: str
    game: str
    office: str
    subject: str
    body: str
    drafted_at: datetime
    attachments: tuple[Attachment, ...] = ()
    """The files the draft carried (its board), published with it."""


def find_draft(session: Session, in_reply_to: str) -> Draft | None:
    wanted = in_reply_to.strip()
    if not wanted:
        return None
    row = queries.outbound_by_message_id(session, wanted)
    if row is None:
        return None
    message = email.message_from_bytes(row.raw, policy=email.policy.default)
    game = message.get("X-Referee-Draft-Game")
    office = message.get("X-Referee-Draft-Office")
    if game is None or office is None:
        return None
    subject = str(message.get("Subject", ""))
    prefix = f"[draft for {office}] "
    body = message.get_body(preferencelist=("plain",))
    return Draft(
        message_id=wanted,
        game=str(game),
        office=str(office),
        subject=subject.removeprefix(prefix),
        body=body.get_content() if body is not None else "",
        drafted_at=utc(parsedate_to_datetime(str(message["Date"]))),
        attachments=tuple(
            Attachment(
                str(part.get_filename() or "attachment"),
                part.get_content_type(),
                bytes(part.get_payload(decode=True) or b""),
            )
            for part in message.iter_attachments()
        ),
    )


def latest_draft(session: Session, game: str) -> str | None:
    """The Message-ID of the newest drafted report of ``game`` (for the command line)."""
    for row in queries.outbound_of_kind_newest_first(session, "notice:%"):
        headers = email.message_from_bytes(row.raw, policy=email.policy.compat32)
        if headers.get("X-Referee-Draft-Game") == game:
            return row.message_id
    return None


class OfficerDesk:
    """Carries out officers' commands for the processor, recording each like an action."""

    def __init__(self, settings: Settings, games: Sequence[Game[Any]]) -> None:
        self.settings = settings
        self.games = {g.name.casefold(): g for g in games}

    def target(self, session: Session, command: Command, in_reply_to: str) -> str | None:
        """The name of the game a command concerns, if it names or answers one."""
        if isinstance(command, Publish):
            draft = find_draft(session, in_reply_to)
            return draft.game if draft else None
        game = self.games.get(command.game.casefold())
        return game.name if game else None

    def office_needed(self, session: Session, command: Command, in_reply_to: str) -> str | None:
        """The office whose holder (or an administrator) may give ``command``."""
        if isinstance(command, Publish):
            draft = find_draft(session, in_reply_to)
            return draft.office if draft else None
        game = self.games.get(command.game.casefold())
        return game.setup.officer if game else None

    def carry_out(
        self,
        session: Session,
        command: Command,
        context: Context,
        row: InboundMessage,
        in_reply_to: str,
        ready: Callable[[str], GameTimeline],
        outgoing: Outgoing,
        silent: bool,
    ) -> ActionResult:
        """Carry out one command; a refusal is an action result, never an exception."""
        game_name = ""
        shown = command.source.text
        try:
            if isinstance(command, Publish):
                draft = find_draft(session, in_reply_to)
                if draft is None:
                    raise IllegalAction(
                        "\u201cpublish\u201d must be a reply to a report I drafted (this "
                        "message does not answer one)",
                        PUBLISH_RULE,
                    )
                game_name = draft.game
                summary = self._publish(draft, context, row, ready(draft.game), outgoing, silent)
            else:
                game = self.games.get(command.game.casefold())
                if game is None:
                    known = ", ".join(g.name for g in self.games.values())
                    raise IllegalAction(
                        f"there is no game called {command.game!r} (games: {known})",
                        CORRECTION_RULE,
                    )
                game_name = game.name
                if isinstance(command.change, SetValue) and _has_fraction(command.change.value):
                    raise IllegalAction(
                        "game states hold no fractions; give a whole number",
                        _CORRECT_VALUE_RULE,
                    )
                if game.setup.officer not in context.offices and ADMINISTRATOR not in (
                    context.offices
                ):
                    raise IllegalAction(
                        f"only the {game.setup.officer} or an administrator can correct "
                        f"{game.name}",
                        CORRECTION_RULE,
                    )
                correction = correct(
                    ready(game.name),
                    command.path,
                    command.change,
                    command.reason,
                    context,
                    row.id,
                    text=command.source.text,
                )
                summary, shown = correction.summary, correction.text
        except IllegalAction as refused:
            return ActionResult(
                game=game_name or "officers' commands",
                text=command.source.text,
                line=command.source.line,
                outcome=EventOutcome.REJECTED,
                summary=refused.reason,
                rule=str(refused.rule) if refused.rule else None,
            )
        return ActionResult(
            game=game_name,
            text=shown,
            line=command.source.line,
            outcome=EventOutcome.APPLIED,
            summary=summary,
        )

    def _publish(
        self,
        draft: Draft,
        context: Context,
        row: InboundMessage,
        timeline: GameTimeline,
        outgoing: Outgoing,
        silent: bool,
    ) -> str:
        if draft.office not in context.offices and ADMINISTRATOR not in context.offices:
            raise IllegalAction(
                f"only the {draft.office} or an administrator can publish the "
                f"{draft.office}'s report",
                PUBLISH_RULE,
            )
        reports = reports_for(timeline)
        published = reports.publication_of(draft.drafted_at)
        if published is not None:
            raise IllegalAction(
                f"that report was already published on {format_utc(published)}", PUBLISH_RULE
            )
        if not self.settings.published_to:
            raise IllegalAction("no list address is configured to publish to", PUBLISH_RULE)
        to = (self.settings.published_to,)
        message = compose(
            sender=self.settings.bot_address,
            sender_name=self.settings.bot_name,
            to=to,
            subject=draft.subject,
            body=draft.body,
            message_id=new_message_id(self.settings.bot_address, "published", draft.message_id),
            date=context.at,
            auto_reply=False,
            attachments=draft.attachments,
        )
        outgoing.add(
            message, to, kind="report", inbound_id=row.id, at=context.at, suppressed=silent
        )
        summary = (
            f"{context.actor} published the {draft.office}'s report drafted "
            f"{format_utc(draft.drafted_at)} to {to[0]}, unedited"
        )
        reports.record_publication(draft.drafted_at, summary, context, row.id)
        return summary
