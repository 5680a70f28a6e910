"""Who acts, with which powers, by which route: settled once per message.

The sender's identity, the route, the credentials and whether e is an administrator are
read once from the stored message. What the Register says (the offices the author holds,
every player's standing) is looked up when each action is applied, because an earlier
action of the same message may have changed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.people import People
from referee.engine.reading import ReadMessage, read_message
from referee.engine.roster import Roster
from referee.games.base import Context, PlayerStatus, Route
from referee.games.register.plugin import ADMINISTRATOR
from referee.mailtext.dkim import TxtLookup
from referee.store.models import InboundMessage

COMMAND_LINE_ROUTE = "command-line"
"""The route of commands an officer types on the referee's command line (never mail's)."""

# Offices act through the holder's own From, or a list's rewriting of it undone by Reply-To
# or X-Original-From (Agora's lists rewrite From for DMARC); a guess from Cc alone is good
# enough to play, not to rule (rulings P10).
_TRUSTED_ATTRIBUTIONS = ("from", "reply-to", "x-original-from")

_NO_VIEWS: Mapping[str, Mapping[str, Any]] = {}


@dataclass(frozen=True)
class MessageContext:
    """One message as the engine acts on it: the message read, and who acts by it."""

    row: InboundMessage
    read: ReadMessage
    actor: str | None
    """The author, or :data:`ADMINISTRATOR` for an unregistered administrator, or None."""
    administrator: bool
    offices_trusted: bool
    """Whether the author's offices count (the attribution is good enough to rule)."""
    route: Route
    from_command_line: bool

    @property
    def at(self) -> datetime:
        return self.row.effective_at

    @property
    def author(self) -> str | None:
        return self.read.author


class ContextBuilder:
    """Builds each message's :class:`MessageContext`, and the games' :class:`Context`."""

    def __init__(self, people: People, roster: Roster, dkim_dns: TxtLookup | None) -> None:
        self.people = people
        self.roster = roster
        self.dkim_dns = dkim_dns  # replaces dkimpy's DNS lookup of DKIM keys (tests)

    def for_message(self, row: InboundMessage) -> MessageContext:
        read = read_message(row, self.people, self.dkim_dns)
        from_command_line = row.route == COMMAND_LINE_ROUTE
        administrator = self._is_administrator(read, from_command_line)
        actor = read.author
        if actor is None and administrator:
            actor = ADMINISTRATOR
        return MessageContext(
            row=row,
            read=read,
            actor=actor,
            administrator=administrator,
            offices_trusted=read.attribution.how in _TRUSTED_ATTRIBUTIONS or from_command_line,
            route=Route.OFFICER if from_command_line else read.route,
            from_command_line=from_command_line,
        )

    def _is_administrator(self, read: ReadMessage, from_command_line: bool) -> bool:
        """Commands typed on the referee's command line, or mail whose own From header (not
        a list's rewriting of it) is a configured administrator's address."""
        if from_command_line:
            return True
        attribution = read.attribution
        return attribution.how == "from" and attribution.address in self.people.administrators

    def players(self, session: Session) -> Mapping[str, PlayerStatus]:
        return self.roster.statuses(session)

    def action(
        self,
        session: Session,
        message: MessageContext,
        views: Mapping[str, Mapping[str, Any]] = _NO_VIEWS,
    ) -> Context:
        """The context of one action of ``message``, as the Register stands now."""
        offices = (
            self.roster.offices_of(session, message.author, administrator=message.administrator)
            if message.offices_trusted
            else frozenset()
        )
        return Context(
            at=message.at,
            actor=message.actor,
            offices=offices,
            route=message.route,
            message_key=message.read.message_key,
            players=self.roster.statuses(session),
            credentials=message.read.credentials,
            views=views,
        )

    @staticmethod
    def scheduled(
        at: datetime,
        players: Mapping[str, PlayerStatus],
        views: Mapping[str, Mapping[str, Any]] = _NO_VIEWS,
    ) -> Context:
        """The context of something no one did: a tick, or the clock run by the referee."""
        return Context(
            at=at,
            actor=None,
            offices=frozenset(),
            route=Route.OFFICER,
            message_key=None,
            players=players,
            views=views,
        )
