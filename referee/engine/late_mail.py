"""Late mail: a message that takes effect before something a game has already applied.

The game is rewound to just before the message, which is then applied where it belongs;
the mail processed since is applied again afterwards (:mod:`referee.engine.replay`).
"""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from referee.engine.timeline import GameTimeline
from referee.ingress.inbox import Status
from referee.store import queries
from referee.store.models import InboundMessage

log = logging.getLogger("referee.processor")


def rewind_for(
    session: Session, timeline: GameTimeline, row: InboundMessage
) -> list[InboundMessage]:
    """Rewind a game to just before ``row``; return the processed mail to apply again."""
    log.info("message %d takes effect before %s's clock; fitting it in", row.id, timeline.game.name)
    later = [
        m
        for m in queries.messages_since(session, Status.DONE.value, row.effective_at)
        if (m.effective_at, m.id) > (row.effective_at, row.id)
    ]
    timeline.rewind(row.effective_at)
    return later
