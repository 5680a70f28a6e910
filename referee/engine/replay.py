"""Applying already-processed mail again, silently: after late mail, and after an amendment.

Late mail rewinds the games it concerns (:mod:`referee.engine.late_mail`); once it has been
applied where it belongs, the mail processed since is applied again to those games alone.
An amendment of a game's ruleset re-runs the game (and the games that read it) from the
amendment's instant. Either way nothing is sent: the answers went out long ago.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.answers import Answerer
from referee.engine.context import ContextBuilder, MessageContext
from referee.engine.dispatch import Dispatcher
from referee.engine.finding import find_in_message
from referee.engine.game_order import GameOrder
from referee.engine.modes import Mode
from referee.engine.outgoing import Outgoing
from referee.engine.results import MessageResults
from referee.engine.ticks import advance, tick_contexts
from referee.engine.timeline import forget_timeline, timeline_for
from referee.games.base import Game
from referee.ingress.inbox import Status
from referee.store import queries
from referee.store.models import InboundMessage


class Replay:
    def __init__(
        self,
        games: Sequence[Game[Any]],
        order: GameOrder,
        contexts: ContextBuilder,
        dispatcher: Dispatcher,
        answerer: Answerer,
    ) -> None:
        self.games = list(games)
        self.order = order
        self.contexts = contexts
        self.dispatcher = dispatcher
        self.answerer = answerer

    def fit_in(
        self, session: Session, rewound: Mapping[str, list[InboundMessage]], outgoing: Outgoing
    ) -> None:
        """After late mail: apply the later mail again to the games it rewound.

        Games linked by reading are re-run together, message by message, so that each
        reads the others as they stood at the same instant.
        """
        for group in self.order.groups(rewound):
            names = frozenset(game.name for game in group)
            self.reapply(session, rewound[group[0].name], names, outgoing)

    def reapply(
        self,
        session: Session,
        rows: Sequence[InboundMessage],
        names: frozenset[str],
        outgoing: Outgoing,
    ) -> None:
        """Apply already-answered mail again to the rewound games ``names``, sending nothing."""
        mode = Mode(only=names, silent=True)
        for row in rows:
            message = self.contexts.for_message(row)
            if message.actor is None:
                continue
            stored = _stored_results(row, message)
            stored.actions = [a for a in stored.actions if a.game not in names]
            found = find_in_message(session, self.games, message)
            dispatched = self.dispatcher.apply(session, message, found, mode, outgoing)
            stored.actions.extend(dispatched.actions)
            stored.notes.extend(n for n in dispatched.notes if n not in stored.notes)
            row.results = stored.to_json()

    def rerun(self, session: Session, name: str, since: datetime, until: datetime) -> None:
        """Apply one game's mail again from ``since`` (after its rules changed), silently,
        and let its time run on to ``until`` as it had.

        The games linked to it by reading are re-run with it: its readers read a changed
        game, and the games it reads are re-derived alongside, so that every game reads
        the others as they stood at each instant.
        """
        group = self.order.group(name)
        names = frozenset(game.name for game in group)
        for game in group:
            forget_timeline(session, game.name)
        timelines = [timeline_for(game, session) for game in group]
        later = queries.messages_since(session, Status.DONE.value, since)
        for timeline in timelines:
            timeline.rewind(since)
        outgoing = Outgoing()
        self.reapply(session, later, names, outgoing)
        players = self.contexts.players(session)
        for passed in advance(timelines, until, tick_contexts(session, self.order, players)):
            self.answerer.decide_notices(
                session, outgoing, passed.game, passed.outcome.notices, None, True, passed.tick.at
            )
        for timeline in timelines:
            timeline.save()
        outgoing.queue(session)


def _stored_results(row: InboundMessage, message: MessageContext) -> MessageResults:
    if row.results:
        return MessageResults.from_json(row.results)
    return MessageResults(
        message.actor, message.read.attribution.address, row.effective_at.isoformat()
    )
