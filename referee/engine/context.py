"""Who acts, with which powers, by which route: settled once per message.

The sender's identity, the route, the credentials and whether e claims to be an
administrator are read once from the stored message. What the Register says (the offices
the author holds, every player's standing) is looked up when each action is applied,
because an earlier action of the same message may have changed it; which of those offices
the message may use is what it proves (:class:`Powers`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.people import People
from referee.engine.powers import Powers, officer_plays
from referee.engine.reading import ReadMessage, read_message
from referee.engine.roster import Roster
from referee.engine.timeline import timeline_for
from referee.games.base import Context, Game, GameView, PlayerStatus, Route
from referee.games.register.plugin import ADMINISTRATOR
from referee.mailtext.dkim import TxtLookup
from referee.mailtext.sender import AttributedBy
from referee.store.models import InboundMessage

COMMAND_LINE_ROUTE = "command-line"
"""The route of commands an officer types on the referee's command line (never mail's)."""

_NO_VIEWS: Mapping[str, GameView[Any]] = {}


@dataclass(frozen=True)
class MessageContext:
    """One message as the engine acts on it: the message read, and who acts by it."""

    row: InboundMessage
    read: ReadMessage
    actor: str | None
    """The author, or :data:`ADMINISTRATOR` for an unregistered administrator, or None."""
    administrator: bool
    """Whether the sender is an administrator; for mail only a claim, which
    :class:`Powers` checks like any office."""
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

    def __init__(
        self,
        people: People,
        roster: Roster,
        powers: Powers,
        games: Sequence[Game[Any]],
        dkim_dns: TxtLookup | None,
    ) -> None:
        self.people = people
        self.roster = roster
        self.powers = powers
        self.games = {game.name: game for game in games}
        self.dkim_dns = dkim_dns  # replaces dkimpy's DNS lookup of DKIM keys (tests)

    def for_message(
        self, row: InboundMessage, *, words_of: InboundMessage | None = None
    ) -> MessageContext:
        """The message ``row``; ``words_of`` another (held) message whose commands ``row``
        confirms: its text and author, at ``row``'s instant."""
        return self.context_of(row, read_message(words_of or row, self.people, self.dkim_dns))

    def context_of(self, row: InboundMessage, read: ReadMessage) -> MessageContext:
        """The message ``row`` as ``read`` (here, or ahead by :mod:`read_ahead`)."""
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
            route=Route.OFFICER if from_command_line else read.route,
            from_command_line=from_command_line,
        )

    def _is_administrator(self, read: ReadMessage, from_command_line: bool) -> bool:
        """Commands typed on the referee's command line, or mail whose own From header (not
        a list's rewriting of it) is a configured administrator's address. For mail this is
        only a claim: :class:`Powers` decides whether the message proves it."""
        if from_command_line:
            return True
        attribution = read.attribution
        return (
            attribution.how is AttributedBy.FROM
            and attribution.address in self.people.administrators
        )

    def players(self, session: Session) -> Mapping[str, PlayerStatus]:
        return self.roster.statuses(session)

    def holds_office(self, session: Session, message: MessageContext) -> bool:
        """Whether the author holds any office (or is an administrator), proven or not."""
        return bool(
            self.roster.offices_of(session, message.author, administrator=message.administrator)
        )

    def action(
        self,
        session: Session,
        message: MessageContext,
        views: Mapping[str, GameView[Any]] = _NO_VIEWS,
        *,
        game: str | None = None,
        powered: bool = False,
        confirmed: bool = False,
    ) -> Context:
        """The context of one action of ``message``, as the Register stands now.

        Its offices are those the message proves (``powered``: all the author holds, proven
        or not; ``confirmed``: the author confirmed the message by reply); over ``game``,
        never an office a player of it may not hold.
        """
        held = self.roster.offices_of(session, message.author, administrator=message.administrator)
        if message.from_command_line or powered:
            offices = held
        else:
            # A header names the holder; only a proof lets the message use the office
            # (rulings P16). A guess from Cc is never the "address" proof.
            offices = self.powers.claim(message.read, message.row, held, confirmed=confirmed).proven
        if game is not None:
            offices = self._without_conflict(session, game, message.actor, offices)
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

    def _without_conflict(
        self, session: Session, name: str, actor: str | None, offices: frozenset[str]
    ) -> frozenset[str]:
        """A player of a game whose rules forbid its officer to play has no power over it."""
        game = self.games.get(name)
        if game is None or game.setup.officer not in offices:
            return offices
        if officer_plays(game, timeline_for(game, session).state, actor):
            return offices - {game.setup.officer}
        return offices

    @staticmethod
    def scheduled(
        at: datetime,
        players: Mapping[str, PlayerStatus],
        views: Mapping[str, GameView[Any]] = _NO_VIEWS,
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
